import { ExpiryQueue, type SipAddress, type SipStack } from '@gwsim/sip';
import type { EarlyRecords } from './EarlyRecords.js';
import type { NodeListener } from './LabSip.js';
import type { SocketLeg } from './SocketLeg.js';

/** How long a finished leg still claims its Call-ID (late retransmissions and ACKs land in its history). */
const LINGER_MS = 32_000;
/** How much later than LINGER_MS a finished leg may let its Call-ID go (legs finished that close together go at once). */
const LINGER_SLACK_MS = 500;

/**
 * The legs a socket transport carries, by Call-ID: the caller's for inbound legs, the gateway's own for outbound
 * ones. A finished leg lets go of what it held and keeps claiming its Call-ID a while, so late messages still land
 * in its history.
 */
export class SocketLegs {
  private readonly legs = new Map<string, SocketLeg>();
  /** Finished legs, each letting its Call-ID go LINGER_MS after it finished (unless a newer leg took it meanwhile). */
  private readonly lingering = new ExpiryQueue<SocketLeg>(
    LINGER_MS,
    (leg) => {
      if (this.legs.get(leg.callId) === leg) this.legs.delete(leg.callId);
    },
    LINGER_SLACK_MS,
  );

  /** `early`: the records no leg claimed yet, whose expired ones go when a leg finishes. */
  constructor(private readonly early: EarlyRecords) {}

  /** The leg claiming the Call-ID (a finished one while it lingers). */
  get(callId: string): SocketLeg | undefined {
    return this.legs.get(callId);
  }

  /** A new leg claims its Call-ID (from a leg that had it before, too). */
  add(leg: SocketLeg): void {
    this.legs.set(leg.callId, leg);
  }

  /** The leg is over: its media goes with the call's last leg; its Call-ID is kept a while for late messages. */
  finish(leg: SocketLeg): void {
    if (leg.ended) return;
    leg.ended = true;
    const media = leg.media;
    // the media closes with the caller's side; a transfer target that takes (or is taking) its place keeps it open
    if (media?.holders.delete(leg) && leg.side === 0 && ![...media.holders].some((other) => other.side === 0))
      media.close();
    // what lingers is the leg's identity (late messages land in its history), not its messages nor its SDP
    leg.reliable?.stop();
    leg.reliable = undefined;
    leg.sessionTimer?.stop();
    leg.sessionTimer = undefined;
    leg.pracks = undefined;
    leg.inviteTransaction = undefined;
    leg.pendingBye = undefined;
    leg.lastSdp = undefined;
    leg.peerSdp = undefined;
    leg.ownOffer = undefined;
    leg.sentInvite = undefined;
    leg.ackSent = undefined;
    leg.forkAcks = undefined;
    leg.exchange = undefined;
    leg.refer = undefined;
    // what waited for the caller's ACK hears that the leg is over (a relayed request is answered, SessionRefreshes stops)
    for (const waiting of leg.onConfirmed.splice(0)) waiting();
    this.lingering.add(leg);
    this.early.dropExpired();
  }

  /** Whether a call in progress still uses the stack (a listener that moved away closes once none does). */
  uses(stack: SipStack): boolean {
    for (const leg of this.legs.values()) if (!leg.ended && leg.stack === stack) return true;
    return false;
  }

  /** The legs in progress on the stack whose peer is `peer` (a WebSocket client's flow: its address exactly). */
  toward(stack: SipStack, peer: SipAddress): SocketLeg[] {
    const same = (a: SipAddress): boolean =>
      a.transport === peer.transport && a.host === peer.host && a.port === peer.port;
    return [...this.legs.values()].filter((leg) => !leg.ended && leg.stack === stack && same(leg.peer));
  }

  /** The calls in progress on a listener replaced on its ports go on on the new one. */
  move(from: SipStack, to: NodeListener): void {
    for (const leg of this.legs.values()) {
      if (leg.ended || leg.stack !== from) continue;
      leg.stack = to.stack;
      leg.local = to.address(leg.local.transport) ?? leg.local;
    }
  }

  /** The transport is dropped: every call's media closes, every session timer stops, every leg is forgotten. */
  close(): void {
    for (const leg of this.legs.values()) {
      leg.media?.close();
      leg.sessionTimer?.stop();
    }
    this.legs.clear();
    this.lingering.clear();
  }
}
