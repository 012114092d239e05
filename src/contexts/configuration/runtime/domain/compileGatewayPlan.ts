import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { transportOf, userAgentOf } from '../../nodes/domain/NodeMapper.js';
import { networkOf } from '../../nodes/domain/NodePorts.js';
import { DialStringRewritingMapper } from '../../rewriting/domain/DialStringRewritingMapper.js';
import { RewritingPlan } from '../../rewriting/domain/compiled/RewritingPlan.js';
import { RoutingForwardProfileMapper } from '../../routing/domain/RoutingForwardProfileMapper.js';
import { RoutingDomainMapper } from '../../routing/domain/RoutingDomainMapper.js';
import { compileRoutingDomain, type RoutingCall, type RoutingPlan } from '../../routing/domain/compiled/RoutingPlan.js';
import { NODE_CONNECTIONS_SLOT, TransportConnectionMapper } from '../../transport/domain/TransportConnectionMapper.js';
import type { KindSettings } from '../../transport/domain/KindSettings.js';
import { planCertificates, planConnections } from './planConnections.js';
import { websocketOf } from './planWebSocket.js';
import { planNodeSip } from './planNodeSip.js';
import { simulatedAddress } from './simulatedAddress.js';
import type {
  GatewayPlan,
  PlanCertificate,
  PlanNode,
  PlannedRoute,
  SipEndpoint,
  SipTransportProtocol,
  PlanProblem,
  PlanRoutingDomain,
} from './GatewayPlan.js';

/** Where a node listens when its network controller names no address (the loopback, as a lab on one machine). */
export const FALLBACK_HOST = '127.0.0.1';
const DEFAULT_SIP_PORT = 5060;
const DEFAULT_SIPS_PORT = 5061;

export { simulatedAddress };

/**
 * The host, port and transport a SIP IRI names (`sip:carrier.example:5070;transport=tcp`, `sips:host`,
 * `host:port`); undefined when it names no host. The port defaults to 5060 (5061 for sips and TLS).
 */
export function endpointOfIri(iri: string, fallbackTransport: SipTransportProtocol = 'UDP'): SipEndpoint | undefined {
  const text = iri.trim();
  if (!text) return undefined;
  const schemeMatch = /^(sips?):/i.exec(text);
  const secure = schemeMatch?.[1]?.toLowerCase() === 'sips';
  let rest = schemeMatch ? text.slice(schemeMatch[0].length) : text;
  const params = rest.split(';');
  rest = params.shift() ?? '';
  rest = rest.includes('@') ? rest.slice(rest.lastIndexOf('@') + 1) : rest;
  const transportParam = params
    .map((p) => p.split('='))
    .find(([name]) => name?.toLowerCase() === 'transport')?.[1]
    ?.toUpperCase();
  const transport: SipTransportProtocol =
    secure || transportParam === 'TLS'
      ? 'TLS'
      : transportParam === 'TCP'
        ? 'TCP'
        : transportParam === 'UDP'
          ? 'UDP'
          : fallbackTransport;
  let host = rest;
  let port: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(rest);
  if (bracketed) {
    host = bracketed[1]!;
    port = bracketed[2] ? Number(bracketed[2]) : undefined;
  } else {
    const hostPort = /^([^:]+):(\d+)$/.exec(rest);
    if (hostPort) {
      host = hostPort[1]!;
      port = Number(hostPort[2]);
    }
  }
  if (!host || /[\s/]/.test(host)) return undefined;
  if (port === undefined || !Number.isInteger(port) || port < 1 || port > 65535)
    port = transport === 'TLS' ? DEFAULT_SIPS_PORT : DEFAULT_SIP_PORT;
  return { host, port, transport, address: simulatedAddress(host) };
}

/** The far end a transport connection's settings name (a load balancer: its first member's). */
function remoteOfSettings(graph: GraphView, settings: KindSettings, depth = 0): SipEndpoint | undefined {
  switch (settings.kind) {
    case 'PLAIN':
      return endpointOfIri(settings.destination.iri, settings.destination.transport);
    case 'STANDARD':
      return endpointOfIri(settings.proxy.iri);
    case 'SIP_REGISTRATION':
      return endpointOfIri(settings.registrar.iri);
    case 'SRV_LOAD_BALANCER':
      return endpointOfIri(
        settings.domain,
        settings.service === '_sip._tcp' ? 'TCP' : settings.service === '_sips._tcp' ? 'TLS' : 'UDP',
      );
    case 'SIP_LOAD_BALANCING': {
      if (depth > 4) return undefined;
      for (const memberId of settings.memberIds) {
        const member = graph.get(memberId);
        if (!member) continue;
        const remote = remoteOfSettings(graph, TransportConnectionMapper.fromGraph(graph, member).settings, depth + 1);
        if (remote) return remote;
      }
      return undefined;
    }
  }
}

function text(object: ConfigObject | undefined, name: string): string {
  const value = object?.parameters[name];
  return typeof value === 'string' ? value : '';
}

function attempt<T>(object: ConfigObject, problems: PlanProblem[], work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    problems.push({
      objectId: object.id,
      message: `${object.sort} '${object.displayName}': ${error instanceof Error ? error.message : String(error)}`,
    });
    return undefined;
  }
}

function rewritingPlan(
  graph: GraphView,
  node: ConfigObject,
  slot: string,
  rewritings: Map<string, RewritingPlan | undefined>,
  problems: PlanProblem[],
): RewritingPlan | undefined {
  const id = node.references[slot]?.[0];
  if (!id) return undefined;
  if (rewritings.has(id)) return rewritings.get(id);
  const object = graph.get(id);
  const rewriting =
    object?.sort === 'TEL_REWRITE_DOMAIN'
      ? attempt(object, problems, () => new RewritingPlan(DialStringRewritingMapper.fromObject(object).rules))
      : undefined;
  rewritings.set(id, rewriting);
  return rewriting;
}

function planNode(
  graph: GraphView,
  node: ConfigObject,
  rewritings: Map<string, RewritingPlan | undefined>,
  problems: PlanProblem[],
): PlanNode {
  const transport = transportOf(graph, node);
  // a WebRTC node's interface is its WebSocket stack's
  const listener = transport ?? websocketOf(graph, node)?.listener;
  const controllerId = listener?.references['networkControllerId']?.[0] ?? '';
  const address = listener ? networkOf(graph, controllerId).ipAddress : '';
  const host = address || FALLBACK_HOST;
  const p = transport?.parameters;
  const protocol: SipTransportProtocol =
    !p || p['udpEnabled'] !== false ? 'UDP' : p['tcpEnabled'] !== false ? 'TCP' : 'TLS';
  const port =
    protocol === 'TLS' ? Number(p?.['tlsPort'] ?? DEFAULT_SIPS_PORT) : Number(p?.['udpTcpPort'] ?? DEFAULT_SIP_PORT);
  let remote: SipEndpoint | undefined;
  for (const connectionId of node.referencesIn(NODE_CONNECTIONS_SLOT)) {
    const connection = graph.get(connectionId);
    if (!connection) continue;
    remote = attempt(connection, problems, () =>
      remoteOfSettings(graph, TransportConnectionMapper.fromGraph(graph, connection).settings),
    );
    if (remote) break;
  }
  const overrideHostname = text(userAgentOf(graph, node), 'overrideHostname');
  const localPort = Number.isInteger(port) && port > 0 ? port : DEFAULT_SIP_PORT;
  return Object.freeze({
    id: node.id,
    displayName: node.displayName,
    sort: node.sort,
    enabled: node.parameters['enabled'] !== false,
    local: { host, port: localPort, transport: protocol, address: simulatedAddress(host) },
    hostname: overrideHostname || host,
    remote,
    incomingRewriting: rewritingPlan(graph, node, 'incomingDialStringRewritingId', rewritings, problems),
    outgoingRewriting: rewritingPlan(graph, node, 'outgoingDialStringRewritingId', rewritings, problems),
    sip: planNodeSip(graph, node, protocol === 'TLS' ? DEFAULT_SIP_PORT : localPort, overrideHostname || host),
    connections: planConnections(graph, node),
  });
}

interface CompiledDomain {
  readonly id: string;
  readonly name: string;
  readonly plan: RoutingPlan;
  readonly spec: PlanRoutingDomain;
}

class CompiledGatewayPlan implements GatewayPlan {
  readonly sourceNodes: readonly PlanNode[];
  readonly routingDomains: readonly PlanRoutingDomain[];
  private readonly domainsByNode: ReadonlyMap<string, readonly CompiledDomain[]>;

  constructor(
    readonly lab: LabId,
    readonly generation: number,
    readonly compiledAt: Date,
    readonly nodes: ReadonlyMap<string, PlanNode>,
    domains: readonly CompiledDomain[],
    readonly problems: readonly PlanProblem[],
    readonly certificates: readonly PlanCertificate[],
    /** The REFER flags of each routing forward profile: from calling to called, from called to calling. */
    private readonly referFlags: ReadonlyMap<string, readonly [boolean, boolean]>,
  ) {
    const byNode = new Map<string, CompiledDomain[]>();
    for (const domain of domains) {
      for (const nodeId of domain.plan.sourceNodeIds) {
        const list = byNode.get(nodeId) ?? [];
        list.push(domain);
        byNode.set(nodeId, list);
      }
    }
    this.domainsByNode = byNode;
    this.routingDomains = domains.map((domain) => domain.spec);
    this.sourceNodes = [...nodes.values()].filter((node) => node.enabled && byNode.has(node.id));
    Object.freeze(this);
  }

  forwardsRefer(profileId: string, from: 'calling' | 'called'): boolean {
    return this.referFlags.get(profileId)?.[from === 'calling' ? 0 : 1] ?? false;
  }

  route(call: RoutingCall): PlannedRoute | undefined {
    for (const domain of this.domainsByNode.get(call.sourceNodeId) ?? []) {
      const match = domain.plan.match(call);
      if (match) return { routingDomainId: domain.id, routingDomainName: domain.name, match };
    }
    return undefined;
  }
}

/**
 * Compiles a lab's committed graph into the simulator's plan: every node with its endpoints and rewritings,
 * every routing domain's RoutingPlan (domains in display-name order). A piece that does not compile (a
 * configuration imported from elsewhere may hold one) is left out and named in `problems`; the rest still runs.
 */
export function compileGatewayPlan(
  lab: LabId,
  graph: GraphView,
  generation: number,
  compiledAt: Date,
): GatewayPlan & { readonly problems: readonly PlanProblem[] } {
  const problems: PlanProblem[] = [];
  const rewritings = new Map<string, RewritingPlan | undefined>();
  const nodes = new Map<string, PlanNode>();
  for (const node of graph.ofSorts(NODE_SORTS)) {
    const compiled = attempt(node, problems, () => planNode(graph, node, rewritings, problems));
    if (compiled) nodes.set(node.id, compiled);
  }
  const domains: CompiledDomain[] = [];
  for (const object of graph.ofSort('TELRT_STACK')) {
    const domain = attempt(object, problems, () => {
      const routing = RoutingDomainMapper.fromObject(object);
      const routes = routing.routes.map((route) => route.spec);
      return {
        id: routing.id,
        name: object.displayName,
        plan: compileRoutingDomain({
          id: routing.id,
          sourceNodeIds: routing.sourceNodeIds,
          routes,
          pathReplacementRoutes: routing.pathReplacementRoutes.map((route) => route.spec),
        }),
        spec: { id: routing.id, displayName: object.displayName, sourceNodeIds: routing.sourceNodeIds, routes },
      };
    });
    if (domain) domains.push(domain);
  }
  const referFlags = new Map<string, readonly [boolean, boolean]>();
  for (const object of graph.ofSort('TELRT_FORWARDER_DOMAIN')) {
    const stack = attempt(object, problems, () => RoutingForwardProfileMapper.fromObjects(object, graph))?.state
      .telephonyForwardingStack;
    if (stack)
      referFlags.set(object.id, [
        stack.fromCallingToCalled.includes('REFER'),
        stack.fromCalledToCalling.includes('REFER'),
      ]);
  }
  return new CompiledGatewayPlan(
    lab,
    generation,
    compiledAt,
    nodes,
    domains,
    problems,
    planCertificates(graph),
    referFlags,
  );
}
