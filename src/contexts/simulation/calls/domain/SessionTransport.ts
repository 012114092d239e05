import type { SipRequest, SipResponse, SipMessage } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../configuration/index.js';
import type { MediaQualityFigures } from './MediaQuality.js';
import type { Lazy, LegEndpoint } from './SipDialogs.js';
import type { SimulatedCodec, TrafficProfile } from './TrafficProfile.js';

/**
 * A SIP dialog the transport carries for the gateway: the inbound leg of a call (the caller's, index 0), made by
 * the transport when the call arrives, or an outbound attempt (index 1, 2, …), made when the gateway offers the
 * call to a destination node. The gateway names the inbound leg's session when it takes the call.
 */
export class TransportLeg {
  private session: string;

  constructor(
    readonly index: number,
    readonly node: PlanNode,
    sessionIdentifier = '',
  ) {
    this.session = sessionIdentifier;
  }

  get sessionIdentifier(): string {
    return this.session;
  }

  get transport(): 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS' {
    return this.node.local.transport;
  }

  /** The RTP counters measured on the leg (a socket transport relaying real media); undefined: computed from the call's time. */
  measuredMedia(): MeasuredMedia | undefined {
    return undefined;
  }

  /** The DTMF digits the leg's peer sent so far, in time order (a socket transport sees them; a simulated one none). */
  dtmf(): readonly LegDtmf[] {
    return [];
  }

  /** Where the leg's peer really is (the address its messages came from or went to); undefined: a simulated far end. */
  remoteAddress(): LegRemoteAddress | undefined {
    return undefined;
  }

  /** The gateway's session identifier for the call (set once, when the inbound leg's call is taken). */
  name(sessionIdentifier: string): void {
    if (this.session !== '' && this.session !== sessionIdentifier)
      throw new Error(`leg already belongs to session ${this.session}`);
    this.session = sessionIdentifier;
  }
}

/** RTP counted on one leg of the gateway (what it received from the leg's peer and sent to it). */
export interface MeasuredMedia {
  readonly packetsReceived: number;
  readonly packetsSent: number;
  /** Packets missing from the received sequence numbers, and how many gaps they made (a burst counts once). */
  readonly packetsLost: number;
  readonly lossOccurrences: number;
  /** What the peer's RTCP reports say it lost of what the gateway sent it. */
  readonly sendPacketsLost: number;
  /** The interarrival jitter of what the gateway received on the leg (RFC 3550 section 6.4.1, appendix A.8), ms. */
  readonly jitterMs: number;
}

/** A DTMF digit a leg's peer sent: when (the lab's time, ms since the epoch), which, and how. */
export interface LegDtmf {
  readonly at: number;
  readonly digit: string;
  /** rfc4733: a telephone-event in the leg's RTP (RFC 4733); info: a SIP INFO body (application/dtmf-relay, application/dtmf). */
  readonly method: 'rfc4733' | 'info';
}

/** A real peer's SIP address as the leg uses it. */
export interface LegRemoteAddress {
  readonly host: string;
  readonly port: number;
  readonly transport: 'UDP' | 'TCP' | 'TLS' | 'WS' | 'WSS';
}

/**
 * A message as it crossed the wire on a leg: when (ms since the epoch, fractions for the µs), which way (sent by
 * the gateway or received by it), between which addresses; its text is built when first asked for. The side
 * that sent it produced it: the gateway's messages come from the gateway, the far ends' from the transport (the
 * synthetic adapter builds them, a socket adapter parses them off the wire).
 */
export interface WireRecord {
  readonly at: number;
  readonly sent: boolean;
  readonly source: LegEndpoint;
  readonly destination: LegEndpoint;
  readonly message: Lazy<SipMessage>;
  /** The message's text exactly as it crossed the wire, when a socket carried it (the history keeps it byte for byte). */
  readonly raw?: string;
}

/** A call arriving on a node: the caller's INVITE with its dial strings and the codec it offers first. */
export interface Arrival {
  readonly leg: TransportLeg;
  /** The calling and called party as the INVITE gave them (From and Request-URI users). */
  readonly source: string;
  readonly destination: string;
  /** The display name of the caller's From, if it gave one. */
  readonly sourceName?: string;
  readonly codec: SimulatedCodec;
  /** Whether the call's media is to be recorded (forwardedSessionRecording). */
  readonly recorded: boolean;
  /** The media's packet loss and jitter on this call (simulated by the profile, or measured from the RTP). */
  readonly media: { readonly lossPercent: number; readonly jitterMs: number };
  /** A number the transport derives for the call (synthetic: from the profile's seed; a socket: from the Call-ID); the gateway's ids come from it. */
  readonly seed: number;
  readonly invite: Lazy<SipRequest>;
  /** The party whose transfer (REFER) the caller carries out (its Referred-By user, RFC 3892): the transferrer. */
  readonly transferrer?: string;
  /** The dialog the caller's INVITE replaces (its Replaces header, RFC 3891), passed on toward the called party. */
  readonly replaces?: string;
}

/**
 * One call placed on purpose rather than drawn from the profile's arrivals: a simulated caller at a node dials a
 * number now. Its far ends behave as `profile` says (the lab's profile, its outcome mix perhaps narrowed to one).
 */
export interface PlacedCall {
  readonly node: PlanNode;
  readonly calling: string;
  readonly called: string;
  readonly profile: TrafficProfile;
}

/** What the gateway sends toward a destination node's peer: a new outbound leg and its INVITE. */
export interface Offer {
  readonly sessionIdentifier: string;
  /** The attempt's index (1 for the first). */
  readonly index: number;
  readonly node: PlanNode;
  /** The inbound leg of the call the attempt serves (a synthetic world uses it to play caller and far end together). */
  readonly caller: TransportLeg;
  readonly source: string;
  readonly destination: string;
  readonly codec: SimulatedCodec;
  readonly invite: Lazy<SipRequest>;
  /**
   * Which side of the call the new leg's far end takes: `called` (an attempt, and a transfer of the called party's
   * making) or `caller` (a transfer the caller made: the target takes the caller's place). Called by default.
   */
  readonly side?: 'caller' | 'called';
  /** The dialog the INVITE replaces (RFC 3891), as the transfer request or the caller's INVITE named it. */
  readonly replaces?: string;
}

/** A transfer asked for inside a call (a REFER, RFC 3515): where to, and what it replaces. */
export interface TransferRequest {
  /** The user part of the Refer-To URI: the dial string the transfer goes to. */
  readonly destination: string;
  /** A Replaces in the Refer-To URI (an attended transfer, RFC 3891): the dialog the target's call replaces. */
  readonly replaces: string | undefined;
  /** The other side of the call is real and can be given the REFER (relayed, when the forwarding profile says so). */
  readonly relayable: boolean;
}

/**
 * The gateway's answer to a transfer request: `relay` carries it to the other side of the call (the forwarding
 * profile forwards REFER that way), a status answers it (202 Accepted: the gateway carries it out and reports its
 * progress; 4xx–6xx: refused).
 */
export type TransferAnswer = 'relay' | number;

/** The methods whose transactions the gateway hears the end of. */
export type TransactionMethod = 'INVITE' | 'CANCEL' | 'BYE';

/**
 * What the world reports to the gateway (the gateway implements it). The transport reports things when they
 * happen, in time order; it never tells the gateway what will happen. `wire` sees every message that crossed the
 * wire on a leg, sent or received, before the event it causes (if any); a command may report the message it
 * just sent at once, but an event never comes from within a command.
 */
export interface TransportListener {
  wire(leg: TransportLeg, record: WireRecord): void;
  /** A call arrives on a node's port. */
  callArrived(arrival: Arrival): void;
  /** A far end's response on an outbound leg: to the INVITE (100, 18x, 200 with the answer, ≥ 300), to the gateway's CANCEL or BYE. */
  responded(leg: TransportLeg, method: TransactionMethod, status: number, response: Lazy<SipResponse>): void;
  /** The caller CANCELs its INVITE; `q850Cause` from its Reason header when it gave one (19: no answer). */
  cancelled(leg: TransportLeg, cancel: Lazy<SipRequest>, q850Cause: number | undefined): void;
  /** A BYE: from the caller on the inbound leg, or from the called party on an outbound leg. */
  byeReceived(leg: TransportLeg, bye: Lazy<SipRequest>): void;
  /**
   * A timer of the leg ran out: before any response, the caller's INVITE transaction (Timer B: the caller gave
   * up); on a connected call, the caller never ACKed the 200 (Timer H), the media stopped (the media timeout) or
   * a leg's session expired without a refresh (RFC 4028 section 10): the gateway ends the call; on a ringing call, the caller never PRACKed a reliable 18x (RFC 3262 section 3): the
   * caller's INVITE was refused and the gateway cancels the attempt.
   */
  timedOut(leg: TransportLeg): void;
  /**
   * The media of the call an outbound leg serves, as measured once that leg's far end answers (reported before
   * its 200): the call's RTP counters and MOS follow it from then on. A synthetic world reports it for a path
   * whose network is impaired; a socket adapter would report its RTCP figures.
   */
  mediaMeasured(leg: TransportLeg, media: MediaQualityFigures): void;
  /** A REFER inside the leg's connected call: the gateway answers it (`SessionTransport.answerTransfer`). */
  transferRequested(leg: TransportLeg, request: TransferRequest): void;
}

/**
 * The session transport port: how the gateway's calls meet the world. The gateway (the back-to-back user agent)
 * sends through it what it decides — responses to the caller, INVITEs, ACKs, CANCELs and BYEs toward the far
 * ends, 200s to what it received — each message built by the gateway; the transport carries them (timers and
 * retransmissions are its transaction layer's) and reports back through the listener. Adapters: the synthetic
 * traffic of a profile; real SIP on the nodes' ports later.
 */
export abstract class SessionTransport {
  /** The gateway that hears what happens (set once, before any traffic). */
  abstract connect(listener: TransportListener): void;
  /** The committed plan: the nodes calls arrive on and go out through. */
  abstract usePlan(plan: GatewayPlan): void;
  /** Starts (or restarts) taking calls, with this profile for whatever the adapter simulates. */
  abstract start(profile: TrafficProfile): void;
  /** No new calls arrive; calls in progress go on to their end. */
  abstract stop(): void;
  abstract get running(): boolean;
  /** The profile last started with (undefined before the first start). */
  abstract get profile(): TrafficProfile | undefined;

  /**
   * Places one call whose caller the transport simulates, arriving at the engine's time (the next advance runs
   * it); answers its inbound leg, named once the gateway takes the call. Undefined: no call can arrive there now
   * (a transport that simulates no caller, or a node the network cut off).
   */
  place(_call: PlacedCall): TransportLeg | undefined {
    return undefined;
  }

  /** An INVITE on a new outbound leg toward the node's peer; answers the leg. */
  abstract invite(offer: Offer): TransportLeg;
  /** A response to the caller's INVITE on the inbound leg: 100, 18x relayed, 200 with the answer, or a failure. */
  abstract respond(leg: TransportLeg, status: number, response: Lazy<SipResponse>): void;
  /** The ACK of a far end's final response on an outbound leg. */
  abstract ack(leg: TransportLeg, ack: Lazy<SipRequest>): void;
  /** CANCEL of the INVITE pending on an outbound leg. */
  abstract cancel(leg: TransportLeg, cancel: Lazy<SipRequest>): void;
  /** BYE on a leg (the gateway ends or relays the end of a connected call). */
  abstract bye(leg: TransportLeg, bye: Lazy<SipRequest>): void;
  /** 200 OK to a CANCEL or BYE received on the leg. */
  abstract confirm(leg: TransportLeg, method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void;
  /**
   * The gateway's answer to the leg's transfer request (TransferAnswer). A transport whose legs never ask for a
   * transfer (a synthetic world's) is never given one.
   */
  answerTransfer(_leg: TransportLeg, _answer: TransferAnswer): void {
    // only a transport that reported a transfer request is answered
  }
  /** A transfer's progress for the leg that asked for it (RFC 3515 NOTIFY): the target's status, final at 200 and up. */
  transferProgress(_leg: TransportLeg, _status: number): void {
    // only a transport that reported a transfer request hears of its progress
  }
  /**
   * A transfer the gateway carried out is done: the target's leg took the transferor's place beside the transferee's.
   * The transport brings the two legs' media together (a transferee left on hold by the transferor is offered the
   * target's media, RFC 3261 section 14, RFC 3264 section 8). A transport whose legs carry no media does nothing.
   */
  transferred(_transferee: TransportLeg, _target: TransportLeg): void {
    // a transport without media has nothing to bring together
  }

  /**
   * The gateway is done with the leg (its call ended by the gateway's safety net): whatever the transport still
   * holds for it goes (a caller still waiting gets a final answer). Nothing by default.
   */
  release(_leg: TransportLeg): void {
    // a transport that holds nothing per leg has nothing to let go
  }

  /**
   * How long (ms of lab time) a call with this leg may go without a final answer before the gateway gives up on it
   * (Timer C); undefined: no limit (far ends the transport models always answer or fail in time).
   */
  setupLimitMs(_leg: TransportLeg): number | undefined {
    return undefined;
  }

  /** The engine is dropped: whatever the transport holds outside it (sockets, registrations) is let go. */
  dispose(): void {
    // a transport that holds nothing outside the engine has nothing to let go
  }
}
