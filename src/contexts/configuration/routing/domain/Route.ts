import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ParameterValue } from '../../graph/domain/ConfigObject.js';
import { checkValue } from '../../graph/domain/catalog/ParameterType.js';
import {
  DIAL_STRING_MATCHERS,
  ROUTE_RECORD,
  TARGET_REWRITINGS,
} from '../../graph/domain/catalog/sorts/routeRecords.js';
import type { DialStringMatcher, RouteFilter, RouteSpec, RoutingTarget } from './RouteModel.js';
import { checkRoute } from './compiled/RoutingPlan.js';

const ROOT = '\u0000';

/** Names a catalog detail after the request's field: below `path` (`routes[2].establishment.action`) or at the top. */
export function renamed(detail: ErrorDetail, path: string): ErrorDetail {
  const fix = (text: string): string =>
    text
      .split(`${ROOT}.`)
      .join(path === '' ? '' : `${path}.`)
      .split(ROOT)
      .join(path);
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
      throw DomainError.invalid(
        'ROUTE_INVALID',
        `the route is invalid: ${problems.map((d) => d.message).join('; ')}`,
        problems,
      );
    }
    return new Route(freeze(spec));
  }

  static problems(spec: RouteSpec, path = ''): ErrorDetail[] {
    const problems = checkValue(ROUTE_RECORD, Route.toRecord(spec), ROOT).map((d) => renamed(d, path));
    if (problems.length > 0) return problems;
    // What the catalog lets through must also compile into a routing plan.
    try {
      checkRoute(spec, path);
      return [];
    } catch (error) {
      if (error instanceof DomainError) return [...error.details];
      throw error;
    }
  }

  get id(): string {
    return this.spec.id;
  }
  get displayName(): string {
    return this.spec.displayName;
  }

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
      establishment: {
        action: spec.establishment.action,
        routingTargets: spec.establishment.routingTargets.map(targetRecord),
      },
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

type Rec = { [key: string]: ParameterValue };

/** A plain copy of a value of the model, members that are undefined or null left out (the record's "absent"). */
function plain(value: unknown): ParameterValue {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, plain(v)]),
    );
  }
  return value as ParameterValue;
}

function targetRecord(target: RoutingTarget): Rec {
  const record: Rec = {
    destinationNodeId: target.destinationNodeId,
    routingForwardProfileId: target.routingForwardProfileId,
  };
  for (const name of TARGET_REWRITINGS) if (target[name]) record[name] = plain(target[name]);
  if (target.failoverStatusMatch) record['failoverStatusMatch'] = plain(target.failoverStatusMatch);
  return record;
}

function filterRecord(filter: RouteFilter): Rec {
  const record: Rec = { sourceNodeIds: [...filter.sourceNodeIds] };
  for (const name of DIAL_STRING_MATCHERS) if (filter[name]) record[name] = plain(filter[name] as DialStringMatcher);
  return record;
}

function freeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}
