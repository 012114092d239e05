import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { Node, type NodeSipTransport, type NodeTenant, type NodeUserAgent } from './Node.js';

function first(object: ConfigObject | undefined, slot: string): string | undefined {
  return object?.references[slot]?.[0];
}

function text(object: ConfigObject, name: string): string {
  const value = object.parameters[name];
  return typeof value === 'string' ? value : '';
}

function integer(object: ConfigObject, name: string): number {
  const value = object.parameters[name];
  return typeof value === 'number' ? value : 0;
}

/** The SIP user agent of a node: its sipUserAgentId (SIP and collaboration-platform nodes). */
export function userAgentOf(graph: GraphView, node: ConfigObject): ConfigObject | undefined {
  const ua = graph.get(first(node, 'sipUserAgentId') ?? '');
  return ua?.sort === 'SIPUA_STACK' ? ua : undefined;
}

/** The SIP transport of a node: its user agent's, or its own for a UCMA node. */
export function transportOf(graph: GraphView, node: ConfigObject): ConfigObject | undefined {
  const id =
    node.sort === 'TELUCMA_STACK' ? first(node, 'sipTransportId') : first(userAgentOf(graph, node), 'sipTransportId');
  const transport = graph.get(id ?? '');
  return transport?.sort === 'SIPST_STACK' ? transport : undefined;
}

/**
 * The one mapping between a node entity and the graph: reads a node object with the parts of its sub-graph the
 * entity holds, and writes back copies of exactly the objects whose values the entity changed.
 */
export const NodeMapper = {
  read(graph: GraphView, object: ConfigObject): Node {
    if (!NODE_SORTS.includes(object.sort))
      throw DomainError.invalid('NOT_A_NODE', `${object.sort} '${object.displayName}' is not a node`);
    const ua = userAgentOf(graph, object);
    const transport = transportOf(graph, object);
    const tenantObject = object.sort === 'TELCOLLAB_STACK' ? graph.get(first(object, 'tenantIds') ?? '') : undefined;
    const userAgent: NodeUserAgent | undefined = ua
      ? { id: ua.id, overrideHostname: text(ua, 'overrideHostname') }
      : undefined;
    const sip: NodeSipTransport | undefined = transport
      ? {
          id: transport.id,
          udpTcpPort: integer(transport, 'udpTcpPort'),
          tlsPort: integer(transport, 'tlsPort'),
          networkControllerId: first(transport, 'networkControllerId') ?? '',
          networkSecurityProfileId: first(transport, 'networkSecurityProfileId') ?? '',
        }
      : undefined;
    const tenant: NodeTenant | undefined =
      tenantObject?.sort === 'TELCOLLAB_TENANT'
        ? { id: tenantObject.id, tenantFqdn: text(tenantObject, 'tenantFqdn') }
        : undefined;
    return new Node({
      id: object.id,
      sort: object.sort,
      displayName: object.displayName,
      enabled: object.parameters['enabled'] !== false,
      connectivity: object.sort === 'TELCOLLAB_STACK' ? text(object, 'connectivity') : undefined,
      userAgent,
      transport: sip,
      tenant,
    });
  },

  /** Copies (same id and version) of the objects whose values differ from the entity; nothing when it is unchanged. */
  write(graph: GraphView, node: Node): ConfigObject[] {
    const state = node.snapshot();
    const changed: ConfigObject[] = [];
    const nodeObject = graph.get(state.id)!;
    if ((nodeObject.parameters['enabled'] !== false) !== state.enabled) {
      const copy = nodeObject.copy();
      copy.setParameter('enabled', state.enabled);
      changed.push(copy);
    }
    if (state.userAgent) {
      const ua = graph.get(state.userAgent.id)!;
      if (text(ua, 'overrideHostname') !== state.userAgent.overrideHostname) {
        const copy = ua.copy();
        copy.setParameter('overrideHostname', state.userAgent.overrideHostname);
        changed.push(copy);
      }
    }
    if (state.transport) {
      const transport = graph.get(state.transport.id)!;
      const wanted = state.transport;
      if (
        integer(transport, 'udpTcpPort') !== wanted.udpTcpPort ||
        integer(transport, 'tlsPort') !== wanted.tlsPort ||
        (first(transport, 'networkSecurityProfileId') ?? '') !== wanted.networkSecurityProfileId
      ) {
        const copy = transport.copy();
        copy.setParameter('udpTcpPort', wanted.udpTcpPort);
        copy.setParameter('tlsPort', wanted.tlsPort);
        copy.setReferences(
          'networkSecurityProfileId',
          wanted.networkSecurityProfileId ? [wanted.networkSecurityProfileId] : [],
        );
        changed.push(copy);
      }
    }
    if (state.tenant) {
      const tenant = graph.get(state.tenant.id)!;
      if (text(tenant, 'tenantFqdn') !== state.tenant.tenantFqdn) {
        const copy = tenant.copy();
        copy.setParameter('tenantFqdn', state.tenant.tenantFqdn);
        changed.push(copy);
      }
    }
    return changed;
  },
};
