import {
  buildInDialog,
  buildResponse,
  parseNameAddr,
  rejectionResponse,
  sdpOf,
  type InDialogSpec,
  type ServerTransaction,
  type SipAddress,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import { mix } from '../../calls/domain/Randomness.js';
import { digestRetry } from './digestRetry.js';
import { offerRefusal } from './requestScreen.js';
import type { MediaWiring } from './MediaWiring.js';
import type { SessionTimers } from './SessionTimers.js';
import { answeringDirection, directionOfText, withDirection } from './sdpDirection.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketReports } from './SocketReports.js';
import { cseqOf, dialogAck, firstHeader, inDialogDestination, uriAt, withHeader, withVia } from './wireMessages.js';

/** A re-INVITE or UPDATE under way between two legs: received on `origin`, sent on `target` (or answered here). */
export interface Exchange {
  readonly method: 'INVITE' | 'UPDATE';
  readonly origin: SocketLeg;
  readonly target: SocketLeg | undefined;
  /** The origin's request, answered when the target answers. */
  readonly server: ServerTransaction;
  /** The request as it went to the target. */
  sent: SipRequest | undefined;
  /** The offer the origin made (undefined: a re-INVITE without SDP, whose offer comes from the target's 2xx). */
  readonly offer: string | undefined;
  /** A re-INVITE without SDP answered 2xx: the target's offer, whose answer comes in the origin's ACK. */
  targetOffer: string | undefined;
  /** The ACK the gateway sent the target (sent again when the target resends its 2xx). */
  ack: SipRequest | undefined;
}

/**
 * Headers that say what a relayed request or response carries, passed on as they came; the last four those of a
 * relayed transfer (RFC 3515, RFC 3892, RFC 4488, RFC 4538).
 */
// prettier-ignore
const CARRIED = [
  'Content-Type', 'Content-Disposition', 'Info-Package', 'Event', 'Subscription-State', 'Warning', 'Retry-After',
  'Unsupported', 'Accept', 'Allow', 'Refer-To', 'Referred-By', 'Refer-Sub', 'Target-Dialog',
];

/**
 * The requests a real endpoint sends inside an established call, carried across the gateway as an SBC carries them
 * (RFC 3261 section 14, RFC 3311, RFC 6086, RFC 3428): a re-INVITE or UPDATE (hold, resume, a codec or address
 * change), INFO and MESSAGE go to the other leg in that leg's own dialog, the other side's answer comes back, and the
 * media anchor follows the offer and answer: each side of the relay sends where the new SDP says, each side is given
 * the relay's address. An exchange the other side refuses leaves the session as it was. When the other side is
 * simulated the gateway answers for it: a re-INVITE or UPDATE is accepted with the direction that answers the offer
 * (a hold is answered receive-only). A second offer while one is under way is 491 (glare) or, on the leg that has
 * one pending, 500 with Retry-After (RFC 3261 section 14.2, RFC 3311 section 5.2).
 */
export class MidDialogRelay {
  private branches = 0;
  /** The exchanges by the origin's transaction, while they are under way. */
  private readonly pending = new WeakMap<ServerTransaction, Exchange>();

  constructor(
    private readonly reports: SocketReports,
    private readonly media: MediaWiring,
    private readonly timers: SessionTimers,
  ) {}

  /**
   * A request inside the leg's confirmed dialog (not a BYE, an ACK or a CANCEL); a failure to carry it is a 500. A far
   * end's request that overtook the gateway's handling of its 2xx (on the engine's queue, the caller answered in the
   * same step) is taken after it.
   */
  received(leg: SocketLeg, transaction: ServerTransaction, queued = false): void {
    if (leg.index > 0 && !leg.dialog && !queued) {
      this.reports.post(() =>
        leg.ended
          ? transaction.respond(buildResponse(transaction.request, 481))
          : this.received(leg, transaction, true),
      );
      return;
    }
    try {
      this.take(leg, transaction);
    } catch (error) {
      this.failed(leg, transaction, error);
    }
  }

  private take(leg: SocketLeg, transaction: ServerTransaction): void {
    const request = transaction.request;
    const method = request.method;
    const body = sdpOf(request);
    // an offer that is not SDP, or has no stream the relay can carry, goes no further (as a new call's would not)
    const refusal =
      method === 'INVITE' || method === 'UPDATE' || body.kind === 'malformed'
        ? offerRefusal(request, leg.local.host)
        : undefined;
    if (refusal) {
      transaction.respond(rejectionResponse(request, refusal));
      return;
    }
    if (method === 'INFO') leg.infoReceived(request, this.reports.now()); // a DTMF digit in its body is the call's
    const target = this.partnerOf(leg);
    if (method === 'INVITE' || method === 'UPDATE') {
      const pending = leg.exchange;
      if (pending) {
        transaction.respond(this.glare(request, pending.origin === leg));
        return;
      }
      // the gateway's own offer is under way on this leg (glare), or on the other, whose dialog takes no second one now
      if (leg.ownOffer || target?.ownOffer) {
        transaction.respond(buildResponse(request, 491));
        return;
      }
    }
    if (method === 'INVITE' || method === 'UPDATE') {
      this.refreshTarget(leg, request);
      const exchange: Exchange = {
        method,
        origin: leg,
        target,
        server: transaction,
        sent: undefined,
        offer: body.kind === 'sdp' ? body.text : undefined,
        targetOffer: undefined,
        ack: undefined,
      };
      if (!target) return this.answerHere(exchange);
      leg.exchange = target.exchange = exchange;
      this.pending.set(transaction, exchange);
    } else if (!target) {
      transaction.respond(buildResponse(request, 200));
      return;
    }
    this.forward(leg, target, transaction);
  }

  /**
   * An ACK on the leg: the one of a relayed re-INVITE's 2xx (true) ends the exchange; after a re-INVITE without SDP
   * it carries the answer, which the target's ACK carries on. False for any other ACK.
   */
  acked(leg: SocketLeg, ack: SipRequest): boolean {
    const exchange = leg.exchange;
    if (!exchange || exchange.origin !== leg || exchange.method !== 'INVITE') return false;
    if (cseqOf(ack)?.seq !== cseqOf(exchange.server.request)?.seq) return false;
    this.end(exchange);
    const target = exchange.target;
    if (!target || !exchange.targetOffer || !exchange.sent) return true;
    // the answer to the target's offer: each side of the relay sends where the new SDP says
    const answer = sdpOf(ack).kind === 'sdp' ? ack.body : undefined;
    if (answer) {
      this.media.aim(leg, answer);
      this.media.aim(target, exchange.targetOffer);
    }
    this.sendAck(exchange, answer === undefined ? undefined : this.media.toward(target, answer));
    return true;
  }

  /**
   * A relayed re-INVITE's 2xx that the origin never ACKed (64·T1, RFC 3261 section 13.3.1.4): the exchange ends and
   * so does the call (a BYE on both legs). False when the transaction is not one of a relayed re-INVITE.
   */
  ackTimedOut(transaction: ServerTransaction): boolean {
    const exchange = this.pending.get(transaction);
    if (!exchange) return false;
    this.end(exchange);
    const origin = exchange.origin;
    if (!origin.ended) this.reports.post(() => this.reports.listener?.timedOut(origin));
    return true;
  }

  /**
   * A request of the gateway's own in the leg's dialog (a NOTIFY of a transfer's progress), with these headers and
   * body; a 401/407 is answered once with the node's credentials. Its answer is not waited for.
   */
  own(leg: SocketLeg, method: string, headers: readonly [string, string][], body: string): void {
    if (!leg.dialog || leg.ended) return;
    let message = buildInDialog(leg.dialog, method, this.spec(leg), body === '' ? undefined : body);
    message = withHeader(withVia(message, leg.local), 'User-Agent', leg.node.sip.userAgent);
    for (const [name, value] of headers) message = withHeader(message, name, value);
    this.send(leg, message, undefined, () => undefined);
  }

  /**
   * The other real leg of the leg's call, its dialog established; undefined when that side is simulated or gone. A
   * caller whose far end answered while the gateway's 2xx to it is still on its way is the partner already: what
   * goes to it waits for its ACK (forward).
   */
  partnerOf(leg: SocketLeg): SocketLeg | undefined {
    const other = leg.media?.legs[leg.side === 0 ? 1 : 0];
    if (!other || other === leg || other.ended) return undefined;
    const answering = other.index === 0 && other.finalStatus < 200 && leg.index > 0 && leg.dialog !== undefined;
    return other.dialog || answering ? other : undefined;
  }

  /** The request could not be carried (an SDP the anchor cannot rewrite, say): 500, the session as it was. */
  private failed(leg: SocketLeg, transaction: ServerTransaction, error: unknown): void {
    const exchange = this.pending.get(transaction) ?? (leg.exchange?.server === transaction ? leg.exchange : undefined);
    if (exchange) this.end(exchange);
    this.reports.warn({ err: error }, 'a request inside a call could not be carried across; answered 500');
    transaction.respond(buildResponse(transaction.request, 500));
  }

  /** The caller a request waited for ended without confirming its call: the request is answered 487 (the call ends). */
  private terminated(origin: SocketLeg, transaction: ServerTransaction): void {
    const exchange = origin.exchange?.server === transaction ? origin.exchange : undefined;
    if (exchange) this.end(exchange);
    if (!origin.ended) transaction.respond(buildResponse(transaction.request, 487));
  }

  /** 491 when the gateway's own offer to the leg is under way (glare), 500 with Retry-After when the leg's is. */
  private glare(request: SipRequest, own: boolean): SipResponse {
    if (!own) return buildResponse(request, 491);
    const retry = String(1 + (mix(firstHeader(request, 'Call-ID') ?? '', 'retry') % 10));
    return withHeader(buildResponse(request, 500), 'Retry-After', retry);
  }

  /**
   * The request on the target leg, in the target's dialog; its final answer goes back to the origin. A caller that
   * has not ACKed the gateway's 2xx yet gets it once it has (RFC 3261 section 14.1).
   */
  private forward(origin: SocketLeg, target: SocketLeg, transaction: ServerTransaction): void {
    if (target.index === 0 && !target.confirmed) {
      target.onConfirmed.push(() => {
        try {
          if (!target.ended) this.forward(origin, target, transaction);
          else this.terminated(origin, transaction);
        } catch (error) {
          this.failed(origin, transaction, error);
        }
      });
      return;
    }
    const request = transaction.request;
    // an INFO or a MESSAGE while a re-INVITE is under way is not that exchange's
    const exchange = origin.exchange?.server === transaction ? origin.exchange : undefined;
    const sdp = sdpOf(request).kind === 'sdp' ? request.body : undefined;
    const body = sdp !== undefined ? this.media.toward(target, sdp) : request.body;
    let message = buildInDialog(target.dialog!, request.method, this.spec(target), body === '' ? undefined : body);
    message = withVia(message, target.local);
    message = withHeader(message, 'User-Agent', target.node.sip.userAgent);
    for (const name of CARRIED) {
      const value = firstHeader(request, name);
      if (value !== undefined && name !== 'Warning') message = withHeader(message, name, value);
    }
    if (exchange) message = this.timers.relaying(target, message); // the target leg's own session timer
    this.send(target, message, exchange, (sent, response) => {
      try {
        this.answered(origin, target, transaction, sent, response);
      } catch (error) {
        this.failed(origin, transaction, error);
      }
    });
  }

  /**
   * Sends a request in the target's dialog; `final` hears its final answer (a 408 when none came). A 401 or 407 is
   * answered once with the node's credentials (RFC 3261 section 22.2), the request sent again with the next CSeq.
   */
  private send(
    target: SocketLeg,
    message: SipRequest,
    exchange: Exchange | undefined,
    final: (sent: SipRequest, response: SipResponse) => void,
    retried = false,
  ): void {
    if (exchange) exchange.sent = message;
    target.stack.request(message, this.destination(target, message), {
      response: (response, retransmission) => {
        if (retransmission) {
          if (exchange?.ack && response.status >= 200 && response.status < 300)
            target.stack.send(exchange.ack, this.destination(target, exchange.ack));
          return;
        }
        // at once, as a request inside the dialog is carried at once: a relayed 202 must not fall behind the NOTIFY
        // the same side sends right after it
        const dialog = target.dialog;
        if ((response.status === 401 || response.status === 407) && !retried && dialog) {
          const again = digestRetry(target.node, target.callId, message, response, dialog.localSeq + 1);
          if (again) {
            dialog.localSeq += 1;
            this.send(target, again, exchange, final, true);
            return;
          }
        }
        if (response.status >= 200) final(message, response);
      },
      timeout: () => this.reports.post(() => final(message, buildResponse(message, 408))),
    });
  }

  /** The target's answer to a relayed request: its final response goes back to the origin, the media follows a 2xx. */
  private answered(
    origin: SocketLeg,
    target: SocketLeg,
    transaction: ServerTransaction,
    sent: SipRequest,
    response: SipResponse,
  ): void {
    const status = response.status;
    if (status < 200) return; // the origin's INVITE transaction answered 100 Trying itself
    const exchange = origin.exchange;
    const relayed = exchange?.server === transaction ? exchange : undefined;
    const answerSdp = sdpOf(response).kind === 'sdp' ? response.body : undefined;
    if (relayed && status < 300) {
      this.refreshTarget(target, response);
      if (relayed.offer !== undefined && answerSdp !== undefined) {
        this.media.aim(origin, relayed.offer);
        this.media.aim(target, answerSdp);
      }
      // a re-INVITE with an offer is ACKed at once; one without waits for the origin's answer in its ACK
      if (relayed.method === 'INVITE' && relayed.offer === undefined && answerSdp !== undefined)
        relayed.targetOffer = answerSdp;
      else if (relayed.method === 'INVITE') this.sendAck(relayed, undefined);
    }
    if (relayed && relayed.targetOffer === undefined) this.end(relayed);
    if (origin.ended) return;
    let answer = buildResponse(transaction.request, status, { reason: response.reason });
    for (const name of CARRIED) {
      const value = firstHeader(response, name);
      if (value !== undefined) answer = withHeader(answer, name, value);
    }
    if (response.body !== '') {
      const body = answerSdp !== undefined ? this.media.toward(origin, answerSdp) : response.body;
      answer = { ...answer, body };
      if (answerSdp !== undefined) origin.lastSdp = body;
    }
    if (relayed && status < 300) answer = withHeader(answer, 'Contact', `<${uriAt(undefined, origin.local)}>`);
    if (relayed?.offer !== undefined && status < 300) target.lastSdp = sent.body;
    if (relayed && status < 300)
      answer = this.timers.relayedAnswer(origin, target, transaction.request, response, answer);
    transaction.respond(answer);
  }

  /** The gateway answers for a simulated other side: the offer accepted with the answering direction. */
  private answerHere(exchange: Exchange): void {
    const leg = exchange.origin;
    const request = exchange.server.request;
    let answer = withHeader(buildResponse(request, 200), 'Contact', `<${uriAt(undefined, leg.local)}>`);
    if (leg.lastSdp) {
      const offered = exchange.offer;
      const direction = offered ? answeringDirection(directionOfText(offered)) : undefined;
      // a refresh that changes nothing gets the same SDP, its version unchanged (RFC 3264 section 8)
      const sdp =
        direction && direction !== directionOfText(leg.lastSdp) ? withDirection(leg.lastSdp, direction) : leg.lastSdp;
      if (offered) this.media.aim(leg, offered);
      leg.lastSdp = sdp;
      answer = withHeader({ ...answer, body: sdp }, 'Content-Type', 'application/sdp');
    }
    exchange.server.respond(this.timers.relayedAnswer(leg, undefined, request, undefined, answer));
  }

  /**
   * The ACK of the target's 2xx to a relayed re-INVITE, in the target's dialog with the re-INVITE's CSeq number (RFC
   * 3261 section 13.2.2.4); after a re-INVITE without SDP it carries the origin's answer.
   */
  private sendAck(exchange: Exchange, body: string | undefined): void {
    const target = exchange.target;
    const sent = exchange.sent;
    const dialog = target?.dialog;
    if (!target || !sent || !dialog) return;
    const ack = dialogAck(dialog, this.spec(target), sent, target.local, body);
    exchange.ack = ack;
    target.stack.send(ack, this.destination(target, ack));
  }

  private end(exchange: Exchange): void {
    if (exchange.origin.exchange === exchange) exchange.origin.exchange = undefined;
    if (exchange.target?.exchange === exchange) exchange.target.exchange = undefined;
  }

  /** A target refresh (RFC 3261 section 12.2): the Contact of a re-INVITE, an UPDATE or their 2xx is the peer's new target. */
  private refreshTarget(leg: SocketLeg, message: SipRequest | SipResponse): void {
    const contact = firstHeader(message, 'Contact');
    if (!contact || !leg.dialog) return;
    try {
      leg.dialog.remoteTarget = parseNameAddr(contact).uri;
    } catch {
      /* a Contact that does not parse leaves the target as it was */
    }
  }

  private spec(leg: SocketLeg): InDialogSpec {
    this.branches += 1;
    const branch = `z9hG4bK${(mix(leg.callId, 'mid', this.branches) >>> 0).toString(16)}${this.branches.toString(16)}`;
    return {
      via: { transport: leg.local.transport, host: leg.local.host, port: leg.local.port },
      branch,
      contact: { uri: uriAt(undefined, leg.local), params: {} },
    };
  }

  private destination(leg: SocketLeg, message: SipRequest): SipAddress {
    return inDialogDestination(leg.index === 0, leg.peer, message);
  }
}
