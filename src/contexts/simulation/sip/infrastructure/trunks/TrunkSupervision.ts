import type { SipAddress } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../../configuration/index.js';
import { farEndIsReal, type SipSetting } from '../../domain/SipSetting.js';
import type { NodeListener } from '../LabSip.js';
import { TrunkKeepAlive } from './TrunkKeepAlive.js';
import { TrunkRegistration } from './TrunkRegistration.js';
import type { TrunkLine } from './TrunkLine.js';
import type { TrunkView } from '../../application/SipListening.js';

interface Watched {
  readonly node: PlanNode;
  readonly stack: TrunkLine['stack'];
  readonly signature: string;
  readonly target: string;
  readonly keepAlive: TrunkKeepAlive | undefined;
  readonly registration: TrunkRegistration | undefined;
}

/** Where a node's peer is on the wire (its transport connection's destination; `localhost` is the loopback). */
export function peerAddress(node: PlanNode): SipAddress | undefined {
  const remote = node.remote;
  if (!remote) return undefined;
  return {
    transport: remote.transport,
    host: remote.host === 'localhost' ? '127.0.0.1' : remote.host,
    port: remote.port,
  };
}

/**
 * The trunks a lab's gateway watches, as its committed plan asks (PlanSupervision): for every enabled node whose far
 * end is real, that listens, and whose transport connection asks for OPTIONS keep-alives or a registration, one
 * TrunkKeepAlive and one TrunkRegistration on the node's listener, toward its peer. The lab's SIP setting may turn
 * them off (`supervision`). A commit that changes what a trunk is (its peer, listener, settings or credentials)
 * starts it again; a node no longer watched stops. A trunk its keep-alive found down takes no calls (they fail over).
 */
export class TrunkSupervision {
  private readonly trunks = new Map<string, Watched>();

  constructor(
    private readonly now: () => number,
    /** The gateway fault held on a node's trunk (trunkDown: refuses, nodeDown: silent), if any. */
    private readonly faulted: (nodeId: string) => 'refuses' | 'silent' | undefined,
    private readonly log: (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void,
  ) {}

  follow(plan: GatewayPlan, setting: SipSetting, listeners: ReadonlyMap<string, NodeListener>): void {
    const wanted = new Set<string>();
    for (const node of plan.nodes.values()) {
      const line = setting.supervision ? this.lineOf(node, setting, listeners) : undefined;
      const { keepAliveSeconds, registration } = node.sip.supervision;
      if (!line || (keepAliveSeconds === 0 && !registration)) continue;
      const signature = JSON.stringify([
        line.local,
        line.peer,
        node.sip.supervision,
        node.sip.credentials ?? null,
        node.sip.userAgent,
      ]);
      wanted.add(node.id);
      const current = this.trunks.get(node.id);
      if (current?.signature === signature && current.stack === line.stack) continue;
      if (current) stopTrunk(current);
      const trunk: Watched = {
        node,
        stack: line.stack,
        signature,
        target: `${line.peer.transport} ${line.peer.host}:${line.peer.port}`,
        keepAlive: keepAliveSeconds > 0 ? new TrunkKeepAlive(line, keepAliveSeconds) : undefined,
        registration: registration ? new TrunkRegistration(line, registration) : undefined,
      };
      this.trunks.set(node.id, trunk);
      trunk.keepAlive?.start();
      trunk.registration?.start();
    }
    for (const [nodeId, trunk] of [...this.trunks])
      if (!wanted.has(nodeId)) {
        stopTrunk(trunk);
        this.trunks.delete(nodeId);
      }
  }

  /** Stops watching every trunk (the lab's SIP closes). */
  stop(): void {
    for (const trunk of this.trunks.values()) stopTrunk(trunk);
    this.trunks.clear();
  }

  /** Whether the node's trunk is watched and its keep-alive found it down. */
  down(nodeId: string): boolean {
    return this.trunks.get(nodeId)?.keepAlive?.down ?? false;
  }

  views(): TrunkView[] {
    return [...this.trunks.values()].map((trunk) => {
      const keepAlive = trunk.keepAlive?.view();
      return {
        nodeId: trunk.node.id,
        nodeName: trunk.node.displayName,
        target: trunk.target,
        farEnd: 'real' as const,
        state: keepAlive?.state ?? 'unwatched',
        ...(keepAlive ? { keepAlive } : {}),
        ...(trunk.registration ? { registration: trunk.registration.view() } : {}),
      };
    });
  }

  private lineOf(
    node: PlanNode,
    setting: SipSetting,
    listeners: ReadonlyMap<string, NodeListener>,
  ): TrunkLine | undefined {
    const listener = listeners.get(node.id);
    const peer = peerAddress(node);
    if (!node.enabled || !listener || !peer || node.sip.registrar !== undefined || !farEndIsReal(node, setting))
      return undefined;
    const local = listener.address(peer.transport) ?? listener.address('UDP');
    if (!local) return undefined;
    const target = `${peer.transport} ${peer.host}:${peer.port}`;
    return {
      node,
      stack: listener.stack,
      local,
      peer,
      now: this.now,
      faulted: () => this.faulted(node.id),
      log: (level, fields, message) => this.log(level, { node: node.displayName, target, ...fields }, message),
    };
  }
}

function stopTrunk(trunk: Watched): void {
  trunk.keepAlive?.stop();
  trunk.registration?.stop();
}
