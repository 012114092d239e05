import {
  buildCancel, buildResponse, digestAuthorization, parseDigestChallenge,
  type ClientCallbacks, type ServerTransaction, type SipAddress, type SipRequest, type SipResponse, type SipStack, type WireEvent,
} from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../../configuration/index.js';
import { mix } from '../../domain/Randomness.js';
import type { Scheduler } from '../../domain/Scheduler.js';
import { SessionTransport, type Offer, type TransactionMethod, type TransportLeg, type TransportListener } from '../../domain/SessionTransport.js';
import type { Lazy } from '../../domain/SipDialogs.js';
import type { TrafficProfile } from '../../domain/TrafficProfile.js';
import { EarlyRecords } from './EarlyRecords.js';
import { InboundCalls } from './InboundCalls.js';
import type { LabSip, NodeListener } from './LabSip.js';
import { localResponse } from './localResponse.js';
import { MediaWiring } from './MediaWiring.js';
import { SocketLeg } from './SocketLeg.js';
import { SocketLegs } from './SocketLegs.js';
import { SocketReports } from './SocketReports.js';
import {
  ALLOW, cseqOf, firstHeader, retarget, tagOf, uriAddress, withBody, withContact, withCSeq, withHeader, withVia,
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

  constructor(
    scheduler: Scheduler,
    private readonly sip: LabSip,
    private readonly detach: (transport: SocketTransport) => void,
  ) {
    super();
    this.reports = new SocketReports(scheduler, () => sip.now());
    this.media = new MediaWiring(sip);
    this.inbound = new InboundCalls(sip, this.reports, this.legs, this.early, this.media);
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
    return this.listenerToward(node) !== undefined;
  }

  override dispose(): void {
    this.reports.disposed = true;
    this.detach(this);
    this.legs.close();
  }

  invite(offer: Offer): TransportLeg {
    const node = offer.node;
    const listener = this.listenerToward(node);
    if (!listener) throw new Error('the node\'s far end is not reached on the lab\'s listeners');
    const registrar = node.sip.registrar !== undefined;
    const built = offer.invite();
    const destination = registrar ? this.sip.registered(node, offer.destination) : this.peerOf(node);
    const local = listener.address(destination?.transport ?? node.local.transport) ?? listener.address('UDP') ?? listener.address('TCP')!;
    const caller = offer.caller instanceof SocketLeg ? offer.caller : undefined;
    const callId = firstHeader(built, 'Call-ID') ?? '';
    const leg = new SocketLeg(offer.index, node, offer.sessionIdentifier, listener.stack, local, destination ?? local, callId, caller?.media, 1);
    this.legs.add(leg);
    if (!destination) {
      // a registrar node with no phone registered under the number: the phone is not reachable
      this.reports.post(() => {
        leg.finalStatus = 480;
        this.reports.listener?.responded(leg, 'INVITE', 480, () => buildResponse(built, 480, { toTag: 'gw' + (mix(callId, 'to') >>> 0).toString(16) }));
        this.legs.finish(leg);
      });
      return leg;
    }
    const send = (): void => {
      if (this.reports.disposed || leg.ended) return;
      if (leg.cancelPending) {
        // the caller cancelled before the INVITE left: nothing reached the far end, the attempt ends here
        leg.finalStatus = 487;
        this.reports.post(() => this.reports.listener?.responded(leg, 'INVITE', 487, () => localResponse(built, 487, callId)));
        this.legs.finish(leg);
        return;
      }
      let invite = withContact(withVia(retarget(built, destination), local), local);
      invite = withHeader(invite, 'User-Agent', node.sip.userAgent);
      const sdp = this.media.offerSdp(leg, built.body);
      if (sdp !== undefined) invite = withBody(invite, sdp);
      leg.lastSdp = invite.body;
      this.sendInvite(leg, invite);
    };
    // the called side's media ports come from the range of the node the call leaves from
    this.media.calledSideReady(leg, send);
    return leg;
  }

  respond(leg: TransportLeg, status: number, response: Lazy<SipResponse>): void {
    this.inbound.respond(this.own(leg), status, response);
  }

  ack(transportLeg: TransportLeg, ack: Lazy<SipRequest>): void {
    const leg = this.own(transportLeg);
    // the client INVITE transaction ACKs a failure itself (RFC 3261 17.1.1.3)
    if (leg.finalStatus < 200 || leg.finalStatus >= 300 || !leg.sentInvite) return;
    const built = ack();
    const target = uriAddress(built.uri, leg.peer.transport) ?? leg.peer;
    let message = withVia(built, leg.local);
    message = withCSeq(message, cseqOf(leg.sentInvite)?.seq ?? cseqOf(message)?.seq ?? 1);
    leg.peer = target;
    leg.ackSent = message;
    leg.stack.send(message, target);
  }

  cancel(transportLeg: TransportLeg, cancel: Lazy<SipRequest>): void {
    const leg = this.own(transportLeg);
    if (leg.starting) leg.cancelPending = true;
    if (!leg.sentInvite || leg.finalStatus >= 200) return;
    // a CANCEL names the INVITE exactly as it went on the wire (its URI, top Via, Call-ID, CSeq number)
    leg.stack.request(buildCancel(leg.sentInvite), leg.peer, {
      response: (response) => this.reports.post(() => this.reports.listener?.responded(leg, 'CANCEL', response.status, () => response)),
      timeout: () => undefined,
    });
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

  // ---- attempts toward real far ends ----------------------------------------------------------------------------

  private sendInvite(leg: SocketLeg, invite: SipRequest): void {
    leg.sentInvite = invite;
    leg.inviteAttempt += 1;
    leg.inviteClient = leg.stack.request(invite, leg.peer, this.inviteCallbacks(leg, leg.inviteAttempt));
  }

  /**
   * What the INVITE's client transaction reports to. The callbacks live as long as the transaction (64·T1 after a
   * 2xx), so they hold the leg and the attempt's number, never the INVITE itself (the leg lets it go when it ends).
   */
  private inviteCallbacks(leg: SocketLeg, attempt: number): ClientCallbacks {
    return {
      response: (response, retransmission) => {
        if (retransmission) {
          // the far end did not get the ACK: it goes again
          if (response.status >= 200 && response.status < 300 && leg.ackSent) leg.stack.send(leg.ackSent, leg.peer);
          return;
        }
        this.reports.post(() => this.onInviteResponse(leg, attempt, response));
      },
      timeout: () => this.reports.post(() => {
        const invite = leg.sentInvite;
        if (leg.finalStatus >= 200 || invite === undefined) return;
        leg.finalStatus = 408;
        this.reports.listener?.responded(leg, 'INVITE', 408, () => localResponse(invite, 408, leg.callId));
        this.legs.finish(leg);
      }),
    };
  }

  private onInviteResponse(leg: SocketLeg, attempt: number, response: SipResponse): void {
    const invite = leg.sentInvite;
    if (leg.finalStatus >= 200 || leg.inviteAttempt !== attempt || invite === undefined) return;
    const status = response.status;
    if ((status === 401 || status === 407) && !leg.authenticated && leg.node.sip.credentials) {
      const retried = this.authenticated(leg, invite, response);
      if (retried) {
        leg.authenticated = true;
        this.sendInvite(leg, retried);
        return;
      }
    }
    if (response.body !== '' && status < 300) this.media.farAnswer(leg, response.body);
    if (status >= 200) leg.finalStatus = status;
    if (status >= 200 && status < 300) {
      // in-dialog requests go to the far end's Contact
      const contact = firstHeader(response, 'Contact');
      const target = contact ? uriAddress(contact.replace(/^[^<]*</, '').replace(/>.*$/, ''), leg.peer.transport) : undefined;
      if (target && leg.peer.transport === 'UDP') leg.peer = target;
    }
    this.reports.listener?.responded(leg, 'INVITE', status, () => response);
    if (status >= 300) this.legs.finish(leg);
  }

  /** The INVITE again with the digest answer to the far end's challenge (new branch, next CSeq); undefined when it cannot be answered. */
  private authenticated(leg: SocketLeg, invite: SipRequest, challenge: SipResponse): SipRequest | undefined {
    const credentials = leg.node.sip.credentials!;
    const header = challenge.status === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate';
    const parsed = parseDigestChallenge(firstHeader(challenge, header) ?? '');
    if (!parsed) return undefined;
    if (credentials.realm && parsed.realm !== credentials.realm) return undefined;
    const value = digestAuthorization(parsed, { username: credentials.authorizationUsername ?? credentials.username, password: credentials.password }, 'INVITE', invite.uri);
    const seq = (cseqOf(invite)?.seq ?? 1) + 1;
    const branch = `z9hG4bK${(mix(leg.callId, 'auth', seq) >>> 0).toString(16)}${Date.now().toString(16)}`;
    let retried = withCSeq(invite, seq);
    retried = {
      ...retried,
      headers: retried.headers.map((h, i) => (h.name === 'Via' && retried.headers.findIndex((x) => x.name === 'Via') === i
        ? { name: 'Via', value: h.value.replace(/branch=[^;]+/, `branch=${branch}`) } : h)),
    };
    return withHeader(retried, challenge.status === 401 ? 'Authorization' : 'Proxy-Authorization', value);
  }

  /** Where a node's far end is on the wire: its transport connection's destination (a host name is taken as it is). */
  private peerOf(node: PlanNode): SipAddress | undefined {
    const remote = node.remote;
    if (!remote) return undefined;
    const host = /^\d+\.\d+\.\d+\.\d+$/.test(remote.host) || remote.host.includes(':') ? remote.host : remote.host === 'localhost' ? '127.0.0.1' : remote.host;
    return { transport: remote.transport, host, port: remote.port };
  }

  // ---- bookkeeping -------------------------------------------------------------------------------------------

  /** The node's listener an attempt toward it leaves on (undefined: its far end is simulated). */
  private listenerToward(node: PlanNode): NodeListener | undefined {
    const listener = this.sip.enabled() ? this.sip.listener(node.id) : undefined;
    const registrar = node.sip.registrar !== undefined;
    const realFarEnd = listener !== undefined && (registrar || this.sip.farEndIsReal(node));
    return realFarEnd ? listener : undefined;
  }

  private own(leg: TransportLeg): SocketLeg {
    if (!(leg instanceof SocketLeg)) throw new Error('the leg was not made by this transport');
    return leg;
  }
}

export type { TransactionMethod };
