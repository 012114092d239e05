import { DomainError } from '../../../../../shared/domain/DomainError.js';
import {
  ROUTE_ACTIONS,
  type RouteAction,
  type RouteFilter,
  type RouteMode,
  type RouteSpec,
  type RoutingTarget,
} from '../RouteModel.js';
import { compileMatcher, type CompiledMatcher, type MatcherKey } from './CompiledMatcher.js';
import { InvalidField } from './InvalidField.js';
import { RouteIndex, type IndexedFilter } from './RouteIndex.js';
import { SegmentRewriter, type CallRole, type SegmentInput } from './SegmentRewriter.js';
import { compileFailover, type FailureStatus } from './SipStatusMatch.js';

/** A routing domain as the plan compiler takes it (the routing view's entity maps to this). */
export interface RoutingDomainSpec {
  readonly id: string;
  readonly sourceNodeIds: readonly string[];
  readonly routes: readonly RouteSpec[];
  readonly pathReplacementRoutes: readonly RouteSpec[];
}

/** The call being routed: the node it came from and its dial strings (absent ones are empty to the matchers). */
export interface RoutingCall {
  readonly sourceNodeId: string;
  readonly source: string;
  readonly destination: string;
  readonly firstDiversion?: string;
  readonly lastDiversion?: string;
  readonly transferrer?: string;
  readonly elin?: string;
  readonly asserted?: string;
}

/** The dial strings a routing target sends on: rewritten where it has a rewriting, otherwise the call's. */
export interface RoutedDialStrings {
  readonly source: string;
  readonly destination: string;
  readonly elin?: string;
  readonly asserted?: string;
  readonly transferrer?: string;
}

export interface TargetMatch {
  readonly target: RoutingTarget;
  readonly destinationNodeId: string;
  readonly routingForwardProfileId: string;
  readonly dialStrings: RoutedDialStrings;
  /** True when a failure of this target with `status` moves the call on to the next target. */
  readonly failover: (status: FailureStatus) => boolean;
}

export interface RouteMatch {
  readonly route: RouteSpec;
  /** The route's position in its list (routes or pathReplacementRoutes) and the filter that matched. */
  readonly routeIndex: number;
  readonly filterIndex: number;
  readonly action: RouteAction;
  readonly targets: readonly TargetMatch[];
}

const MATCHED_ROLES = [
  ['destination', 'destinationDialString'],
  ['source', 'sourceDialString'],
  ['firstDiversion', 'firstDiversionDialString'],
  ['lastDiversion', 'lastDiversionDialString'],
  ['transferrer', 'transferrerDialString'],
] as const satisfies readonly (readonly [CallRole, keyof RouteFilter])[];

const REWRITINGS = [
  ['destination', 'destinationDialStringRewriting'],
  ['source', 'sourceDialStringRewriting'],
  ['elin', 'elinDialStringRewriting'],
  ['asserted', 'assertedDialStringRewriting'],
  ['transferrer', 'transferrerDialStringRewriting'],
] as const satisfies readonly (readonly [CallRole, keyof RoutingTarget])[];

interface CompiledTarget {
  readonly target: RoutingTarget;
  readonly rewriters: readonly (readonly [CallRole, SegmentRewriter])[];
  readonly failover: (status: FailureStatus) => boolean;
}

interface CompiledRoute {
  readonly spec: RouteSpec;
  readonly index: number;
  readonly targets: readonly CompiledTarget[];
}

class CompiledFilter implements IndexedFilter<RoutingCall> {
  readonly destinationKey: MatcherKey;
  private readonly sourceNodes: ReadonlySet<string> | undefined;

  constructor(
    readonly ordinal: number,
    readonly route: CompiledRoute,
    readonly filterIndex: number,
    filter: RouteFilter,
    /** Destination first: it is the most selective. */
    readonly matchers: readonly (readonly [CallRole, CompiledMatcher])[],
  ) {
    this.sourceNodes = filter.sourceNodeIds.length ? new Set(filter.sourceNodeIds) : undefined;
    const destination = matchers.find(([role]) => role === 'destination');
    const never = matchers.some(([, matcher]) => matcher.key.kind === 'never');
    this.destinationKey = never ? { kind: 'never' } : destination ? destination[1].key : { kind: 'prefix', prefix: '' };
  }

  appliesToNode(nodeId: string): boolean {
    return !this.sourceNodes || this.sourceNodes.has(nodeId);
  }

  test(call: RoutingCall): boolean {
    for (const [role, matcher] of this.matchers) {
      if (!matcher.test(call[role] ?? '')) return false;
    }
    return true;
  }

  partsOf(role: CallRole, text: string): readonly string[] {
    const matcher = this.matchers.find(([matched]) => matched === role);
    return matcher ? matcher[1].parts(text) : [text];
  }
}

/**
 * A routing domain compiled once into an immutable plan; `match` routes one call. Semantics (the specification
 * lists fields only; these are the simulator's choices, after the real product's top-down evaluation):
 * - A call from a node that is not one of the domain's source nodes has no route.
 * - `establishment` mode evaluates `routes`, `pathReplacement` mode `pathReplacementRoutes`, top-down; disabled
 *   routes and routes without filters never match. The FIRST matching route wins.
 * - A route matches when any of its filters matches; a filter matches when its sourceNodeIds is empty or holds
 *   the call's node, and every matcher it has matches its dial string (see CompiledMatcher; a dial string the
 *   call lacks is the empty string). The first matching filter of the winning route gives the matched parts.
 * - Each target's dial strings are rewritten by its segment rewritings (see SegmentRewriter); failover is its
 *   failoverStatusMatch as a predicate (see SipStatusMatch).
 * Compiling checks every route, disabled ones too: a malformed matcher, segment or SIP status code list is a DomainError
 * INVALID_ROUTE naming the route and the field (`routes[3].establishment.routingTargets[1].failoverStatusMatch
 * .sipStatusCodes`). Matching looks only at the routes whose destination matcher can match (see RouteIndex).
 */
export class RoutingPlan {
  private readonly indexes: Readonly<Record<RouteMode, ReadonlyMap<string, RouteIndex<RoutingCall, CompiledFilter>>>>;

  constructor(
    readonly id: string,
    readonly sourceNodeIds: ReadonlySet<string>,
    routes: readonly RouteSpec[],
    pathReplacementRoutes: readonly RouteSpec[],
  ) {
    this.indexes = {
      establishment: indexByNode(
        sourceNodeIds,
        compileRoutes(routes, (index) => `routes[${index}]`),
      ),
      pathReplacement: indexByNode(
        sourceNodeIds,
        compileRoutes(pathReplacementRoutes, (index) => `pathReplacementRoutes[${index}]`),
      ),
    };
    Object.freeze(this);
  }

  match(call: RoutingCall, mode: RouteMode = 'establishment'): RouteMatch | undefined {
    const filter = this.indexes[mode].get(call.sourceNodeId)?.first(call, call.destination);
    if (!filter) return undefined;
    const input = segmentInput(call, filter);
    const route = filter.route;
    return {
      route: route.spec,
      routeIndex: route.index,
      filterIndex: filter.filterIndex,
      action: route.spec.establishment.action,
      targets: route.targets.map((target) => ({
        target: target.target,
        destinationNodeId: target.target.destinationNodeId,
        routingForwardProfileId: target.target.routingForwardProfileId,
        dialStrings: routedDialStrings(call, target, input),
        failover: target.failover,
      })),
    };
  }

  /** How many filters a call from `nodeId` can be matched against in `mode` (the NEVER ones left out). */
  filterCount(nodeId: string, mode: RouteMode = 'establishment'): number {
    return this.indexes[mode].get(nodeId)?.filterCount ?? 0;
  }
}

export function compileRoutingDomain(domain: RoutingDomainSpec): RoutingPlan {
  return new RoutingPlan(domain.id, new Set(domain.sourceNodeIds), domain.routes, domain.pathReplacementRoutes);
}

/**
 * Checks one route as compiling its domain would, naming the fields under `path` (`route`, `routes[2]`): the
 * routing views call it before they store a route, so that a stored domain always compiles.
 */
export function checkRoute(spec: RouteSpec, path = 'route'): void {
  compileRoutes([spec], () => path);
}

function compileRoutes(routes: readonly RouteSpec[], pathOf: (index: number) => string): CompiledFilter[] {
  const filters: CompiledFilter[] = [];
  routes.forEach((spec, index) => {
    const path = pathOf(index);
    const route = checked(spec, path, () => compileRoute(spec, index));
    spec.filters.forEach((filter, filterIndex) => {
      const matchers = MATCHED_ROLES.flatMap(([role, field]) => {
        const matcher = filter[field];
        if (!matcher) return [];
        return [
          [
            role,
            checked(spec, path, () => within(`filters[${filterIndex}].${field}`, () => compileMatcher(matcher))),
          ] as const,
        ];
      });
      // Disabled routes are checked like the others (enabling one must not make the domain uncompilable), not indexed.
      if (spec.enabled) filters.push(new CompiledFilter(filters.length, route, filterIndex, filter, matchers));
    });
  });
  return filters;
}

function compileRoute(spec: RouteSpec, index: number): CompiledRoute {
  if (!ROUTE_ACTIONS.includes(spec.establishment.action)) {
    throw new InvalidField(
      'establishment.action',
      `'${String(spec.establishment.action)}' is not one of ${ROUTE_ACTIONS.join(', ')}`,
    );
  }
  const targets = spec.establishment.routingTargets.map((target, targetIndex) =>
    within(`establishment.routingTargets[${targetIndex}]`, () => ({
      target,
      rewriters: REWRITINGS.flatMap(([role, field]) => {
        const rewriting = target[field];
        return rewriting ? [[role, within(field, () => new SegmentRewriter(rewriting, role))] as const] : [];
      }),
      failover: within('failoverStatusMatch', () => compileFailover(target.failoverStatusMatch)),
    })),
  );
  return { spec, index, targets };
}

function within<T>(prefix: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof InvalidField ? error.within(prefix) : error;
  }
}

function checked<T>(spec: RouteSpec, path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof InvalidField)) throw error;
    const field = path === '' ? error.field : `${path}.${error.field}`;
    throw DomainError.invalid(
      'INVALID_ROUTE',
      `route '${spec.displayName}' (${path}): ${error.field} ${error.problem}`,
      [{ field, message: error.problem }],
    );
  }
}

function indexByNode(
  sourceNodeIds: ReadonlySet<string>,
  filters: readonly CompiledFilter[],
): Map<string, RouteIndex<RoutingCall, CompiledFilter>> {
  const indexes = new Map<string, RouteIndex<RoutingCall, CompiledFilter>>();
  for (const nodeId of sourceNodeIds) {
    const index = new RouteIndex<RoutingCall, CompiledFilter>();
    for (const filter of filters) if (filter.appliesToNode(nodeId)) index.add(filter);
    indexes.set(nodeId, index);
  }
  return indexes;
}

function segmentInput(call: RoutingCall, filter: CompiledFilter): SegmentInput {
  const parts = new Map<CallRole, readonly string[]>();
  return {
    text: (role) => call[role] ?? '',
    parts: (role) => {
      let found = parts.get(role);
      if (!found) {
        found = filter.partsOf(role, call[role] ?? '');
        parts.set(role, found);
      }
      return found;
    },
  };
}

function routedDialStrings(call: RoutingCall, target: CompiledTarget, input: SegmentInput): RoutedDialStrings {
  const result: { -readonly [K in keyof RoutedDialStrings]: RoutedDialStrings[K] } = {
    source: call.source,
    destination: call.destination,
  };
  if (call.elin !== undefined) result.elin = call.elin;
  if (call.asserted !== undefined) result.asserted = call.asserted;
  if (call.transferrer !== undefined) result.transferrer = call.transferrer;
  for (const [role, rewriter] of target.rewriters) result[role as keyof RoutedDialStrings] = rewriter.rewrite(input);
  return result;
}
