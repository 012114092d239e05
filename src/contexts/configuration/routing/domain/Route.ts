import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ParameterValue } from '../../graph/domain/ConfigObject.js';
import { checkValue } from '../../graph/domain/catalog/ParameterType.js';
import { ROUTE_RECORD } from '../../graph/domain/catalog/sorts/routeRecords.js';
import type { DialStringMatcher, RouteFilter, RouteSpec, RoutingTarget } from './RouteModel.js';

const ROOT = '\u0000';

/** Names a catalog detail after the request's field: below `path` (`routes[2].establishment.action`) or at the top. */
export function renamed(detail: ErrorDetail, path: string): ErrorDetail {
  const fix = (text: string): string => text.split(`${ROOT}.`).join(path === '' ? '' : `${path}.`).split(ROOT).join(path);
  return { ...detail, field: fix(detail.field ?? ''), message: fix(detail.message) };
}

/**
 * One route of a routing domain: a value object over the specification's RouteSpec. Its invariants are the
 * catalog's route record (types, ranges, enum values, a matcher's member fitting its type, extension ranges in
 * order, SIP status code lists) — one definition, so the routing view and objects/set refuse the same routes.
 * Whether the nodes and forward profiles it names exist is the graph's question (see RoutingReferences).
 */
export class Route {
  private constructor(readonly spec: RouteSpec) {}

  /** A route from its spec; refused (400 ROUTE_INVALID) with every problem named below `path`. */
  static of(spec: RouteSpec, path = ''): Route {
    const problems = Route.problems(spec, path);
    if (problems.length > 0) {
      throw DomainError.invalid('ROUTE_INVALID', `the route is invalid: ${problems.map((d) => d.message).join('; ')}`, problems);
    }
    return new Route(freeze(spec));
  }

  static problems(spec: RouteSpec, path = ''): ErrorDetail[] {
    return checkValue(ROUTE_RECORD, Route.toRecord(spec), ROOT).map((d) => renamed(d, path));
  }

  get id(): string { return this.spec.id; }
  get displayName(): string { return this.spec.displayName; }

  /** The same route under another id (a route added to a domain gets a new one). */
  withId(id: string): Route {
    return new Route({ ...this.spec, id });
  }

  /** The route as the catalog's record stores it (absent members left out). */
  static toRecord(spec: RouteSpec): { [key: string]: ParameterValue } {
    return {
      id: spec.id,
      displayName: spec.displayName,
      enabled: spec.enabled,
      establishment: { action: spec.establishment.action, routingTargets: spec.establishment.routingTargets.map(targetRecord) },
      filters: spec.filters.map(filterRecord),
    };
  }

  toRecord(): { [key: string]: ParameterValue } {
    return Route.toRecord(this.spec);
  }

  /** A stored route record back to its spec (the catalog has checked it). */
  static fromRecord(record: { readonly [key: string]: ParameterValue }): Route {
    return new Route(freeze(JSON.parse(JSON.stringify(record)) as RouteSpec));
  }
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

function targetRecord(target: RoutingTarget): { [key: string]: ParameterValue } {
  return defined({
    destinationNodeId: target.destinationNodeId,
    routingForwardProfileId: target.routingForwardProfileId,
    destinationDialStringRewriting: target.destinationDialStringRewriting ? { segments: target.destinationDialStringRewriting.segments.map((s) => ({ ...s })) } : undefined,
    sourceDialStringRewriting: target.sourceDialStringRewriting ? { segments: target.sourceDialStringRewriting.segments.map((s) => ({ ...s })) } : undefined,
    elinDialStringRewriting: target.elinDialStringRewriting ? { segments: target.elinDialStringRewriting.segments.map((s) => ({ ...s })) } : undefined,
    assertedDialStringRewriting: target.assertedDialStringRewriting ? { segments: target.assertedDialStringRewriting.segments.map((s) => ({ ...s })) } : undefined,
    transferrerDialStringRewriting: target.transferrerDialStringRewriting ? { segments: target.transferrerDialStringRewriting.segments.map((s) => ({ ...s })) } : undefined,
    failoverStatusMatch: target.failoverStatusMatch
      ? { telStatusList: [...target.failoverStatusMatch.telStatusList], sipStatusCodes: target.failoverStatusMatch.sipStatusCodes } : undefined,
  } as { [key: string]: ParameterValue | undefined }) as { [key: string]: ParameterValue };
}

function matcherRecord(matcher: DialStringMatcher | undefined): { [key: string]: ParameterValue } | undefined {
  if (!matcher) return undefined;
  return defined({
    type: matcher.type,
    directory: matcher.directory ? [...matcher.directory] : undefined,
    extensionRange: matcher.extensionRange ? { ...matcher.extensionRange } : undefined,
    wildcardPattern: matcher.wildcardPattern,
    plain: matcher.plain ? { ...matcher.plain } : undefined,
  } as { [key: string]: ParameterValue | undefined }) as { [key: string]: ParameterValue };
}

function filterRecord(filter: RouteFilter): { [key: string]: ParameterValue } {
  return defined({
    sourceNodeIds: [...filter.sourceNodeIds],
    sourceDialString: matcherRecord(filter.sourceDialString),
    firstDiversionDialString: matcherRecord(filter.firstDiversionDialString),
    lastDiversionDialString: matcherRecord(filter.lastDiversionDialString),
    destinationDialString: matcherRecord(filter.destinationDialString),
    transferrerDialString: matcherRecord(filter.transferrerDialString),
  } as { [key: string]: ParameterValue | undefined }) as { [key: string]: ParameterValue };
}

function freeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}
