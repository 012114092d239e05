import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type { RouteSpec } from './RouteModel.js';

export const FORWARD_PROFILE_SORTS: readonly ObjectSort[] = ['TELRT_FORWARDER_DOMAIN'];

/**
 * The object a request names by id at `field`, in canonical form: 400 when the text is no id, 404 when no
 * object of the sorts has it (both naming the field, e.g. `establishment.routingTargets[1].destinationNodeId`).
 */
export function referencedId(
  graph: GraphView,
  text: string,
  sorts: readonly ObjectSort[],
  what: string,
  field: string,
): string {
  const id = canonicalObjectId(text);
  if (id === undefined) {
    throw DomainError.invalid(
      'INVALID_OBJECT_ID',
      `${field} must be the id of a ${what} (36-character hyphenated or 32 hexadecimal characters), got ${JSON.stringify(text.slice(0, 60))}`,
      [{ field, rule: 'objectId', message: `${field} must be an object id` }],
    );
  }
  const object = graph.get(id);
  if (!object || !sorts.includes(object.sort)) {
    const code = `${what.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_NOT_FOUND`;
    throw new DomainError(code, 'not_found', `${field}: ${what} '${text}' does not exist`, [
      { field, rule: 'exists', message: `${field} names no ${what} (${sorts.join(', ')})` },
    ]);
  }
  return id;
}

/** Node ids of a list, canonical, each existing; duplicates dropped. */
export function referencedNodes(graph: GraphView, ids: readonly string[], field: string): string[] {
  return [...new Set(ids.map((text, index) => referencedId(graph, text, NODE_SORTS, 'node', `${field}[${index}]`)))];
}

/**
 * The route with every node and forward profile id it names in canonical form, each checked against the graph.
 * An empty routingForwardProfileId stays empty (the default forwarding).
 */
export function resolveRouteReferences(graph: GraphView, spec: RouteSpec, path = ''): RouteSpec {
  const at = (field: string) => (path === '' ? field : `${path}.${field}`);
  return {
    ...spec,
    establishment: {
      ...spec.establishment,
      routingTargets: spec.establishment.routingTargets.map((target, index) => ({
        ...target,
        destinationNodeId: referencedId(
          graph,
          target.destinationNodeId,
          NODE_SORTS,
          'node',
          at(`establishment.routingTargets[${index}].destinationNodeId`),
        ),
        routingForwardProfileId:
          target.routingForwardProfileId === ''
            ? ''
            : referencedId(
                graph,
                target.routingForwardProfileId,
                FORWARD_PROFILE_SORTS,
                'routing forward profile',
                at(`establishment.routingTargets[${index}].routingForwardProfileId`),
              ),
      })),
    },
    filters: spec.filters.map((filter, index) => ({
      ...filter,
      sourceNodeIds: referencedNodes(graph, filter.sourceNodeIds, at(`filters[${index}].sourceNodeIds`)),
    })),
  };
}
