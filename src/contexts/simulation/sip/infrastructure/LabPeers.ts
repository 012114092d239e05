import type { PeerAdmission, RefusedPeer } from '@gwsim/sip';
import type { GatewayPlan } from '../../../configuration/index.js';
import { PeerWhitelist } from '../domain/PeerWhitelist.js';
import type { OutsidePeers } from '../domain/SipSetting.js';

/** What a node's whitelists refused since its lab's SIP came up in this process. */
export interface PeerRefusals {
  /** SIP datagrams, stream messages and connections refused. */
  sip: number;
  /** Of those, the requests answered 403 (`forbid`). */
  answered: number;
  /** RTP and RTCP packets dropped. */
  rtp: number;
}

/** One node's whitelists as the lab's listeners and relays apply them. */
export interface NodePeers {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly sip: PeerWhitelist;
  readonly media: PeerWhitelist;
  readonly refusals: PeerRefusals;
}

/**
 * The network peer whitelists of one lab's nodes, as its committed plan gives them (followed on every commit, so a
 * listener that stays open hears the new whitelist at once), and what they refused, per node and in all. The
 * listeners' stacks ask `admitSip` for every datagram, stream message and connection; the relays ask `admitsMedia`
 * for a packet from a source not yet latched.
 */
export class LabPeers {
  /** Every node the plans had (a listener draining after its node left the plan keeps its last whitelist). */
  private readonly nodes = new Map<string, NodePeers>();
  /** The nodes of the plan followed last, in its order. */
  private current: readonly string[] = [];
  readonly totals: PeerRefusals = { sip: 0, answered: 0, rtp: 0 };

  /** Takes the whitelists of the plan's nodes (counts of a node that stays are kept). */
  follow(plan: GatewayPlan): void {
    for (const node of plan.nodes.values()) {
      const refusals = this.nodes.get(node.id)?.refusals ?? { sip: 0, answered: 0, rtp: 0 };
      this.nodes.set(node.id, {
        nodeId: node.id,
        nodeName: node.displayName,
        sip: PeerWhitelist.of(node.sip.peers.sip),
        media: PeerWhitelist.of(node.sip.peers.media),
        refusals,
      });
    }
    this.current = [...plan.nodes.keys()];
  }

  /** The nodes of the plan followed last. */
  list(): NodePeers[] {
    return this.current.map((id) => this.nodes.get(id)).filter((n): n is NodePeers => n !== undefined);
  }

  /** What the node's listener does with what `host` sends: heard, or as the node's setting says for outsiders. */
  admitSip(nodeId: string, host: string, outside: OutsidePeers): PeerAdmission {
    const peers = this.nodes.get(nodeId);
    return !peers || peers.sip.accepts(host) ? 'accept' : outside;
  }

  /** Counts what the node's listener refused. */
  refusedSip(nodeId: string, refusal: RefusedPeer): void {
    const counts = this.nodes.get(nodeId)?.refusals;
    for (const c of counts ? [counts, this.totals] : [this.totals]) {
      c.sip += 1;
      if (refusal.answered) c.answered += 1;
    }
  }

  /** Counts `packets` RTP/RTCP packets a relay in a media worker refused by the node's media whitelist. */
  refusedMedia(nodeId: string, packets: number): void {
    const counts = this.nodes.get(nodeId)?.refusals;
    if (counts) counts.rtp += packets;
    this.totals.rtp += packets;
  }

  /** Whether RTP or RTCP from `host` reaches the node's side of a call's relay; a refusal is counted. */
  admitsMedia(nodeId: string, host: string): boolean {
    const peers = this.nodes.get(nodeId);
    if (!peers || peers.media.accepts(host)) return true;
    peers.refusals.rtp += 1;
    this.totals.rtp += 1;
    return false;
  }
}
