import {
  buildInDialog,
  formatSessionExpires,
  minSeOf,
  sdpOf,
  sessionExpiresOf,
  TIMER_OPTION_TAG,
  type ClientCallbacks,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import { mix } from '../../calls/domain/Randomness.js';
import { glareRetryMs, requestSessionExpires, takeAsUac } from '../domain/sessionTimerTerms.js';
import { digestRetry } from './digestRetry.js';
import type { MediaWiring } from './MediaWiring.js';
import { sessionOf, withOptionTag } from './sessionTimerMessages.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketReports } from './SocketReports.js';
import { dialogAck, inDialogDestination, uriAt, withHeader, withVia } from './wireMessages.js';

type RefreshMethod = 'INVITE' | 'UPDATE';

/**
 * The gateway's own session refreshes (RFC 4028 section 10) on the legs it is the refresher of: at half the interval a
 * re-INVITE, or an UPDATE where the peer allows UPDATE, carrying the gateway's last SDP on the leg as it was (its o=
 * version unchanged: RFC 3264 section 8, nothing changed). It never goes to the other leg. Its answer:
 *
 * - 2xx: the session is refreshed (a re-INVITE's 2xx ACKed); the 2xx's Session-Expires gives the terms from now on
 *   (section 7.2), the media follow the peer's SDP;
 * - 491: sent again after the random time of RFC 3261 section 14.1;
 * - 408, 481, or no answer at all: the call ends, BYE on both legs (section 10);
 * - 422: sent again at once with the peer's Min-SE (section 7.4); 405 or 501 to an UPDATE: sent again as re-INVITE;
 *   401/407: answered once with the node's credentials;
 * - another failure: sent again once at once (a peer that wants something else of the first, as pjsip's test far end
 *   that refuses the first UPDATE 400, takes the second), the next time as re-INVITE; after that the session is left
 *   to expire, and the call ends then.
 */
export class SessionRefreshes {
  private branches = 0;

  constructor(
    private readonly reports: SocketReports,
    private readonly media: MediaWiring,
  ) {}

  /** The request with the leg's session timer (RFC 4028 section 7.4): Supported: timer, and the terms in force. */
  withTimer(leg: SocketLeg, request: SipRequest): SipRequest {
    let message = withOptionTag(request, 'Supported', TIMER_OPTION_TAG);
    const terms = leg.sessionTimer?.terms;
    if (!terms) return message;
    message = withHeader(message, 'Session-Expires', formatSessionExpires(requestSessionExpires(terms)));
    return withHeader(message, 'Min-SE', String(leg.node.sip.sessionTimer.minSeconds));
  }

  /** The gateway refreshes the leg's session now (`method`: as this one, else as the peer allows). */
  send(leg: SocketLeg, method?: RefreshMethod): void {
    const timer = leg.sessionTimer;
    if (this.reports.disposed || leg.ended || !leg.dialog || !timer?.terms || timer.pending) return;
    if (leg.index === 0 && !leg.confirmed) {
      // no re-INVITE before the caller ACKed the 2xx (RFC 3261 section 14.1)
      leg.onConfirmed.push(() => this.send(leg, method));
      return;
    }
    if (leg.exchange) {
      // an offer is under way on the leg already (MidDialogRelay): its 2xx refreshes the session; else try again
      timer.retryIn(glareRetryMs(leg.index > 0, this.draw(leg)));
      return;
    }
    const body = leg.lastSdp;
    const chosen: RefreshMethod = method ?? (timer.peerAllowsUpdate || body === undefined ? 'UPDATE' : 'INVITE');
    timer.pending = chosen;
    this.transmit(leg, this.build(leg, chosen, body), false);
  }

  private build(leg: SocketLeg, method: RefreshMethod, body: string | undefined): SipRequest {
    this.branches += 1;
    const request = buildInDialog(leg.dialog!, method, this.spec(leg), body);
    return this.withTimer(leg, withHeader(withVia(request, leg.local), 'User-Agent', leg.node.sip.userAgent));
  }

  private transmit(leg: SocketLeg, request: SipRequest, authenticated: boolean): void {
    let ack: SipRequest | undefined;
    const callbacks: ClientCallbacks = {
      response: (response, retransmission) => {
        if (retransmission) {
          // the peer did not get the ACK of its 2xx: it goes again
          if (ack && response.status >= 200 && response.status < 300)
            leg.stack.send(ack, inDialogDestination(leg.index === 0, leg.peer, ack));
          return;
        }
        if (response.status < 200) return;
        if (request.method === 'INVITE' && response.status < 300) ack = this.ack(leg, request);
        this.reports.post(() => this.answered(leg, request, response, authenticated));
      },
      // RFC 4028 section 10: a refresh that times out ends the call
      timeout: () => this.reports.post(() => this.end(leg)),
    };
    leg.stack.request(request, inDialogDestination(leg.index === 0, leg.peer, request), callbacks);
  }

  private answered(leg: SocketLeg, request: SipRequest, response: SipResponse, authenticated: boolean): void {
    const timer = leg.sessionTimer;
    if (leg.ended || !timer?.terms || timer.pending === undefined) return;
    const method = request.method as RefreshMethod;
    const status = response.status;
    timer.pending = undefined;
    if (status < 300) {
      const answer = sdpOf(response);
      if (answer.kind === 'sdp') {
        this.media.aim(leg, answer.text);
        timer.peerSession = sessionOf(answer.text);
      }
      timer.refreshed(takeAsUac(leg.node.sip.sessionTimer, sessionExpiresOf(response)));
      return;
    }
    if ((status === 401 || status === 407) && !authenticated && leg.dialog) {
      const again = digestRetry(leg.node, leg.callId, request, response, leg.dialog.localSeq + 1);
      if (again) {
        leg.dialog.localSeq += 1;
        timer.pending = method;
        return this.transmit(leg, again, true);
      }
    }
    if (status === 491) return timer.retryIn(glareRetryMs(leg.index > 0, this.draw(leg)));
    if (status === 408 || status === 481) return this.end(leg);
    const minSe = status === 422 ? (minSeOf(response) ?? 0) : 0;
    if (minSe > timer.terms.intervalSeconds) {
      timer.terms = { ...timer.terms, intervalSeconds: minSe };
      return this.send(leg, method);
    }
    timer.failures += 1;
    if ((status === 405 || status === 501) && method === 'UPDATE') {
      timer.peerAllowsUpdate = false;
      return this.send(leg, 'INVITE');
    }
    if (timer.failures === 1) this.send(leg, method);
    else if (timer.failures === 2 && method === 'UPDATE' && leg.lastSdp !== undefined) this.send(leg, 'INVITE');
  }

  /** The ACK of a refresh re-INVITE's 2xx, in the leg's dialog with the re-INVITE's CSeq number (RFC 3261 section 13.2.2.4). */
  private ack(leg: SocketLeg, invite: SipRequest): SipRequest | undefined {
    const dialog = leg.dialog;
    if (!dialog) return undefined;
    this.branches += 1;
    const ack = dialogAck(dialog, this.spec(leg), invite, leg.local);
    leg.stack.send(ack, inDialogDestination(leg.index === 0, leg.peer, ack));
    return ack;
  }

  /** The session cannot be kept: the gateway ends the call (BYE on both legs, RFC 4028 section 10). */
  private end(leg: SocketLeg): void {
    if (leg.sessionTimer) leg.sessionTimer.pending = undefined;
    if (!leg.ended) this.reports.listener?.timedOut(leg);
  }

  private spec(leg: SocketLeg) {
    const branch = `z9hG4bK${(mix(leg.callId, 'refresh', this.branches) >>> 0).toString(16)}${this.branches.toString(16)}`;
    return {
      via: { transport: leg.local.transport, host: leg.local.host, port: leg.local.port },
      branch,
      contact: { uri: uriAt(undefined, leg.local), params: {} },
    };
  }

  /** A draw in [0, 1) for the 491 wait, from the leg's Call-ID and CSeq (reproducible, different per call and try). */
  private draw(leg: SocketLeg): number {
    return (mix(leg.callId, 'glare', leg.dialog?.localSeq ?? 0) >>> 0) / 2 ** 32;
  }
}
