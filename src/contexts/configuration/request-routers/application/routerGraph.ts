import { catalogProblems } from '../../graph/application/viewWrites.js';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { resolveObject, type GraphView } from '../../graph/domain/GraphView.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { CONDITION_SORTS, TRANSPORT_CONNECTION_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { networkOf, sameNetwork, type SipNetwork } from '../../nodes/domain/NodePorts.js';
import type { RequestRouter, RouterPorts } from '../domain/RequestRouter.js';
import { RequestRouterMapper, ROUTER_SORT, TRANSPORT_SORT } from '../domain/RequestRouterMapper.js';

/** The router a query parameter names (id in either shape or display name); 404 REQUEST_ROUTER_NOT_FOUND. */
export function resolveRouter(graph: GraphView, text: string): ConfigObject {
  return resolveObject(graph, text, [ROUTER_SORT], 'Request router');
}

function invalid(details: readonly ErrorDetail[]): DomainError {
  return DomainError.invalid(
    'REQUEST_ROUTER_INVALID',
    `the request router is invalid: ${details.map((d) => d.message).join('; ')}`,
    details,
  );
}

/** Every reference names an existing object of the right sort (400 naming the request's field otherwise). */
export function checkReferences(graph: GraphView, router: RequestRouter): void {
  const problems: ErrorDetail[] = [];
  for (const ref of router.references()) {
    const sorts: readonly ObjectSort[] =
      ref.what === 'transport'
        ? [TRANSPORT_SORT]
        : ref.what === 'connection'
          ? TRANSPORT_CONNECTION_SORTS
          : CONDITION_SORTS;
    const what =
      ref.what === 'transport' ? 'SIP transport' : ref.what === 'connection' ? 'transport connection' : 'condition';
    const object = canonicalObjectId(ref.id) === ref.id ? graph.get(ref.id) : undefined;
    if (!object)
      problems.push({
        field: ref.field,
        rule: 'exists',
        message: `${ref.field}: no ${what} has the id '${ref.id.slice(0, 80)}'`,
      });
    else if (!sorts.includes(object.sort))
      problems.push({
        field: ref.field,
        rule: 'sort',
        message: `${ref.field}: ${ref.id} is a ${object.sort}, not a ${what}`,
      });
  }
  if (problems.length > 0) throw invalid(problems);
}

/** The catalog's own check of what is about to be stored. */
export function checkAgainstCatalog(graph: GraphView, ...objects: ConfigObject[]): void {
  const details = catalogProblems(graph, objects);
  if (details.length > 0) throw invalid(details);
}

export function checkNameFree(graph: GraphView, displayName: string, ownId: string, field = 'displayName'): void {
  const taken = graph.byDisplayName(ROUTER_SORT, displayName);
  if (taken && taken.id !== ownId) {
    throw DomainError.conflict('DISPLAY_NAME_TAKEN', `request router ${taken.id} is already named '${displayName}'`, [
      { field, rule: 'unique', message: `${field} must be unique among request routers` },
    ]);
  }
}

/** A controller without an address, or with the unspecified one, listens on every address. */
function listensEverywhere(network: SipNetwork): boolean {
  return network.ipAddress === '' || network.ipAddress === '0.0.0.0' || network.ipAddress === '::';
}

/**
 * A new router's listening ports are free where it listens: no SIP transport on the same network controller, on
 * another controller with the same address, or on a controller listening on every address (or the router's
 * own listening on every address) holds either. Transports on other addresses may use the same ports, as
 * sockets bound to different addresses do (the node wizard's rule, NodePorts). 409 SIP_PORT_IN_USE naming each
 * holder.
 */
export function checkPortsFree(graph: GraphView, ports: RouterPorts, network: SipNetwork): void {
  const problems: ErrorDetail[] = [];
  for (const transport of graph.ofSort(TRANSPORT_SORT)) {
    const other = networkOf(graph, transport.referencesIn('networkControllerId')[0] ?? '');
    if (!sameNetwork(network, other) && !listensEverywhere(network) && !listensEverywhere(other)) continue;
    for (const held of RequestRouterMapper.listeningPorts(transport)) {
      for (const name of ['udpTcpPort', 'tlsPort'] as const) {
        if (ports[name] === held.port) {
          problems.push({
            field: `portOptions.${name}`,
            rule: 'portFree',
            message: `portOptions.${name}: port ${held.port} is taken by SIP transport '${transport.displayName}' (${transport.id}, its ${held.parameter}); choose a free port`,
          });
        }
      }
    }
  }
  if (problems.length > 0)
    throw DomainError.conflict(
      'SIP_PORT_IN_USE',
      `the request router's ports are taken: ${problems.map((p) => p.message).join('; ')}`,
      problems,
    );
}
