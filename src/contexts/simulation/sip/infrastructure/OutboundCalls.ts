import {
  buildAck,
  buildBye,
  buildCancel,
  buildResponse,
  dialogFromResponse,
  isWebSocket,
  type ClientCallbacks,
  type Dialog,
  type SipAddress,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { mix } from '../../calls/domain/Randomness.js';
import { digestRetry, renewed } from './digestRetry.js';
import type { Offer } from '../../calls/domain/SessionTransport.js';
import type { Lazy } from '../../calls/domain/SipDialogs.js';
import type { LabSip, NodeListener } from './LabSip.js';
import { localResponse } from './localResponse.js';
import { peerAddress } from './trunks/TrunkSupervision.js';
import { ProvisionalAcks } from './ProvisionalAcks.js';
import { offeringReliability } from './ReliableResponses.js';
import { offeringSessionTimer } from './sessionTimerMessages.js';
import type { SessionTimers } from './SessionTimers.js';
import type { MediaWiring } from './MediaWiring.js';
import { SocketLeg } from './SocketLeg.js';
import type { SocketLegs } from './SocketLegs.js';
import type { SocketReports } from './SocketReports.js';
import {
  cseqOf,
  firstHeader,
  inDialogDestination,
  retarget,
  tagOf,
  toContact,
  uriAddress,
  withBody,
  withContact,
  withCSeq,
  withHeader,
  withVia,
} from './wireMessages.js';

/** How long after its CANCEL's 200 an INVITE may go without a final answer: 64·T1 (RFC 3261 section 9.1). */
const CANCELLED_INVITE_MS = 64 * 500;

/**
 * The attempts the gateway makes toward real far ends: the INVITE goes on the listener of the node the call leaves
 * from, to the node's peer (its transport connection's destination) or, at a registrar node, to the phone
 * registered under the called number (480 when none is), with the real Via, Contact and Request-URI and the
 * caller's SDP anchored on the relay. A 401/407 is answered once with the node's digest credentials; the 2xx is
 * ACKed (again each time the far end resends it); a CANCEL follows the INVITE as it went on the wire; no final
 * answer within the client transaction's Timer B is a 408.
 */
export class OutboundCalls {
  constructor(
    private readonly sip: LabSip,
    private readonly reports: SocketReports,
    private readonly legs: SocketLegs,
    private readonly media: MediaWiring,
    private readonly timers: SessionTimers,
  ) {}

  /** Whether an attempt toward the node goes on the wire: real SIP is on, the node listens, its far end is real (or it is a registrar). */
  reaches(node: PlanNode): boolean {
    return this.listenerToward(node) !== undefined;
  }

  /**
   * Where a request of its own toward the node's far end goes (a MESSAGE routed there): the listener it leaves on,
   * the address on that listener, the far end's address, and for a registrar node the phone's Contact (undefined:
   * the far end is simulated, or no phone is registered under `destination`).
   */
  whereTo(
    node: PlanNode,
    destination: string,
  ): { listener: NodeListener; local: SipAddress; address: SipAddress; contact: string | undefined } | undefined {
    const listener = this.listenerToward(node);
    if (!listener) return undefined;
    const phone = node.sip.registrar !== undefined ? this.sip.registered(node, destination) : undefined;
    const address = node.sip.registrar !== undefined ? phone?.address : peerAddress(node);
    if (!address) return undefined;
    const local = listener.address(address.transport) ?? listener.address('UDP') ?? listener.address('TCP');
    return local ? { listener, local, address, contact: phone?.contact } : undefined;
  }

  /** A new attempt toward the node's real far end (its INVITE leaves once the called side's media ports are the node's). */
  invite(offer: Offer): SocketLeg {
    const node = offer.node;
    const listener = this.listenerToward(node);
    if (!listener) throw new Error("the node's far end is not reached on the lab's listeners");
    const registrar = node.sip.registrar !== undefined;
    const built = offer.invite();
    const phone = registrar ? this.sip.registered(node, offer.destination) : undefined;
    const destination = registrar ? phone?.address : peerAddress(node);
    const local =
      listener.address(destination?.transport ?? node.local.transport) ??
      listener.address('UDP') ??
      listener.address('TCP') ??
      listener.address('WSS') ??
      listener.address('WS')!;
    const caller = offer.caller instanceof SocketLeg ? offer.caller : undefined;
    const callId = firstHeader(built, 'Call-ID') ?? '';
    const leg = new SocketLeg(
      offer.index,
      node,
      offer.sessionIdentifier,
      listener.stack,
      local,
      destination ?? local,
      callId,
      caller?.media,
      offer.side === 'caller' ? 0 : 1,
    );
    leg.replaces = offer.replaces;
    this.legs.add(leg);
    // a registrar node with no phone registered under the number: the phone is not reachable (480); a trunk its
    // keep-alive found down is not tried: 503 at once, so that the route fails over
    const refusal = !destination ? 480 : !registrar && this.sip.trunkDown(node) ? 503 : undefined;
    if (refusal !== undefined || !destination) {
      const status = refusal ?? 480;
      this.reports.post(() => {
        leg.finalStatus = status;
        this.reports.listener?.responded(leg, 'INVITE', status, () =>
          buildResponse(built, status, { toTag: 'gw' + (mix(callId, 'to') >>> 0).toString(16) }),
        );
        this.legs.finish(leg);
      });
      return leg;
    }
    // the called side's media ports come from the range of the node the call leaves from
    this.media.calledSideReady(leg, () => this.sendFirst(leg, built, destination, phone?.contact));
    return leg;
  }

  /** The ACK of the far end's 2xx (a failure's ACK is the client transaction's). */
  ack(leg: SocketLeg, ack: Lazy<SipRequest>): void {
    // the client INVITE transaction ACKs a failure itself (RFC 3261 17.1.1.3)
    if (leg.finalStatus < 200 || leg.finalStatus >= 300 || !leg.sentInvite) return;
    const built = ack();
    // a WebSocket client is reached over its connection whatever its Contact names (RFC 7118 section 5.3)
    const target = isWebSocket(leg.peer.transport) ? leg.peer : (uriAddress(built.uri, leg.peer.transport) ?? leg.peer);
    let message = withVia(built, leg.local);
    message = withCSeq(message, cseqOf(leg.sentInvite)?.seq ?? cseqOf(message)?.seq ?? 1);
    leg.peer = target;
    leg.ackSent = message;
    leg.stack.send(message, target);
  }

  /** CANCEL of the attempt's INVITE (one that has not left yet ends with 487 when it would). */
  cancel(leg: SocketLeg): void {
    if (leg.starting) leg.cancelPending = true;
    if (!leg.sentInvite || leg.finalStatus >= 200) return;
    // a CANCEL names the INVITE exactly as it went on the wire (its URI, top Via, Call-ID, CSeq number)
    const invite = leg.sentInvite;
    leg.stack.request(buildCancel(invite), leg.peer, {
      response: (response, retransmission) => {
        if (retransmission) return;
        this.reports.post(() => this.reports.listener?.responded(leg, 'CANCEL', response.status, () => response));
        if (response.status >= 200 && response.status < 300) this.awaitTerminated(leg, invite);
      },
      timeout: () => undefined,
    });
  }

  /**
   * After a CANCEL's 200 the far end owes its INVITE a final answer (487); one that never sends it is taken as having
   * sent it 64·T1 later (RFC 3261 section 9.1: the INVITE's transaction is then considered cancelled).
   */
  private awaitTerminated(leg: SocketLeg, invite: SipRequest): void {
    const timer = setTimeout(
      () =>
        this.reports.post(() => {
          if (leg.ended || leg.finalStatus >= 200 || leg.sentInvite !== invite) return;
          leg.finalStatus = 487;
          this.reports.listener?.responded(leg, 'INVITE', 487, () => localResponse(invite, 487, leg.callId));
          this.legs.finish(leg);
        }),
      CANCELLED_INVITE_MS,
    );
    timer.unref();
  }

  /**
   * The gateway's INVITE goes on the wire, rewritten for it (not when the transport or the attempt ended meanwhile):
   * toward a registered phone, its Request-URI is the phone's Contact (RFC 3261 section 16.5).
   */
  private sendFirst(leg: SocketLeg, built: SipRequest, destination: SipAddress, contact?: string): void {
    if (this.reports.disposed || leg.ended) return;
    if (leg.cancelPending) {
      // the caller cancelled before the INVITE left: nothing reached the far end, the attempt ends here
      leg.finalStatus = 487;
      this.reports.post(() =>
        this.reports.listener?.responded(leg, 'INVITE', 487, () => localResponse(built, 487, leg.callId)),
      );
      this.legs.finish(leg);
      return;
    }
    const addressed = contact !== undefined ? toContact(built, contact) : retarget(built, destination);
    let invite = withContact(withVia(addressed, leg.local), leg.local);
    invite = withHeader(invite, 'User-Agent', leg.node.sip.userAgent);
    invite = offeringReliability(invite, leg.node);
    invite = offeringSessionTimer(invite, leg.node);
    if (leg.replaces !== undefined) invite = withHeader(invite, 'Replaces', this.replaced(leg.replaces));
    const sdp = this.media.offerSdp(leg, built.body);
    if (sdp !== undefined) invite = withBody(invite, sdp);
    leg.lastSdp = invite.body;
    this.sendInvite(leg, invite);
  }

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
          // the far end did not get the ACK: it goes again (a fork's own ACK to a fork's 2xx)
          if (response.status < 200 || response.status >= 300) return;
          const fork = leg.forkAcks?.get(tagOf(firstHeader(response, 'To')) ?? '');
          const ack = fork ?? leg.ackSent;
          if (ack) leg.stack.send(ack, fork ? inDialogDestination(false, leg.peer, fork) : leg.peer);
          return;
        }
        this.reports.post(() => this.onInviteResponse(leg, attempt, response));
      },
      timeout: () =>
        this.reports.post(() => {
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
    if (invite && leg.dialog && response.status >= 200 && response.status < 300) {
      const tag = tagOf(firstHeader(response, 'To'));
      if (tag !== leg.dialog.remote.params['tag']) this.endFork(leg, invite, response, tag ?? '');
      return;
    }
    if (leg.finalStatus >= 200 || leg.inviteAttempt !== attempt || invite === undefined) return;
    const status = response.status;
    // a reliable 18x is PRACKed in its early dialog; a retransmitted or out-of-order one goes no further (RFC 3262)
    if (status > 100 && status < 200 && !(leg.pracks ??= new ProvisionalAcks()).received(leg, invite, response)) return;
    if ((status === 401 || status === 407) && !leg.authenticated && leg.node.sip.credentials) {
      const retried = digestRetry(leg.node, leg.callId, invite, response, (cseqOf(invite)?.seq ?? 1) + 1);
      if (retried) {
        leg.authenticated = true;
        this.sendInvite(leg, retried);
        return;
      }
    }
    if (status === 422 && !leg.intervalRaised) {
      // RFC 4028 section 7.4: a session interval below the far end's Min-SE; the INVITE again with that interval
      const minSe = Number(/^\s*(\d+)/.exec(firstHeader(response, 'Min-SE') ?? '')?.[1] ?? 0);
      if (minSe > 0) {
        leg.intervalRaised = true;
        let again = renewed(invite, (cseqOf(invite)?.seq ?? 1) + 1, leg.callId);
        again = withHeader(withHeader(again, 'Session-Expires', String(minSe)), 'Min-SE', String(minSe));
        this.sendInvite(leg, again);
        return;
      }
    }
    if (response.body !== '' && status < 300) this.media.farAnswer(leg, response.body, status >= 200);
    if (status >= 200) leg.finalStatus = status;
    if (status >= 200 && status < 300 && !leg.dialog) {
      // the dialog the gateway's requests on the leg (a relayed re-INVITE, its BYE) are built in
      try {
        leg.dialog = dialogFromResponse(invite, response);
        // the early dialog's PRACKs took CSeq numbers the confirmed dialog goes on from
        const early = leg.pracks?.localSeq(tagOf(firstHeader(response, 'To')));
        if (early !== undefined) leg.dialog.localSeq = Math.max(leg.dialog.localSeq, early);
      } catch {
        /* a 2xx whose To does not parse: the leg carries no request of the gateway's but its BYE */
      }
      if (leg.media) leg.media.legs[leg.side] = leg;
    }
    if (status >= 200 && status < 300) {
      // in-dialog requests go to the far end's Contact
      const contact = firstHeader(response, 'Contact');
      const target = contact
        ? uriAddress(contact.replace(/^[^<]*</, '').replace(/>.*$/, ''), leg.peer.transport)
        : undefined;
      if (target && leg.peer.transport === 'UDP') leg.peer = target;
      this.timers.answered(leg, response); // RFC 4028 section 7.2: the 2xx decides the leg's session timer
    }
    this.reports.listener?.responded(leg, 'INVITE', status, () => response);
    if (status >= 300) this.legs.finish(leg);
  }

  /**
   * Another fork's 2xx to the INVITE (another To tag) after the call took the first: that dialog is ACKed and ended
   * with a BYE (RFC 3261 section 13.2.2.4); its ACK goes again if the fork repeats its 2xx.
   */
  private endFork(leg: SocketLeg, invite: SipRequest, response: SipResponse, tag: string): void {
    if (leg.forkAcks?.has(tag)) return;
    let dialog: Dialog;
    try {
      dialog = dialogFromResponse(invite, response);
    } catch {
      return; // a 2xx whose To does not parse names no dialog the gateway could end
    }
    dialog.localSeq = Math.max(dialog.localSeq, leg.pracks?.localSeq(tag) ?? 0);
    const branch = (what: string) => `z9hG4bK${(mix(leg.callId, what, tag) >>> 0).toString(16)}`;
    const via = { transport: leg.local.transport, host: leg.local.host, port: leg.local.port };
    const ack = withVia(buildAck(invite, response, { via, branch: branch('fork-ack') }), leg.local);
    (leg.forkAcks ??= new Map()).set(tag, ack);
    leg.stack.send(ack, inDialogDestination(false, leg.peer, ack));
    const bye = withVia(buildBye(dialog, { via, branch: branch('fork-bye') }), leg.local);
    leg.stack.request(bye, inDialogDestination(false, leg.peer, bye), {
      response: () => undefined,
      timeout: () => undefined,
    });
  }

  /**
   * A Replaces toward the far end (RFC 3891 section 3): one naming a dialog of the gateway's names, as the far end
   * knows it, the gateway's dialog with that far end — the other side of a caller's leg it names, the leg itself when
   * it is the gateway's own outbound one; from-tag the gateway's tag, to-tag the far end's. Any other passes as it came.
   */
  private replaced(replaces: string): string {
    const [callId = '', ...params] = replaces.split(';').map((part) => part.trim());
    const named = this.legs.get(callId);
    const leg = named && named.index === 0 ? named.media?.legs[1] : named;
    const dialog = leg && !leg.ended ? leg.dialog : undefined;
    if (!leg || !dialog) return replaces;
    const kept = params.filter((param) => !/^(to|from)-tag=/i.test(param));
    const local = dialog.local.params['tag'] ?? '';
    const remote = dialog.remote.params['tag'] ?? '';
    return [leg.callId, `to-tag=${remote}`, `from-tag=${local}`, ...kept].join(';');
  }

  /** The node's listener an attempt toward it leaves on (undefined: its far end is simulated). */
  private listenerToward(node: PlanNode): NodeListener | undefined {
    const listener = this.sip.enabled() ? this.sip.listener(node.id) : undefined;
    const registrar = node.sip.registrar !== undefined;
    const realFarEnd = listener !== undefined && (registrar || this.sip.farEndIsReal(node));
    return realFarEnd ? listener : undefined;
  }
}
