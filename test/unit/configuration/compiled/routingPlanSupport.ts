import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import type {
  DialStringMatcher,
  RouteFilter,
  RouteSpec,
  RoutingTarget,
} from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import {
  compileRoutingDomain,
  type RoutingCall,
} from '../../../../src/contexts/configuration/routing/domain/compiled/RoutingPlan.js';

export const A = 'node-a';
export const B = 'node-b';
export const OUTSIDE = 'node-outside';

export const wildcard = (wildcardPattern: string): DialStringMatcher => ({ type: 'WILDCARD', wildcardPattern });
export const plain = (prefix: string, suffix = ''): DialStringMatcher => ({ type: 'PLAIN', plain: { prefix, suffix } });

export function filter(fields: Partial<RouteFilter> = {}): RouteFilter {
  return { sourceNodeIds: [], ...fields };
}

export function target(fields: Partial<RoutingTarget> = {}): RoutingTarget {
  return { destinationNodeId: 'node-out', routingForwardProfileId: '', ...fields };
}

export function route(
  displayName: string,
  filters: readonly RouteFilter[],
  fields: Partial<RouteSpec> = {},
): RouteSpec {
  return {
    id: `id-${displayName}`,
    displayName,
    enabled: true,
    establishment: { action: 'ACCEPT', routingTargets: [target()] },
    filters,
    ...fields,
  };
}

export function plan(routes: readonly RouteSpec[], pathReplacementRoutes: readonly RouteSpec[] = []) {
  return compileRoutingDomain({ id: 'domain', sourceNodeIds: [A, B], routes, pathReplacementRoutes });
}

export function call(fields: Partial<RoutingCall> = {}): RoutingCall {
  return { sourceNodeId: A, source: '+4930111', destination: '0301234', ...fields };
}

export function routed(routes: readonly RouteSpec[], fields: Partial<RoutingCall> = {}): string | undefined {
  return plan(routes).match(call(fields))?.route.displayName;
}

export function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}
