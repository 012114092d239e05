import {
  compileRoutingDomain,
  RewritingPlan,
  type GatewayPlan,
  type PlanNode,
  type PlannedRoute,
  type RoutingCall,
  type RoutingPlan,
} from '../../../src/contexts/configuration/index.js';
import type { RouteSpec } from '../../../src/contexts/configuration/routing/domain/RouteModel.js';
import type { RewriteRuleSpec } from '../../../src/contexts/configuration/rewriting/domain/RewriteRule.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';

/** A node of a hand-built plan: SIP on UDP, local 10.0.0.1:<port>, far end 192.0.2.<n>:5060, the wire's defaults (no TLS, no credentials). */
export function planNode(
  id: string,
  fields: Partial<PlanNode> & { localPort?: number; remoteHost?: string } = {},
): PlanNode {
  const { localPort, remoteHost, ...rest } = fields;
  return {
    id,
    displayName: id,
    sort: 'TELSIP_STACK',
    enabled: true,
    local: { host: '10.0.0.1', port: localPort ?? 5060, transport: 'UDP', address: '10.0.0.1' },
    hostname: 'gw.example.test',
    remote: {
      host: remoteHost ?? `192.0.2.${1 + ((id.length * 7) % 200)}`,
      port: 5060,
      transport: 'UDP',
      address: remoteHost ?? `192.0.2.${1 + ((id.length * 7) % 200)}`,
    },
    incomingRewriting: undefined,
    outgoingRewriting: undefined,
    sip: {
      udp: true,
      tcp: true,
      tls: false,
      udpTcpPort: localPort ?? 5060,
      tlsPort: 5061,
      maxMessageBytes: 65535,
      tcpPorts: { first: 9000, last: 12000 },
      natTraversal: false,
      identity: undefined,
      credentials: undefined,
      media: { firstPort: 40000, lastPort: 49999, timeoutSeconds: 0, audioCodecs: undefined },
      userAgent: 'gwsim',
      reliableProvisionals: 'SUPPORTED',
      sessionTimer: { enabled: true, expiresSeconds: 1800, minSeconds: 90 },
      registrar: undefined,
      peers: { sip: undefined, media: undefined },
      supervision: { keepAliveSeconds: 0, registration: undefined },
    },
    connections: [],
    ...rest,
  };
}

export interface HandDomain {
  readonly id: string;
  readonly name?: string;
  readonly sourceNodeIds: readonly string[];
  readonly routes: readonly RouteSpec[];
}

/** A GatewayPlan built by hand from nodes and routing domains, as the committed configuration's compiler would. */
export function handPlan(
  nodes: readonly PlanNode[],
  domains: readonly HandDomain[],
  lab = 'default' as LabId,
  generation = 1,
  /** The routing forward profiles (by id) that forward REFER both ways; the others leave transfers to the gateway. */
  referForwarding: ReadonlySet<string> = new Set(),
): GatewayPlan {
  const compiled: { domain: HandDomain; plan: RoutingPlan }[] = [...domains]
    .sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id))
    .map((domain) => ({
      domain,
      plan: compileRoutingDomain({
        id: domain.id,
        sourceNodeIds: domain.sourceNodeIds,
        routes: domain.routes,
        pathReplacementRoutes: [],
      }),
    }));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const sources = new Set(domains.flatMap((domain) => domain.sourceNodeIds));
  return {
    lab,
    generation,
    compiledAt: new Date('2026-01-01T00:00:00Z'),
    nodes: byId,
    sourceNodes: nodes.filter((node) => node.enabled && sources.has(node.id)),
    routingDomains: compiled.map(({ domain }) => ({
      id: domain.id,
      displayName: domain.name ?? domain.id,
      sourceNodeIds: domain.sourceNodeIds,
      routes: domain.routes,
    })),
    problems: [],
    certificates: [],
    forwardsRefer: (profileId: string) => referForwarding.has(profileId),
    route(call: RoutingCall): PlannedRoute | undefined {
      for (const { domain, plan } of compiled) {
        if (!domain.sourceNodeIds.includes(call.sourceNodeId)) continue;
        const match = plan.match(call);
        if (match) return { routingDomainId: domain.id, routingDomainName: domain.name ?? domain.id, match };
      }
      return undefined;
    },
  };
}

/** A route accepting every call to the targets, in order, each failing over on `failover` (SIP codes). */
export function routeTo(
  name: string,
  targets: readonly string[],
  options: {
    action?: 'ACCEPT' | 'REJECT' | 'IGNORE';
    failover?: string;
    prefix?: string;
    destinationRewrite?: { delLeading: number; prefix: string };
  } = {},
): RouteSpec {
  return {
    id: `route-${name}`,
    displayName: name,
    enabled: true,
    establishment: {
      action: options.action ?? 'ACCEPT',
      routingTargets: targets.map((nodeId) => ({
        destinationNodeId: nodeId,
        routingForwardProfileId: '',
        ...(options.failover !== undefined
          ? { failoverStatusMatch: { telStatusList: [], sipStatusCodes: options.failover } }
          : {}),
        ...(options.destinationRewrite
          ? {
              destinationDialStringRewriting: {
                segments: [
                  {
                    prefix: options.destinationRewrite.prefix,
                    suffix: '',
                    delLeading: options.destinationRewrite.delLeading,
                    delTrailing: 0,
                    keepLeading: 0,
                    keepTrailing: 0,
                    matchedPart: 0,
                    source: 'MOST_APPROPRIATE' as const,
                  },
                ],
              },
            }
          : {}),
      })),
    },
    filters: [
      {
        sourceNodeIds: [],
        ...(options.prefix !== undefined
          ? { destinationDialString: { type: 'PLAIN' as const, plain: { prefix: options.prefix, suffix: '' } } }
          : {}),
      },
    ],
  };
}

/** A rewriting engine of one prefix rule: dial strings of `role` starting with `prefix` lose `del` characters and gain `add`. */
export function prefixRewriting(
  role: 'source' | 'destination',
  prefix: string,
  del: number,
  add: string,
): RewritingPlan {
  const rule: RewriteRuleSpec = {
    index: 0,
    displayName: `${role} ${prefix}`,
    comment: '',
    rewriteType: 'prefixAndSuffix',
    prefix,
    suffix: '',
    deleteLeadingCharacters: del,
    deleteTrailingCharacters: 0,
    addPrefix: add,
    addSuffix: '',
    addExtTrailingDigits: 0,
    case: 'unchanged',
    clearDisplayName: false,
    skipRulesBelow: false,
    skipFurtherRules: false,
    applyToSourceDialString: role === 'source',
    applyToDestinationDialString: role === 'destination',
    applyToAllDialStrings: false,
  };
  return new RewritingPlan([rule]);
}
