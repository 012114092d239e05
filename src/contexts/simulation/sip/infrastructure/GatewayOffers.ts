import {
  buildInDialog,
  buildResponse,
  formatSessionExpires,
  sdpOf,
  TIMER_OPTION_TAG,
  type ClientCallbacks,
  type InDialogSpec,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import { mix } from '../../calls/domain/Randomness.js';
import { glareRetryMs, requestSessionExpires } from '../domain/sessionTimerTerms.js';
import { digestRetry } from './digestRetry.js';
import type { MediaWiring } from './MediaWiring.js';
import { withOptionTag } from './sessionTimerMessages.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketReports } from './SocketReports.js';
import { dialogAck, inDialogDestination, uriAt, withHeader, withVia } from './wireMessages.js';

/** The methods the gateway offers SDP with inside a dialog: a re-INVITE (RFC 3261 section 14) or an UPDATE (RFC 3311). */
export type OfferMethod = 'INVITE' | 'UPDATE';

/** Hears the final answer to one of the gateway's offers (a 408 of the gateway's own when none came). */
export type OfferAnswered = (request: SipRequest, response: SipResponse) => void;

/**
 * The gateway's own offers in a leg's dialog, whatever they are for: a session refresh (SessionRefreshes), the new
 * media after a transfer (TransferMedia). At most one at a time per leg (`SocketLeg.ownOffer`: a peer's offer that
 * meets it is glare, RFC 3261 section 14.2). Each is built in the leg's dialog, with `Supported: timer` and the
 * session timer in force on the leg (RFC 4028 section 7.4); a re-INVITE's 2xx is ACKed at once and again each time the
 * peer resends it; a 401/407 is answered once with the node's credentials (RFC 3261 section 22.2). On a 2xx the SDP
 * sent is the gateway's last on the leg, the relay's side facing the leg sends where the answer says, and the leg's
 * session timer takes the 2xx's terms (`refreshed`, RFC 4028 section 7.2). The owner hears every final answer, on the
 * engine's queue; a leg that ended meanwhile hears none.
 */
export class GatewayOffers {
  private branches = 0;

  constructor(
    private readonly reports: SocketReports,
    private readonly media: MediaWiring,
    /** A 2xx to one of the gateway's offers refreshed the leg's session (RFC 4028 section 7.2). */
    private readonly refreshed: (leg: SocketLeg, response: SipResponse) => void,
  ) {}

  /** The request with the leg's session timer (RFC 4028 section 7.4): Supported: timer, and the terms in force. */
  withTimer(leg: SocketLeg, request: SipRequest): SipRequest {
    let message = withOptionTag(request, 'Supported', TIMER_OPTION_TAG);
    const terms = leg.sessionTimer?.terms;
    if (!terms) return message;
    message = withHeader(message, 'Session-Expires', formatSessionExpires(requestSessionExpires(terms)));
    return withHeader(message, 'Min-SE', String(leg.node.sip.sessionTimer.minSeconds));
  }

  /** Whether an offer on the leg is under way either way: the gateway's own, or one the relay carries (MidDialogRelay). */
  busy(leg: SocketLeg): boolean {
    return leg.ownOffer !== undefined || leg.exchange !== undefined;
  }

  /**
   * How long the gateway waits before it offers again after a 491 on the leg (RFC 3261 section 14.1: 2.1 to 4 s when
   * the gateway chose the dialog's Call-ID, an outbound leg's; 0 to 2 s otherwise), drawn from the leg's Call-ID and CSeq
   * (reproducible, different per call and try).
   */
  glareRetryMs(leg: SocketLeg): number {
    return glareRetryMs(leg.index > 0, (mix(leg.callId, 'glare', leg.dialog?.localSeq ?? 0) >>> 0) / 2 ** 32);
  }

  /** The gateway offers `body` (none: an UPDATE that only refreshes) on the leg with `method`; `answered` hears the end. */
  send(leg: SocketLeg, method: OfferMethod, body: string | undefined, answered: OfferAnswered): void {
    if (this.reports.disposed || leg.ended || !leg.dialog) return;
    leg.ownOffer = method;
    this.branches += 1;
    let request = buildInDialog(leg.dialog, method, this.spec(leg), body);
    request = withHeader(withVia(request, leg.local), 'User-Agent', leg.node.sip.userAgent);
    if (leg.node.sip.sessionTimer.enabled) request = this.withTimer(leg, request);
    this.transmit(leg, request, false, answered);
  }

  private transmit(leg: SocketLeg, request: SipRequest, authenticated: boolean, answered: OfferAnswered): void {
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
        this.reports.post(() => this.final(leg, request, response, authenticated, answered));
      },
      // no answer at all (Timer B or F): the gateway's own 408
      timeout: () =>
        this.reports.post(() => this.final(leg, request, buildResponse(request, 408), authenticated, answered)),
    };
    leg.stack.request(request, inDialogDestination(leg.index === 0, leg.peer, request), callbacks);
  }

  private final(
    leg: SocketLeg,
    request: SipRequest,
    response: SipResponse,
    authenticated: boolean,
    answered: OfferAnswered,
  ): void {
    if (leg.ended) return;
    const status = response.status;
    if ((status === 401 || status === 407) && !authenticated && leg.dialog) {
      const again = digestRetry(leg.node, leg.callId, request, response, leg.dialog.localSeq + 1);
      if (again) {
        leg.dialog.localSeq += 1;
        return this.transmit(leg, again, true, answered);
      }
    }
    leg.ownOffer = undefined;
    if (status >= 200 && status < 300) {
      if (request.body !== '') leg.lastSdp = request.body;
      const answer = sdpOf(response);
      if (answer.kind === 'sdp') this.media.aim(leg, answer.text);
      this.refreshed(leg, response);
    }
    answered(request, response);
  }

  /** The ACK of a re-INVITE's 2xx, in the leg's dialog with the re-INVITE's CSeq number (RFC 3261 section 13.2.2.4). */
  private ack(leg: SocketLeg, invite: SipRequest): SipRequest | undefined {
    const dialog = leg.dialog;
    if (!dialog) return undefined;
    this.branches += 1;
    const ack = dialogAck(dialog, this.spec(leg), invite, leg.local);
    leg.stack.send(ack, inDialogDestination(leg.index === 0, leg.peer, ack));
    return ack;
  }

  private spec(leg: SocketLeg): InDialogSpec {
    const branch = `z9hG4bK${(mix(leg.callId, 'own', this.branches) >>> 0).toString(16)}${this.branches.toString(16)}`;
    return {
      via: { transport: leg.local.transport, host: leg.local.host, port: leg.local.port },
      branch,
      contact: { uri: uriAt(undefined, leg.local), params: {} },
    };
  }
}
