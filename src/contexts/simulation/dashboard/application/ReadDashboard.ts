import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { CommittedGateway, type PlanNode } from '../../../configuration/index.js';
import { LabClocks } from '../../../clock/index.js';
import { LdapDirectory, type LdapConnectionState } from '../../../identity/index.js';
import { GatewayGates } from '../../calls/application/GatewayGates.js';
import { TrafficLabs } from '../../calls/application/TrafficLabs.js';
import type { SimulatedCall } from '../../calls/domain/SimulatedCall.js';
import { NetworkFaults } from '../../network/application/NetworkFaults.js';
import type { RegisteredClient, SipListeningState, TrunkView } from '../../sip/application/SipListening.js';
import { SipListeningLookup } from '../../sip/application/SipListeningLookup.js';

const DAY_MS = 86_400_000;

/** A node's state words (the dashboard's networkState and registrationState). */
export type NetworkState = 'up' | 'down';
export type NodeRegistrationState = 'notConfigured' | 'registering' | 'registered' | 'failed';

/** One SIP node at a glance. */
export interface NodeGlance {
  readonly node: PlanNode;
  readonly operational: boolean;
  readonly networkState: NetworkState;
  readonly registrationState: NodeRegistrationState;
  readonly incomingCalls: number;
  readonly outgoingCalls: number;
  /** OPTIONS keep-alives the gateway sent on the node's trunk (answered / not), and those it answered on its listener. */
  readonly optionsSent: { readonly success: number; readonly failed: number };
  readonly optionsReceived: { readonly success: number; readonly failed: number };
  /** Whether each listener transport is open (real SIP on) or would be (off: the simulated node takes calls). */
  readonly listening: { readonly udp: boolean; readonly tcp: boolean; readonly tls: boolean };
  readonly registeredClients: readonly RegisteredClient[];
  /** Each transport connection with whether it is up (the watched first one as its keep-alive found it). */
  readonly connections: readonly { readonly id: string; readonly targetIri: string; readonly up: boolean }[];
}

/** The gateway at a glance: its SIP nodes, its directory connections, its certificates with days to expiry. */
export interface Dashboard {
  readonly nodes: readonly NodeGlance[];
  readonly ldap: readonly LdapConnectionState[];
  readonly certificates: readonly { readonly commonName: string; readonly expiresInDays: number }[];
}

/**
 * The lab's gateway at a glance (`dashboard/get`), from what the simulator holds now: the committed plan's nodes with
 * their calls in progress (synthetic and real), their listeners, trunks, keep-alives and registered phones, as the
 * gateway faults and the standby side leave them; the simulated directory's connections; the certificates of the
 * configuration with whole days to expiry on the lab clock (negative once expired).
 */
@injectable()
export class ReadDashboard {
  constructor(
    @inject(CommittedGateway) private readonly committed: CommittedGateway,
    @inject(TrafficLabs) private readonly traffic: TrafficLabs,
    @inject(SipListeningLookup) private readonly sip: SipListeningLookup,
    @inject(NetworkFaults) private readonly faults: NetworkFaults,
    @inject(GatewayGates) private readonly gates: GatewayGates,
    @inject(LdapDirectory) private readonly directory: LdapDirectory,
    @inject(LabClocks) private readonly clocks: LabClocks,
  ) {}

  async execute(lab: LabId): Promise<Dashboard> {
    const [plan, gates] = await Promise.all([this.committed.plan(lab), this.gates.snapshot(lab)]);
    const sip = this.sipState(lab);
    const calls = callsByNode(this.traffic.sessions(lab).calls);
    const faults = this.faults.of(lab);
    const nodes = [...plan.nodes.values()]
      .sort((a, b) => a.displayName.localeCompare(b.displayName))
      .map((node): NodeGlance => {
        const trunk = sip?.trunks.find((t) => t.nodeId === node.id);
        const listening = listeningOf(node, sip);
        const networkUp =
          !faults.isDown(node.id) && (listening.udp || listening.tcp || listening.tls) && trunk?.state !== 'down';
        return {
          node,
          operational: node.enabled && networkUp && gates.thisSystemActive,
          networkState: networkUp ? 'up' : 'down',
          registrationState: trunk?.registration?.state ?? 'notConfigured',
          incomingCalls: calls.incoming.get(node.id) ?? 0,
          outgoingCalls: calls.outgoing.get(node.id) ?? 0,
          optionsSent: {
            success: trunk?.keepAlive?.answered ?? 0,
            failed: trunk?.keepAlive?.failed ?? 0,
          },
          optionsReceived: sip?.optionsReceived[node.id] ?? { success: 0, failed: 0 },
          listening,
          registeredClients: sip?.registeredClients.filter((c) => c.nodeId === node.id) ?? [],
          connections: node.connections.map((connection, index) => ({
            id: connection.id,
            targetIri: connection.targetIri,
            up: index > 0 || connectionUp(trunk),
          })),
        };
      });
    const now = this.clocks.nowOf(lab).getTime();
    return {
      nodes,
      ldap: this.directory.connections(),
      certificates: plan.certificates.map((certificate) => ({
        commonName: certificate.commonName,
        expiresInDays: Math.floor((certificate.notAfter.getTime() - now) / DAY_MS),
      })),
    };
  }

  /** The lab's SIP state; undefined where this process carries no real SIP (the nodes are then simulated only). */
  private sipState(lab: LabId): SipListeningState | undefined {
    try {
      return this.sip.get().state(lab);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'SIP_UNAVAILABLE') return undefined;
      throw error;
    }
  }
}

/** The watched connection is up unless its keep-alive found it down (an unwatched one is taken as up). */
function connectionUp(trunk: TrunkView | undefined): boolean {
  return trunk?.state !== 'down';
}

/**
 * Which of the node's transports take calls: with real SIP on, those whose listener is open; with it off (or a node
 * the listeners have not followed), those its transport enables, served by the simulator. A disabled node: none.
 */
function listeningOf(
  node: PlanNode,
  sip: SipListeningState | undefined,
): { readonly udp: boolean; readonly tcp: boolean; readonly tls: boolean } {
  if (!node.enabled) return { udp: false, tcp: false, tls: false };
  if (!sip?.enabled) return { udp: node.sip.udp, tcp: node.sip.tcp, tls: node.sip.tls };
  const open = (transport: 'UDP' | 'TCP' | 'TLS') =>
    sip.listeners.some((l) => l.nodeId === node.id && l.transport === transport && l.state === 'listening');
  return { udp: open('UDP'), tcp: open('TCP'), tls: open('TLS') };
}

/**
 * The calls in progress (those activeSessions lists: routed and accepted) by the node they came in on and the node
 * their current attempt went out on.
 */
function callsByNode(calls: Iterable<SimulatedCall>): {
  readonly incoming: Map<string, number>;
  readonly outgoing: Map<string, number>;
} {
  const incoming = new Map<string, number>();
  const outgoing = new Map<string, number>();
  for (const call of calls) {
    if (call.route?.match.action !== 'ACCEPT') continue;
    incoming.set(call.source.id, (incoming.get(call.source.id) ?? 0) + 1);
    const out = call.attempt?.node.id;
    if (out !== undefined) outgoing.set(out, (outgoing.get(out) ?? 0) + 1);
  }
  return { incoming, outgoing };
}
