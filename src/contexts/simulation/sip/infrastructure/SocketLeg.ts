import type { ClientTransaction, ServerTransaction, SipAddress, SipRequest, SipStack } from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { TransportLeg, type MeasuredMedia } from '../../calls/domain/SessionTransport.js';
import type { RtpRelay } from '../../media/infrastructure/index.js';

/** The media of one call whose caller is real: the relay between its legs and the SDP each side gave. */
export class CallMedia {
  relay: RtpRelay | undefined;
  /** The caller's offer as it arrived (passed on, anchored, to a real far end). */
  callerOffer: string | undefined;
  /** A real far end's answer as it arrived (passed back, anchored, to the caller). */
  farAnswer: string | undefined;

  close(): void {
    this.relay?.close();
    this.relay = undefined;
    this.callerOffer = undefined;
    this.farAnswer = undefined;
  }
}

/**
 * A leg the socket transport carries: the inbound leg of a real caller (index 0) or an outbound attempt toward a
 * real far end. It knows the listener it uses, the peer requests go to, its transactions and what it sent.
 */
export class SocketLeg extends TransportLeg {
  /** Inbound: the caller's INVITE server transaction (responses go through it, 2xx resent until the ACK). */
  inviteTransaction: ServerTransaction | undefined;
  /** Outbound: the INVITE as it went on the wire (after digest authentication, the authenticated one). */
  sentInvite: SipRequest | undefined;
  inviteClient: ClientTransaction | undefined;
  /** Outbound: how many INVITEs the leg sent (a digest answer sends another); a response to an earlier one is stale. */
  inviteAttempt = 0;
  /** The final status of the leg's INVITE (0 while none). */
  finalStatus = 0;
  /** Outbound: the ACK sent for the 2xx (sent again when the far end resends its 2xx). */
  ackSent: SipRequest | undefined;
  /** Outbound: the digest challenge was answered once (a second challenge fails the attempt). */
  authenticated = false;
  /** A BYE received on the leg, waiting for the gateway's 200. */
  pendingBye: ServerTransaction | undefined;
  /** Where requests inside the dialog go (the caller's address inbound; the far end's target outbound). */
  peer: SipAddress;
  /** The SDP the gateway last sent on the leg (answers a session refresh). */
  lastSdp: string | undefined;
  /** Outbound: the INVITE waits for the called side's media ports (a CANCEL meanwhile sets cancelPending). */
  starting = false;
  /** Outbound: the gateway cancelled the attempt before its INVITE left; it ends with 487 without being sent. */
  cancelPending = false;
  /** Inbound: the INVITE carried no offer (a late offer); the caller's answer is due in its ACK. */
  lateOffer = false;
  ended = false;

  constructor(
    index: number,
    node: PlanNode,
    sessionIdentifier: string,
    /** The listener the leg uses (it changes when the listener is replaced on the same port). */
    public stack: SipStack,
    /** The listener's address the leg uses (Via, Contact). */
    public local: SipAddress,
    peer: SipAddress,
    readonly callId: string,
    readonly media: CallMedia | undefined,
    /** The relay side facing this leg's peer (0: the caller, 1: the called party). */
    readonly side: 0 | 1,
  ) {
    super(index, node, sessionIdentifier);
    this.peer = peer;
  }

  override measuredMedia(): MeasuredMedia | undefined {
    const relay = this.media?.relay;
    if (!relay) return undefined;
    const counters = relay.counters(this.side);
    return {
      packetsReceived: counters.packetsReceived,
      packetsSent: counters.packetsSent,
      packetsLost: counters.packetsLost,
      lossOccurrences: counters.lossOccurrences,
      sendPacketsLost: counters.packetsLostByPeer ?? 0,
    };
  }
}
