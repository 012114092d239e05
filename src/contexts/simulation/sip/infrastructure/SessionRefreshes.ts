import { minSeOf, type SipRequest, type SipResponse } from '@gwsim/sip';
import type { GatewayOffers, OfferMethod } from './GatewayOffers.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketReports } from './SocketReports.js';

/**
 * The gateway's own session refreshes (RFC 4028 section 10) on the legs it is the refresher of: at half the interval a
 * re-INVITE, or an UPDATE where the peer allows UPDATE, carrying the gateway's last SDP on the leg as it was (its o=
 * version unchanged: RFC 3264 section 8, nothing changed), sent as the gateway's own offer (GatewayOffers: the dialog,
 * the ACK, digest, the session timer's terms from the 2xx). It never goes to the other leg. Its answer:
 *
 * - 2xx: the session is refreshed (GatewayOffers); the media follow the peer's SDP;
 * - 491: sent again after the random time of RFC 3261 section 14.1;
 * - 408, 481, or no answer at all: the call ends, BYE on both legs (section 10);
 * - 422: sent again at once with the peer's Min-SE (section 7.4); 405 or 501 to an UPDATE: sent again as re-INVITE;
 * - another failure: sent again once at once (a peer that wants something else of the first, as pjsip's test far end
 *   that refuses the first UPDATE 400, takes the second), the next time as re-INVITE; after that the session is left
 *   to expire, and the call ends then.
 */
export class SessionRefreshes {
  constructor(
    private readonly reports: SocketReports,
    private readonly offers: GatewayOffers,
  ) {}

  /** The gateway refreshes the leg's session now (`method`: as this one, else as the peer allows). */
  send(leg: SocketLeg, method?: OfferMethod): void {
    const timer = leg.sessionTimer;
    if (this.reports.disposed || leg.ended || !leg.dialog || !timer?.terms) return;
    if (leg.index === 0 && !leg.confirmed) {
      // no re-INVITE before the caller ACKed the 2xx (RFC 3261 section 14.1)
      leg.onConfirmed.push(() => this.send(leg, method));
      return;
    }
    if (this.offers.busy(leg)) {
      // an offer is under way on the leg already (relayed, or the gateway's own): its 2xx refreshes the session; else try again
      timer.retryIn(this.offers.glareRetryMs(leg));
      return;
    }
    const body = leg.lastSdp;
    const chosen: OfferMethod = method ?? (timer.peerAllowsUpdate || body === undefined ? 'UPDATE' : 'INVITE');
    this.offers.send(leg, chosen, body, (request, response) => this.answered(leg, request, response));
  }

  /** A final answer other than 2xx (a 2xx refreshed the session in GatewayOffers). */
  private answered(leg: SocketLeg, request: SipRequest, response: SipResponse): void {
    const timer = leg.sessionTimer;
    const status = response.status;
    if (status < 300 || !timer?.terms) return;
    const method = request.method as OfferMethod;
    if (status === 491) return timer.retryIn(this.offers.glareRetryMs(leg));
    // RFC 4028 section 10: a refresh that times out, or finds no dialog, ends the call (BYE on both legs)
    if (status === 408 || status === 481) return this.reports.listener?.timedOut(leg);
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
}
