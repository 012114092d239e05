import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';

/** The node a SIP transport serves (through a user agent, or directly for UCMA nodes and registrars' nodes). */
export function nodeOfTransport(graph: GraphView, transportId: string): ConfigObject | undefined {
  for (const referrer of graph.referrersOf(transportId)) {
    if (NODE_SORTS.includes(referrer.sort)) return referrer;
    if (referrer.sort === 'SIPUA_STACK') {
      const node = graph.referrersOf(referrer.id).find((o) => NODE_SORTS.includes(o.sort));
      if (node) return node;
    }
  }
  return undefined;
}

/** Where listeners bind: a network controller and its address (listeners on one address share its ports). */
export interface SipNetwork {
  readonly controllerId: string;
  readonly ipAddress: string;
}

export function networkOf(graph: GraphView, controllerId: string): SipNetwork {
  const address = graph.get(controllerId)?.parameters['ipAddress'];
  return { controllerId, ipAddress: typeof address === 'string' ? address : '' };
}

export function sameNetwork(a: SipNetwork, b: SipNetwork): boolean {
  return a.controllerId === b.controllerId || (a.ipAddress !== '' && a.ipAddress === b.ipAddress);
}

/**
 * Who holds a listening port on a network (the controller itself, or another controller with the same address),
 * other than the transports in `except`: "node 'x' (id)" for a transport a node uses, "SIP transport 'y' (id)"
 * otherwise; undefined when the port is free. Both ports of every transport count, whether or not its UDP/TCP or
 * TLS listener is switched on (the node keeps its ports configured).
 */
export function sipPortHolder(
  graph: GraphView,
  network: SipNetwork,
  port: number,
  except: ReadonlySet<string> = new Set(),
): string | undefined {
  for (const transport of graph.ofSort('SIPST_STACK')) {
    if (except.has(transport.id)) continue;
    const p = transport.parameters;
    if (p['udpTcpPort'] !== port && p['tlsPort'] !== port) continue;
    if (!sameNetwork(network, networkOf(graph, transport.references['networkControllerId']?.[0] ?? ''))) continue;
    const node = nodeOfTransport(graph, transport.id);
    return node
      ? `node '${node.displayName}' (${node.id})`
      : `SIP transport '${transport.displayName}' (${transport.id})`;
  }
  return undefined;
}
