import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import type { RewritingEngine } from '../../rewriting/domain/engine/RewritingEngine.js';
import type { RouteMatch, RoutingCall } from '../../routing/domain/engine/RoutingPlan.js';
import type { RouteSpec } from '../../routing/domain/RouteModel.js';

export type SipTransportProtocol = 'UDP' | 'TCP' | 'TLS';

/** A SIP address: host (IPv4 address or name), port and transport. */
export interface SipEndpoint {
  readonly host: string;
  readonly port: number;
  readonly transport: SipTransportProtocol;
  /**
   * The IPv4 address packets go to: the host itself when it is an IPv4 address, otherwise the address the
   * lab's simulated name service gives the name — stable, in 203.0.113.0/24 (TEST-NET-3), see simulatedAddress.
   */
  readonly address: string;
}

/** A node of the committed configuration, as the session simulator needs it. */
export interface PlanNode {
  readonly id: string;
  readonly displayName: string;
  readonly sort: ObjectSort;
  readonly enabled: boolean;
  /** Where the gateway listens for this node: its network controller's address, its SIP port and transport. */
  readonly local: SipEndpoint;
  /** The host name in the node's URIs (its user agent's override host name, else local.host). */
  readonly hostname: string;
  /**
   * The far end the node talks to: its first transport connection's destination or proxy (port 5060 when the
   * address names none); undefined when the node has no transport connection (a phone registrar, say).
   */
  readonly remote: SipEndpoint | undefined;
  /** The node's dial string rewritings (TELSIP_STACK incoming/outgoing slots); undefined where none is set. */
  readonly incomingRewriting: RewritingEngine | undefined;
  readonly outgoingRewriting: RewritingEngine | undefined;
}

/** A routed call: the domain whose plan matched, and the match (route, targets with their dial strings). */
export interface PlannedRoute {
  readonly routingDomainId: string;
  readonly routingDomainName: string;
  readonly match: RouteMatch;
}

/** A routing domain as it was committed: its source nodes and establishment routes, in order. */
export interface PlanRoutingDomain {
  readonly id: string;
  readonly displayName: string;
  readonly sourceNodeIds: readonly string[];
  readonly routes: readonly RouteSpec[];
}

/** A piece of the committed configuration that did not compile (left out of the plan; the rest runs). */
export interface PlanProblem {
  readonly objectId: string;
  readonly message: string;
}

/**
 * The committed configuration of one lab compiled once for the simulator: immutable, built when the
 * configuration is committed (or first asked for), never per call from the database.
 */
export interface GatewayPlan {
  readonly lab: LabId;
  /** Bumps with every compile; equal plans of one lab have equal generations. */
  readonly generation: number;
  readonly compiledAt: Date;
  readonly nodes: ReadonlyMap<string, PlanNode>;
  /** The nodes calls may enter on: enabled nodes with a SIP transport that some routing domain lists as a source. */
  readonly sourceNodes: readonly PlanNode[];
  /** The routing domains that compiled, in the order calls try them. */
  readonly routingDomains: readonly PlanRoutingDomain[];
  /** What did not compile. */
  readonly problems: readonly PlanProblem[];
  /**
   * Routes a call (its dial strings as they are after the source node's incoming rewriting) on the routing
   * domains whose source nodes include the call's node, in display-name order; the first match wins.
   */
  route(call: RoutingCall): PlannedRoute | undefined;
}
