import {
  buildResponse,
  sessionExpiresOf,
  sdpOf,
  type ServerTransaction,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import { answerAsUas, takeAsUac, type SessionTimerTerms } from '../domain/sessionTimerTerms.js';
import { LegSessionTimer, REAL_TIME, type TimerHost } from './LegSessionTimer.js';
import type { MediaWiring } from './MediaWiring.js';
import { GatewayOffers } from './GatewayOffers.js';
import { SessionRefreshes } from './SessionRefreshes.js';
import { allowsUpdate, sessionOf, timerRequestOf, withTimerAnswer } from './sessionTimerMessages.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketReports } from './SocketReports.js';
import { uriAt, withHeader } from './wireMessages.js';

/** The SDP of a message, when it carries one. */
function sdpText(message: SipRequest | SipResponse): string | undefined {
  const body = sdpOf(message);
  return body.kind === 'sdp' ? body.text : undefined;
}

/**
 * Session timers (RFC 4028) on the socket transport's legs. The gateway terminates them per leg, as SBCs do: each real
 * leg negotiates its own interval and refresher with its peer, the gateway refreshes the legs it is the refresher of
 * itself (SessionRefreshes), and a refresh never crosses to the other leg unless it changes the session.
 *
 * - A caller's INVITE: the gateway's 2xx carries the timer it decided as UAS (section 9), which starts on the leg.
 * - A far end's 2xx to the gateway's INVITE decides that leg's timer (section 7.2).
 * - Inside a call, a peer's re-INVITE or UPDATE is a session refresh (section 2). One that names Session-Expires and
 *   re-offers the peer's last SDP (the same lines, its o= version aside: sessionOf), or is an UPDATE without SDP, is
 *   answered here with the gateway's last SDP on the leg; any other crosses to the other leg (MidDialogRelay), and
 *   its 2xx refreshes both legs, each with its own terms.
 * - No refresh before the deadline ends the call: BYE on both legs, the call a hang-up by the gateway (section 10).
 */
export class SessionTimers {
  /** The gateway's own offers in the legs' dialogs (its refreshes and others'): their 2xx refresh the leg's session. */
  readonly offers: GatewayOffers;
  private readonly refreshes: SessionRefreshes;

  constructor(
    private readonly reports: SocketReports,
    media: MediaWiring,
    private readonly host: TimerHost = REAL_TIME,
  ) {
    this.offers = new GatewayOffers(reports, media, (leg, response) => this.answeredAsUac(leg, response));
    this.refreshes = new SessionRefreshes(reports, this.offers);
  }

  /**
   * The gateway's 2xx to a caller's INVITE (the leg's first): the timer it decides as UAS (RFC 4028 section 9) is in
   * the 2xx and starts on the leg.
   */
  answering(leg: SocketLeg, invite: SipRequest, response: SipResponse): SipResponse {
    const settings = leg.node.sip.sessionTimer;
    if (!settings.enabled || leg.ended || leg.sessionTimer?.running) return response;
    const decision = answerAsUas(settings, timerRequestOf(invite));
    if (decision.kind !== 'run') return response;
    const timer = this.timerOf(leg);
    timer.peerAllowsUpdate = allowsUpdate(invite);
    const offer = sdpText(invite);
    if (offer !== undefined) timer.peerSession = sessionOf(offer);
    timer.refreshed(decision.terms);
    return withTimerAnswer(response, decision);
  }

  /** A far end's 2xx to the gateway's INVITE: its Session-Expires decides the leg's timer (RFC 4028 section 7.2). */
  answered(leg: SocketLeg, response: SipResponse): void {
    if (leg.ended || leg.sessionTimer?.running) return;
    const terms = takeAsUac(leg.node.sip.sessionTimer, sessionExpiresOf(response));
    if (!terms) return;
    const timer = this.timerOf(leg);
    timer.peerAllowsUpdate = allowsUpdate(response);
    const answer = sdpText(response);
    if (answer !== undefined) timer.peerSession = sessionOf(answer);
    timer.refreshed(terms);
  }

  /** An ACK on the leg: the SDP it carries (the answer to a late offer) is the peer's last. */
  acked(leg: SocketLeg, ack: SipRequest): void {
    const answer = sdpText(ack);
    if (answer !== undefined && leg.sessionTimer) leg.sessionTimer.peerSession = sessionOf(answer);
  }

  /**
   * A re-INVITE or UPDATE the leg's peer sent (before MidDialogRelay carries it): true when it was answered here.
   * A request while the gateway's own offer is under way on the leg (or on the other leg, for a request that would
   * cross to it) is 491 (RFC 3261 section 14.2, RFC 3311 section 5.2); an interval below the node's Min-SE is 422
   * with it (RFC 4028 section 9); a refresh that changes nothing (it names Session-Expires and re-offers the peer's
   * last SDP, or it is an UPDATE without SDP) is answered 200 with the gateway's last SDP, and the leg's timer starts
   * over (RFC 4028 section 10).
   */
  takes(leg: SocketLeg, transaction: ServerTransaction): boolean {
    const request = transaction.request;
    const settings = leg.node.sip.sessionTimer;
    if ((request.method !== 'INVITE' && request.method !== 'UPDATE') || !settings.enabled || !leg.dialog) return false;
    const timer = leg.sessionTimer;
    if (leg.ownOffer) {
      transaction.respond(buildResponse(request, 491));
      return true;
    }
    if (leg.exchange) return false; // an offer already under way either way: MidDialogRelay answers the glare
    const decision = answerAsUas(settings, timerRequestOf(request), timer?.terms);
    if (decision.kind === 'tooSmall') {
      transaction.respond(withHeader(buildResponse(request, 422), 'Min-SE', String(decision.minSeconds)));
      return true;
    }
    const offer = sdpText(request);
    const pure = offer === undefined ? request.method === 'UPDATE' && request.body === '' : this.unchanged(leg, offer);
    // a session refresh of a peer that runs session timers names the interval (section 7.4); a UA that does not run
    // them re-offers for its own reasons (after a refused offer, say), and that goes on to the other side as before
    const refreshing = sessionExpiresOf(request) !== undefined;
    if (!pure || !refreshing || (offer !== undefined && leg.lastSdp === undefined)) {
      const partner = leg.media?.legs[leg.side === 0 ? 1 : 0];
      if (partner !== leg && partner?.ownOffer) {
        // the gateway's own offer is under way on the other leg: that dialog takes no second offer now
        transaction.respond(buildResponse(request, 491));
        return true;
      }
      return false; // its SDP is the peer's once accepted (relayedAnswer, acked)
    }
    let answer = withHeader(buildResponse(request, 200), 'Contact', `<${uriAt(undefined, leg.local)}>`);
    if (offer !== undefined) answer = withHeader({ ...answer, body: leg.lastSdp! }, 'Content-Type', 'application/sdp');
    this.timerOf(leg).refreshed(decision.kind === 'run' ? decision.terms : undefined);
    transaction.respond(withTimerAnswer(answer, decision));
    return true;
  }

  /**
   * A re-INVITE or UPDATE MidDialogRelay sends the target leg (the gateway is its UAC): Supported: timer and, with a
   * timer in force on the leg, its Session-Expires and Min-SE (RFC 4028 section 7.4).
   */
  relaying(target: SocketLeg, message: SipRequest): SipRequest {
    const settings = target.node.sip.sessionTimer;
    if (!settings.enabled) return message;
    return this.offers.withTimer(target, message);
  }

  /**
   * The gateway's 2xx to an exchange MidDialogRelay carried (or answered itself for a simulated side): the target's
   * 2xx refreshed the target's session as its UAC sees it (section 7.2), the origin's 2xx carries the origin's terms
   * as its UAS decides them (section 9); both timers start over.
   */
  relayedAnswer(
    origin: SocketLeg,
    target: SocketLeg | undefined,
    request: SipRequest,
    response: SipResponse | undefined,
    answer: SipResponse,
  ): SipResponse {
    if (target && response) this.answeredAsUac(target, response);
    const settings = origin.node.sip.sessionTimer;
    if (!settings.enabled || origin.ended) return answer;
    const decision = answerAsUas(settings, timerRequestOf(request), origin.sessionTimer?.terms);
    const terms: SessionTimerTerms | undefined = decision.kind === 'run' ? decision.terms : undefined;
    if (terms || origin.sessionTimer) this.timerOf(origin).refreshed(terms);
    const offer = sdpText(request);
    if (offer !== undefined && origin.sessionTimer) origin.sessionTimer.peerSession = sessionOf(offer);
    return withTimerAnswer(answer, decision);
  }

  /**
   * A 2xx to a re-INVITE or UPDATE the gateway sent on the leg (relayed or its own) refreshed the leg's session as its
   * UAC sees it (RFC 4028 section 7.2): the 2xx's terms from now on (none: the peer dropped the timer), its SDP the
   * peer's last.
   */
  private answeredAsUac(leg: SocketLeg, response: SipResponse): void {
    if (leg.ended || !leg.node.sip.sessionTimer.enabled) return;
    const terms = takeAsUac(leg.node.sip.sessionTimer, sessionExpiresOf(response));
    const timer = terms || leg.sessionTimer ? this.timerOf(leg) : undefined;
    const sdp = sdpText(response);
    if (timer && sdp !== undefined) timer.peerSession = sessionOf(sdp);
    timer?.refreshed(terms);
  }

  /** Whether an offer is the peer's last SDP again, its version aside (sessionOf): nothing changed. */
  private unchanged(leg: SocketLeg, offer: string): boolean {
    return leg.sessionTimer?.peerSession !== undefined && sessionOf(offer) === leg.sessionTimer.peerSession;
  }

  /** The leg's session timer, made on first use (SocketLegs.finish stops it; a leg that ended gets none). */
  private timerOf(leg: SocketLeg): LegSessionTimer {
    return (leg.sessionTimer ??= new LegSessionTimer(this.host, {
      refresh: () => this.refreshes.send(leg),
      expire: () =>
        this.reports.post(() => {
          // RFC 4028 section 10: no refresh came in time; the gateway ends the call (BYE on both legs)
          if (!leg.ended) this.reports.listener?.timedOut(leg);
        }),
    }));
  }
}
