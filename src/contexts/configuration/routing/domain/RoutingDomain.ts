import { DomainError } from '../../../../shared/domain/DomainError.js';
import { Route } from './Route.js';
import type { RouteMode } from './RouteModel.js';

const DISPLAY_NAME_MAX = 255;

export interface RoutingDomainState {
  readonly id: string;
  readonly displayName: string;
  /** Nodes whose sessions the domain routes (canonical ids, each once). */
  readonly sourceNodeIds: readonly string[];
  /** Establishment routes, tried in order. */
  readonly routes: readonly Route[];
  /** Routes for path replacement (transfers), tried in order. */
  readonly pathReplacementRoutes: readonly Route[];
}

function checkName(displayName: string): string {
  const trimmed = displayName.trim();
  if (trimmed === '') {
    throw DomainError.invalid('DISPLAY_NAME_REQUIRED', 'a routing domain needs a non-empty displayName', [
      { field: 'displayName', rule: 'required', message: 'displayName must not be empty' },
    ]);
  }
  if (trimmed.length > DISPLAY_NAME_MAX) {
    throw DomainError.invalid('DISPLAY_NAME_TOO_LONG', `displayName must be at most ${DISPLAY_NAME_MAX} characters`, [
      {
        field: 'displayName',
        rule: 'maxLength',
        message: `displayName must be at most ${DISPLAY_NAME_MAX} characters`,
      },
    ]);
  }
  return trimmed;
}

/**
 * A routing domain (TELRT_STACK): the nodes whose sessions it routes and its two route lists. Invariants: a
 * non-empty name, source nodes once each, route ids unique within the domain. Whether the nodes exist is
 * checked against the graph by the use cases (RoutingReferences) before they reach the entity.
 */
export class RoutingDomain {
  private state: RoutingDomainState;

  constructor(state: RoutingDomainState) {
    const ids = [...state.routes, ...state.pathReplacementRoutes].map((r) => r.id).filter((id) => id !== '');
    if (new Set(ids).size !== ids.length)
      throw DomainError.invalid('ROUTE_ID_DUPLICATE', 'two routes of a routing domain share an id');
    this.state = {
      ...state,
      displayName: checkName(state.displayName),
      sourceNodeIds: [...new Set(state.sourceNodeIds)],
    };
  }

  static create(id: string, displayName: string, sourceNodeIds: readonly string[]): RoutingDomain {
    return new RoutingDomain({ id, displayName, sourceNodeIds, routes: [], pathReplacementRoutes: [] });
  }

  get id(): string {
    return this.state.id;
  }
  get displayName(): string {
    return this.state.displayName;
  }
  get sourceNodeIds(): readonly string[] {
    return this.state.sourceNodeIds;
  }
  get routes(): readonly Route[] {
    return this.state.routes;
  }
  get pathReplacementRoutes(): readonly Route[] {
    return this.state.pathReplacementRoutes;
  }

  routesOf(mode: RouteMode): readonly Route[] {
    return mode === 'establishment' ? this.state.routes : this.state.pathReplacementRoutes;
  }

  rename(displayName: string): void {
    this.state = { ...this.state, displayName: checkName(displayName) };
  }

  /** The source nodes become the union of the current ones and `ids` (as the real product does on set). */
  addSourceNodes(ids: readonly string[]): void {
    this.state = { ...this.state, sourceNodeIds: [...new Set([...this.state.sourceNodeIds, ...ids])] };
  }

  /** Appends a route (it must carry an id no route of the domain has). */
  addRoute(mode: RouteMode, route: Route): void {
    if (route.id === '' || [...this.state.routes, ...this.state.pathReplacementRoutes].some((r) => r.id === route.id)) {
      throw DomainError.conflict(
        'ROUTE_ID_DUPLICATE',
        `routing domain '${this.displayName}' already has a route with id '${route.id}'`,
      );
    }
    this.state =
      mode === 'establishment'
        ? { ...this.state, routes: [...this.state.routes, route] }
        : { ...this.state, pathReplacementRoutes: [...this.state.pathReplacementRoutes, route] };
  }

  /** Gives every route without an id (one written through objects/set without it) a new one. */
  assignMissingRouteIds(newId: () => string): void {
    const assign = (routes: readonly Route[]) => routes.map((r) => (r.id === '' ? r.withId(newId()) : r));
    this.state = {
      ...this.state,
      routes: assign(this.state.routes),
      pathReplacementRoutes: assign(this.state.pathReplacementRoutes),
    };
  }

  snapshot(): RoutingDomainState {
    return this.state;
  }
}
