import { catalogProblems } from '../../graph/application/viewWrites.js';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { resolveObject, type GraphView } from '../../graph/domain/GraphView.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import { CONDITION_SORTS, NODE_SORTS, TRANSPORT_CONNECTION_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { SipCredentialsMapper } from '../domain/SipCredentialsMapper.js';
import type { SipCredentials } from '../domain/SipCredentials.js';
import type { TransportConnection } from '../domain/TransportConnection.js';
import { NODE_CONNECTIONS_SLOT, TransportConnectionMapper } from '../domain/TransportConnectionMapper.js';

/** A connection with its credentials (when it has any), as the reads answer it. */
export interface ConnectionDetails {
  readonly connection: TransportConnection;
  readonly credentials: SipCredentials | undefined;
}

/** The connection a query parameter names (id in either shape or display name); 404 TRANSPORT_CONNECTION_NOT_FOUND. */
export function resolveConnection(graph: GraphView, text: string): ConfigObject {
  return resolveObject(graph, text, TRANSPORT_CONNECTION_SORTS, 'Transport connection');
}

export function detailsOf(graph: GraphView, object: ConfigObject): ConnectionDetails {
  const connection = TransportConnectionMapper.fromGraph(graph, object);
  const credentialsObject = connection.credentialsId ? graph.get(connection.credentialsId) : undefined;
  const credentials =
    credentialsObject?.sort === SipCredentialsMapper.SORT
      ? SipCredentialsMapper.fromObject(credentialsObject)
      : undefined;
  return { connection, credentials };
}

function invalid(details: readonly ErrorDetail[]): DomainError {
  return DomainError.invalid(
    'TRANSPORT_CONNECTION_INVALID',
    `the transport connection is invalid: ${details.map((d) => d.message).join('; ')}`,
    details,
  );
}

function exists(
  graph: GraphView,
  field: string,
  id: string,
  sorts: readonly ObjectSort[],
  what: string,
): ErrorDetail | undefined {
  const object = canonicalObjectId(id) === id ? graph.get(id) : undefined;
  if (!object) return { field, rule: 'exists', message: `${field}: no ${what} has the id '${id.slice(0, 80)}'` };
  if (!sorts.includes(object.sort))
    return { field, rule: 'sort', message: `${field}: ${id} is a ${object.sort}, not a ${what}` };
  return undefined;
}

/** The node a connection is added to: an existing node whose sort holds transport connections. */
export function requireNode(graph: GraphView, id: string): ConfigObject {
  const problem = exists(graph, 'sipNodeId', id, NODE_SORTS, 'node');
  if (problem) throw invalid([problem]);
  const node = graph.get(id)!;
  if (!SortCatalog.slot(node.sort, NODE_CONNECTIONS_SLOT)) {
    throw invalid([
      { field: 'sipNodeId', rule: 'sort', message: `sipNodeId: a ${node.sort} node holds no transport connections` },
    ]);
  }
  return node;
}

/** Every reference of the connection names an existing object of the right sort (400 naming the field otherwise). */
export function checkReferences(graph: GraphView, connection: TransportConnection): void {
  const problems: ErrorDetail[] = [];
  for (const ref of connection.references()) {
    const sorts =
      ref.what === 'credentials'
        ? [SipCredentialsMapper.SORT]
        : ref.what === 'condition'
          ? CONDITION_SORTS
          : TRANSPORT_CONNECTION_SORTS;
    const what =
      ref.what === 'credentials'
        ? 'SIP credentials object'
        : ref.what === 'condition'
          ? 'condition'
          : 'transport connection';
    const problem = exists(graph, ref.field, ref.id, sorts, what);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw invalid(problems);
}

/** The catalog's own check of what is about to be stored (a view never stores what objects/set would refuse). */
export function checkAgainstCatalog(graph: GraphView, ...objects: ConfigObject[]): void {
  const details = catalogProblems(graph, objects);
  if (details.length > 0) throw invalid(details);
}

/** The display name is free among every transport connection (any kind), the connection itself aside. */
export function checkNameFree(graph: GraphView, displayName: string, ownId: string): void {
  const taken = graph.ofSorts(TRANSPORT_CONNECTION_SORTS).find((o) => o.displayName === displayName && o.id !== ownId);
  if (taken) {
    throw DomainError.conflict(
      'DISPLAY_NAME_TAKEN',
      `transport connection ${taken.id} (${taken.sort}) is already named '${displayName}'`,
      [{ field: 'displayName', rule: 'unique', message: 'displayName must be unique among transport connections' }],
    );
  }
}
