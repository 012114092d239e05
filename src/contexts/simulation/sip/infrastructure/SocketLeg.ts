import {
  header,
  isWebSocket,
  type ClientTransaction,
  type Dialog,
  type ServerTransaction,
  type SipAddress,
  type SipRequest,
  type SipStack,
} from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import {
  TransportLeg,
  type LegDtmf,
  type LegRemoteAddress,
  type MeasuredMedia,
} from '../../calls/domain/SessionTransport.js';
import type { LegSessionTimer } from './LegSessionTimer.js';
import type { Exchange } from './MidDialogRelay.js';
import type { ProvisionalAcks } from './ProvisionalAcks.js';
import type { ReliableResponses } from './ReliableResponses.js';
import {
  dtmfOfInfo,
  type DetectedDigit,
  type MediaCounters,
  type MediaRelay,
} from '../../media/infrastructure/index.js';

type Side = 0 | 1;

/** What a relay measured, per side, when it closed. */
interface FinalMedia {
  readonly counters: readonly [MediaCounters, MediaCounters];
  readonly dtmf: readonly [readonly DetectedDigit[], readonly DetectedDigit[]];
}

/** The media of one call whose caller is real: the relay between its legs and the SDP each side gave. */
export class CallMedia {
  relay: MediaRelay | undefined;
  /** The call's real legs by relay side: the caller's (0) and the far end's that answered (1); a transfer's target takes its side. */
  readonly legs: [SocketLeg | undefined, SocketLeg | undefined] = [undefined, undefined];
  /** The legs that use the media and have not finished: the media closes with the last of them on the caller's side. */
  readonly holders = new Set<SocketLeg>();
  /** The caller's offer as it arrived (passed on, anchored, to a real far end). */
  callerOffer: string | undefined;
  /** A real far end's answer as it arrived (passed back, anchored, to the caller). */
  farAnswer: string | undefined;
  /** The relay's counters and digits as it closed (a leg finishes before the call's history entry is written). */
  private final: FinalMedia | undefined;

  /** A side's counters: the open relay's now, else as it closed; undefined when the call's media was never relayed. */
  counters(side: Side): MediaCounters | undefined {
    return this.relay ? this.relay.counters(side) : this.final?.counters[side];
  }

  /** The DTMF digits the relay saw in the RTP a side received (RFC 4733). */
  digits(side: Side): readonly DetectedDigit[] {
    return this.relay ? this.relay.dtmf(side) : (this.final?.dtmf[side] ?? []);
  }

  close(): void {
    const relay = this.relay;
    // a relay that never got the caller's address (anchoring failed) measured nothing: the media was not relayed
    if (relay && relay.remote(0) !== undefined) {
      this.final = {
        counters: [relay.counters(0), relay.counters(1)],
        dtmf: [[...relay.dtmf(0)], [...relay.dtmf(1)]],
      };
    }
    relay?.close();
    this.relay = undefined;
    this.legs[0] = this.legs[1] = undefined;
    this.holders.clear();
    this.callerOffer = undefined;
    this.farAnswer = undefined;
  }
}

/** At most this many INFO digits are kept per leg (as the relay keeps at most 256 RFC 4733 digits per side). */
const MAX_INFO_DIGITS = 256;

/**
 * A leg the socket transport carries: the inbound leg of a real caller (index 0) or an outbound attempt toward a
 * real far end. It knows the listener it uses, the peer requests go to, its transactions and what it sent.
 */
export class SocketLeg extends TransportLeg {
  /** Inbound: the caller's INVITE server transaction (responses go through it, 2xx resent until the ACK). */
  inviteTransaction: ServerTransaction | undefined;
  /** Inbound: the caller takes 100rel; the gateway's 18x go reliably (RFC 3262). */
  reliable: ReliableResponses | undefined;
  /** Outbound: the far end's reliable 18x PRACKed, per early dialog (RFC 3262). */
  pracks: ProvisionalAcks | undefined;
  /** Outbound: the INVITE as it went on the wire (after digest authentication, the authenticated one). */
  sentInvite: SipRequest | undefined;
  inviteClient: ClientTransaction | undefined;
  /** Outbound: how many INVITEs the leg sent (a digest answer sends another); a response to an earlier one is stale. */
  inviteAttempt = 0;
  /** The final status of the leg's INVITE (0 while none). */
  finalStatus = 0;
  /** Outbound: the ACK sent for the 2xx (sent again when the far end resends its 2xx). */
  ackSent: SipRequest | undefined;
  /** Outbound: the ACKs of other forks' 2xx by their To tag (those dialogs are ended at once). */
  forkAcks: Map<string, SipRequest> | undefined;
  /** Outbound: the digest challenge was answered once (a second challenge fails the attempt). */
  authenticated = false;
  /** Outbound: a 422 was answered once with the far end's Min-SE (RFC 4028 section 7.4). */
  intervalRaised = false;
  /** A BYE received on the leg, waiting for the gateway's 200. */
  pendingBye: ServerTransaction | undefined;
  /** Where requests inside the dialog go (the caller's address inbound; the far end's target outbound). */
  peer: SipAddress;
  /** The SDP the gateway last sent on the leg (answers a session refresh). */
  lastSdp: string | undefined;
  /** The SDP the leg's peer last sent (its offer or answer), as it came. */
  peerSdp: string | undefined;
  /** Outbound: the INVITE waits for the called side's media ports (a CANCEL meanwhile sets cancelPending). */
  starting = false;
  /** Outbound: the gateway cancelled the attempt before its INVITE left; it ends with 487 without being sent. */
  cancelPending = false;
  /** Inbound: the INVITE carried no offer (a late offer); the caller's answer is due in its ACK. */
  lateOffer = false;
  /** The dialog the leg's 2xx made, as the gateway's side of it sees it (its requests on the leg are built from it). */
  dialog: Dialog | undefined;
  /** Inbound: the caller ACKed the gateway's 2xx; until then the gateway sends it no re-INVITE (RFC 3261 section 14.1). */
  confirmed = false;
  /** What waits for the caller's ACK (a re-INVITE from the far end, relayed once it came). */
  readonly onConfirmed: (() => void)[] = [];
  /** Outbound: the dialog the INVITE replaces (RFC 3891), as the transfer or the caller's INVITE named it. */
  replaces: string | undefined;
  /** A REFER on the leg waiting for the gateway's answer (TransferRequests). */
  refer: ServerTransaction | undefined;
  /** The REFER the gateway accepted made a subscription: its progress goes in NOTIFYs (RFC 3515, RFC 4488). */
  referSubscribed = false;
  /** A re-INVITE or UPDATE under way on the leg, either way (MidDialogRelay). */
  exchange: Exchange | undefined;
  /** The gateway's own re-INVITE or UPDATE under way on the leg (GatewayOffers), until its final answer. */
  ownOffer: 'INVITE' | 'UPDATE' | undefined;
  /** The leg's session timer (RFC 4028), once one was negotiated on it (SessionTimers). */
  sessionTimer: LegSessionTimer | undefined;
  ended = false;
  /** DTMF digits of SIP INFO bodies the peer sent. */
  private readonly infoDigits: LegDtmf[] = [];

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
    media?.holders.add(this);
  }

  override measuredMedia(): MeasuredMedia | undefined {
    const counters = this.media?.counters(this.side);
    if (!counters) return undefined;
    return {
      packetsReceived: counters.packetsReceived,
      packetsSent: counters.packetsSent,
      packetsLost: counters.packetsLost,
      lossOccurrences: counters.lossOccurrences,
      sendPacketsLost: counters.packetsLostByPeer ?? 0,
      jitterMs: counters.jitterMs,
    };
  }

  /** Digits the leg's peer sent: RFC 4733 events in the RTP its relay side received, and SIP INFO bodies. */
  override dtmf(): readonly LegDtmf[] {
    const relayed = (this.media?.digits(this.side) ?? []).map((d): LegDtmf => ({
      at: d.at,
      digit: d.digit,
      method: 'rfc4733',
    }));
    if (this.infoDigits.length === 0) return relayed;
    return [...relayed, ...this.infoDigits].sort((a, b) => a.at - b.at);
  }

  /** An INFO the leg's peer sent inside the dialog, at the lab's time `at`: its DTMF digit, if its body carries one. */
  infoReceived(request: SipRequest, at: number): void {
    const digit = dtmfOfInfo(header(request, 'Content-Type'), request.body);
    if (digit !== undefined && this.infoDigits.length < MAX_INFO_DIGITS)
      this.infoDigits.push({ at, digit, method: 'info' });
  }

  /** The peer's real SIP address: where the caller's requests came from, or where the far end's requests went. */
  override remoteAddress(): LegRemoteAddress {
    return { host: this.peer.host, port: this.peer.port, transport: this.peer.transport };
  }

  /** The leg's transport as its messages are recorded: a WebSocket leg's is WS or WSS, whatever the node's plan says. */
  override get transport(): LegRemoteAddress['transport'] {
    return isWebSocket(this.local.transport) ? this.local.transport : super.transport;
  }
}
