import type { ServerTransaction, SipAddress, SipRequest, SipResponse, SipStack, WireEvent } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../configuration/index.js';
import type { Scheduler } from '../../calls/domain/Scheduler.js';
import {
  SessionTransport,
  type Offer,
  type TransferAnswer,
  type TransportLeg,
  type TransportListener,
} from '../../calls/domain/SessionTransport.js';
import type { Lazy } from '../../calls/domain/SipDialogs.js';
import type { TrafficProfile } from '../../calls/domain/TrafficProfile.js';
import { EarlyRecords } from './EarlyRecords.js';
import { InboundCalls } from './InboundCalls.js';
import { InDialogRequests } from './InDialogRequests.js';
import { MidDialogRelay } from './MidDialogRelay.js';
import { PageMessages } from './PageMessages.js';
import type { LabSip, NodeListener } from './LabSip.js';
import { MediaWiring } from './MediaWiring.js';
import { OutboundCalls } from './OutboundCalls.js';
import { SocketLeg } from './SocketLeg.js';
import { SocketLegs } from './SocketLegs.js';
import { SocketReports } from './SocketReports.js';
import { SessionTimers } from './SessionTimers.js';
import { TransferMedia } from './TransferMedia.js';
import { TransferRequests } from './TransferRequests.js';
import { refusedResponse } from './localResponse.js';
import { screenRequest } from './requestScreen.js';
import { firstHeader, tagOf } from './wireMessages.js';

/**
 * The second SessionTransport: real SIP on the nodes' ports of a lab (its listeners are the lab's SIP runtime's).
 * A call arriving on a socket is an inbound SocketLeg; an attempt toward a node whose far end is real goes out on
 * the node's listener to its peer (or, at a registrar node, to the phone registered under the called number). It
 * carries those legs only and draws no traffic of its own: beside it, the lab's synthetic transport plays the
 * profile's callers and the far ends that are not real (RealAndSimulatedTransport routes each leg to the adapter
 * that made it). Timers and retransmissions are the stack's transaction layer's; this adapter maps dialogs to
 * legs, rewrites the gateway's messages for the wire (wireMessages), anchors media (RtpRelay), answers digest
 * challenges of trunks with the node's credentials, and reports every message that crossed the wire, byte for
 * byte, with the real addresses and times.
 *
 * It ties the parts that do each job: InboundCalls (what arrives outside a dialog, the real callers' calls),
 * OutboundCalls (attempts toward real far ends), InDialogRequests (requests inside the dialogs, either way),
 * MediaWiring (the relay and the SDP), SocketLegs (the legs by Call-ID, lingering once finished), EarlyRecords
 * (wire records no leg claims yet) and SocketReports (socket events put on the engine's queue at the instant they
 * happened, the engine woken).
 */
export class SocketTransport extends SessionTransport {
  private readonly early = new EarlyRecords();
  private readonly legs = new SocketLegs(this.early);
  private readonly reports: SocketReports;
  private readonly media: MediaWiring;
  private readonly inbound: InboundCalls;
  private readonly outbound: OutboundCalls;
  private readonly inDialog: InDialogRequests;
  private readonly relay: MidDialogRelay;
  private readonly transfers: TransferRequests;
  private readonly transferMedia: TransferMedia;
  private readonly timers: SessionTimers;

  constructor(
    scheduler: Scheduler,
    private readonly sip: LabSip,
    private readonly detach: (transport: SocketTransport) => void,
  ) {
    super();
    this.reports = new SocketReports(
      scheduler,
      () => sip.now(),
      (fields, message) => sip.warn(fields, message),
    );
    this.media = new MediaWiring(sip);
    this.timers = new SessionTimers(this.reports, this.media);
    this.outbound = new OutboundCalls(sip, this.reports, this.legs, this.media, this.timers);
    const pages = new PageMessages(sip, this.outbound);
    this.inbound = new InboundCalls(sip, this.reports, this.legs, this.early, this.media, pages);
    this.relay = new MidDialogRelay(this.reports, this.media, this.timers);
    this.transfers = new TransferRequests(this.reports, this.relay);
    this.transferMedia = new TransferMedia(this.reports, this.media, this.timers.offers);
    this.inDialog = new InDialogRequests(this.reports, this.legs, this.relay, this.transfers);
  }

  // ---- the gateway → the transport ------------------------------------------------------------------------

  connect(listener: TransportListener): void {
    this.reports.listener = listener;
  }

  usePlan(_plan: GatewayPlan): void {
    // the nodes a request arrives on are looked up in the committed plan itself (LabSip.plan)
  }

  start(_profile: TrafficProfile): void {
    // real calls arrive whenever they come, while the lab's listeners are open: no profile draws them
  }

  stop(): void {
    // the profile's traffic stops where it is drawn; what arrives on the listeners still arrives
  }

  /** False: the transport draws no traffic of its own (a profile runs on the synthetic transport beside it). */
  get running(): boolean {
    return false;
  }

  get profile(): TrafficProfile | undefined {
    return undefined;
  }

  override answerTransfer(leg: TransportLeg, answer: TransferAnswer): void {
    this.transfers.answer(this.own(leg), answer);
  }

  override transferProgress(leg: TransportLeg, status: number): void {
    this.transfers.progress(this.own(leg), status);
  }

  /** The transferee's media brought to the target (TransferMedia: a re-INVITE where they changed). */
  override transferred(transferee: TransportLeg, target: TransportLeg): void {
    this.transferMedia.transferred(this.own(transferee), target instanceof SocketLeg ? target : undefined);
  }

  /** Gives up the leg the gateway's safety net ended: a caller still waiting gets a 500, the leg lets go of its media. */
  override release(leg: TransportLeg): void {
    this.inbound.release(this.own(leg));
  }

  override setupLimitMs(_leg: TransportLeg): number | undefined {
    return this.sip.setupTimeoutMs();
  }

  /** Whether the leg is one this transport made (an inbound leg of a real caller, an attempt toward a real far end). */
  carries(leg: TransportLeg): leg is SocketLeg {
    return leg instanceof SocketLeg;
  }

  /** Whether an attempt toward the node goes on the wire: real SIP is on, the node listens, its far end is real (or it is a registrar). */
  reaches(node: PlanNode): boolean {
    return this.outbound.reaches(node);
  }

  override dispose(): void {
    this.reports.disposed = true;
    this.detach(this);
    this.legs.close();
  }

  invite(offer: Offer): TransportLeg {
    return this.outbound.invite(offer);
  }

  respond(leg: TransportLeg, status: number, response: Lazy<SipResponse>): void {
    const own = this.own(leg);
    const invite = own.inviteTransaction?.request;
    // the 2xx to the caller carries the leg's session timer, which starts with it (SessionTimers, RFC 4028 section 9)
    const answered = status >= 200 && status < 300 && invite;
    this.inbound.respond(own, status, answered ? () => this.timers.answering(own, invite, response()) : response);
  }

  ack(leg: TransportLeg, ack: Lazy<SipRequest>): void {
    this.outbound.ack(this.own(leg), ack);
  }

  cancel(leg: TransportLeg, _cancel: Lazy<SipRequest>): void {
    this.outbound.cancel(this.own(leg));
  }

  bye(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    this.inDialog.bye(this.own(leg), bye);
  }

  confirm(leg: TransportLeg, method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void {
    this.inDialog.confirm(this.own(leg), method, ok);
  }

  /** A listener was replaced on its ports (its socket closed at once): its calls in progress go on on the new one. */
  move(from: NodeListener, to: NodeListener): void {
    this.legs.move(from.stack, to);
  }

  /** Whether a call in progress still uses the stack (a listener that moved away closes once none does). */
  uses(stack: SipStack): boolean {
    return this.legs.uses(stack);
  }

  // ---- the listeners → the transport ------------------------------------------------------------------------

  /** A request on one of the lab's listeners (not an ACK to a 2xx, nor a CANCEL: those come separately). */
  async onRequest(nodeId: string, listener: NodeListener, transaction: ServerTransaction): Promise<void> {
    const request = transaction.request;
    const callId = firstHeader(request, 'Call-ID') ?? '';
    const inDialog = tagOf(firstHeader(request, 'To')) !== undefined;
    const refusal = screenRequest(request, inDialog, listener.address(transaction.source.transport)?.host ?? 'gwsim');
    if (refusal) {
      transaction.respond(refusedResponse(request, refusal, callId, inDialog));
      return;
    }
    if (inDialog) {
      const leg = this.legs.get(callId);
      // a session refresh that changes nothing is answered on its own leg (SessionTimers)
      if (leg && !leg.ended && this.timers.takes(leg, transaction)) return;
      this.inDialog.received(leg, transaction);
      return;
    }
    await this.inbound.received(nodeId, listener, transaction, callId);
  }

  /** The ACK of a 2xx the gateway sent (its own record came through the wire). */
  onAck(request: SipRequest): void {
    // the ACK confirms the dialog (the stack stopped resending the 200); it carries the answer to a late offer
    const leg = this.legs.get(firstHeader(request, 'Call-ID') ?? '');
    if (leg) this.timers.acked(leg, request);
    if (leg && this.relay.acked(leg, request)) return; // the ACK of a relayed re-INVITE's 2xx
    if (leg && leg.index === 0 && !leg.confirmed && leg.dialog) {
      leg.confirmed = true;
      for (const waiting of leg.onConfirmed.splice(0)) waiting();
    }
    this.inbound.acked(request);
  }

  /** The caller CANCELs its INVITE (the stack answered the CANCEL 200). */
  onCancel(invite: ServerTransaction, cancel: SipRequest): void {
    this.inbound.cancelled(invite, cancel);
  }

  /** The caller never ACKed the gateway's 200 (64·T1): the gateway ends the call. */
  onAckTimeout(invite: ServerTransaction): void {
    if (!this.relay.ackTimedOut(invite)) this.inbound.ackTimedOut(invite);
  }

  /**
   * A WebSocket client's connection closed: nothing reaches it any more (RFC 7118 section 5.3: its requests and
   * responses go over that connection only), so the gateway ends its calls in progress, a BYE on the other leg, as
   * when a session is not refreshed in time.
   */
  onFlowClosed(stack: SipStack, flow: SipAddress): void {
    for (const leg of this.legs.toward(stack, flow))
      this.reports.post(() => {
        if (!leg.ended) this.reports.listener?.timedOut(leg);
      });
  }

  /** Every message that crossed one of the lab's listeners: into the history of the leg whose Call-ID it carries. */
  onWire(event: WireEvent): void {
    const callId = event.message ? firstHeader(event.message, 'Call-ID') : undefined;
    if (callId === undefined) return;
    const leg = this.legs.get(callId);
    if (leg) {
      this.reports.wire(leg, event);
      return;
    }
    this.early.hold(callId, event);
  }

  private own(leg: TransportLeg): SocketLeg {
    if (!(leg instanceof SocketLeg)) throw new Error('the leg was not made by this transport');
    return leg;
  }
}
