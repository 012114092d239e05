import { buildResponse, type ServerTransaction, type SipRequest, type SipResponse, type SipStack, type WireEvent } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../../configuration/index.js';
import type { Scheduler } from '../../domain/Scheduler.js';
import { SessionTransport, type Offer, type TransactionMethod, type TransportLeg, type TransportListener } from '../../domain/SessionTransport.js';
import type { Lazy } from '../../domain/SipDialogs.js';
import type { TrafficProfile } from '../../domain/TrafficProfile.js';
import { EarlyRecords } from './EarlyRecords.js';
import { InboundCalls } from './InboundCalls.js';
import type { LabSip, NodeListener } from './LabSip.js';
import { MediaWiring } from './MediaWiring.js';
import { OutboundCalls } from './OutboundCalls.js';
import { SocketLeg } from './SocketLeg.js';
import { SocketLegs } from './SocketLegs.js';
import { SocketReports } from './SocketReports.js';
import {
  ALLOW, cseqOf, firstHeader, tagOf, uriAddress, withBody, withContact, withCSeq, withHeader, withVia,
} from './wireMessages.js';

/**
 * The second SessionTransport: real SIP on the nodes' ports of a lab (its listeners are the lab's SIP runtime's).
 * A call arriving on a socket is an inbound SocketLeg; an attempt toward a node whose far end is real goes out on
 * the node's listener to its peer (or, at a registrar node, to the phone registered under the called number). It
 * carries those legs only and draws no traffic of its own: beside it, the lab's synthetic transport plays the
 * profile's callers and the far ends that are not real (RealAndSimulatedTransport routes each leg to the adapter
 * that made it). Timers and retransmissions are the stack's transaction layer's; this adapter maps dialogs to
 * legs, rewrites the gateway's messages for the wire (wireMessages), anchors media (RtpRelay), answers digest
 * challenges of trunks with the node's credentials, and reports every message that crossed the wire, byte for
 * byte, with the real addresses and times. Socket events happen outside the engine's steps: each is put on the
 * engine's queue at the instant it happened, and the engine is woken.
 */
export class SocketTransport extends SessionTransport {
  private readonly early = new EarlyRecords();
  private readonly legs = new SocketLegs(this.early);
  private readonly reports: SocketReports;
  private readonly media: MediaWiring;
  private readonly inbound: InboundCalls;
  private readonly outbound: OutboundCalls;

  constructor(
    scheduler: Scheduler,
    sip: LabSip,
    private readonly detach: (transport: SocketTransport) => void,
  ) {
    super();
    this.reports = new SocketReports(scheduler, () => sip.now());
    this.media = new MediaWiring(sip);
    this.inbound = new InboundCalls(sip, this.reports, this.legs, this.early, this.media);
    this.outbound = new OutboundCalls(sip, this.reports, this.legs, this.media);
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
    this.inbound.respond(this.own(leg), status, response);
  }

  ack(leg: TransportLeg, ack: Lazy<SipRequest>): void {
    this.outbound.ack(this.own(leg), ack);
  }

  cancel(leg: TransportLeg, _cancel: Lazy<SipRequest>): void {
    this.outbound.cancel(this.own(leg));
  }

  bye(transportLeg: TransportLeg, bye: Lazy<SipRequest>): void {
    const leg = this.own(transportLeg);
    if (leg.ended) return;
    let message = withContact(withVia(bye(), leg.local), leg.local);
    if (leg.index > 0 && leg.sentInvite) message = withCSeq(message, (cseqOf(leg.sentInvite)?.seq ?? 1) + 1);
    const target = leg.index === 0 ? leg.peer : uriAddress(message.uri, leg.peer.transport) ?? leg.peer;
    leg.stack.request(message, target, {
      response: (response, retransmission) => {
        if (retransmission) return;
        this.reports.post(() => {
          this.reports.listener?.responded(leg, 'BYE', response.status, () => response);
          if (response.status >= 200) this.legs.finish(leg);
        });
      },
      timeout: () => this.reports.post(() => {
        this.reports.listener?.responded(leg, 'BYE', 408, () => buildResponse(message, 408));
        this.legs.finish(leg);
      }),
    });
  }

  confirm(transportLeg: TransportLeg, method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void {
    const leg = this.own(transportLeg);
    // the stack answered the CANCEL itself (RFC 3261 9.2)
    if (method === 'CANCEL') return;
    const transaction = leg.pendingBye;
    leg.pendingBye = undefined;
    if (!transaction) return;
    transaction.respond(withContact(ok(), leg.local));
    this.legs.finish(leg);
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
    if (inDialog) {
      this.inDialog(this.legs.get(callId), transaction);
      return;
    }
    await this.inbound.received(nodeId, listener, transaction, callId);
  }

  /** The ACK of a 2xx the gateway sent (its own record came through the wire). */
  onAck(_request: SipRequest): void {
    // the ACK confirms the dialog; the stack stopped resending the 200
  }

  /** The caller CANCELs its INVITE (the stack answered the CANCEL 200). */
  onCancel(invite: ServerTransaction, cancel: SipRequest): void {
    this.inbound.cancelled(invite, cancel);
  }

  /** The caller never ACKed the gateway's 200 (64·T1): the gateway ends the call. */
  onAckTimeout(invite: ServerTransaction): void {
    this.inbound.ackTimedOut(invite);
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

  /** A request inside a dialog the transport carries: BYE, a session refresh, INFO. */
  private inDialog(leg: SocketLeg | undefined, transaction: ServerTransaction): void {
    const request = transaction.request;
    if (!leg || leg.ended) {
      transaction.respond(buildResponse(request, 481));
      return;
    }
    switch (request.method) {
      case 'BYE':
        leg.pendingBye = transaction;
        this.reports.post(() => this.reports.listener?.byeReceived(leg, () => request));
        return;
      case 'INVITE':
      case 'UPDATE': {
        // a session refresh: the media stays as it is; the answer repeats what the gateway last sent
        const ok = withContact(buildResponse(request, 200), leg.local);
        transaction.respond(leg.lastSdp ? withHeader(withBody(ok, leg.lastSdp), 'Content-Type', 'application/sdp') : ok);
        return;
      }
      case 'INFO':
      case 'OPTIONS':
      case 'NOTIFY':
        transaction.respond(buildResponse(request, 200));
        return;
      default:
        transaction.respond(withHeader(buildResponse(request, 405), 'Allow', ALLOW));
    }
  }

  // ---- bookkeeping -------------------------------------------------------------------------------------------

  private own(leg: TransportLeg): SocketLeg {
    if (!(leg instanceof SocketLeg)) throw new Error('the leg was not made by this transport');
    return leg;
  }
}

export type { TransactionMethod };
