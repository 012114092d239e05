import type { SipResponse } from '@gwsim/sip';
import type { GatewayOffers } from './GatewayOffers.js';
import { REAL_TIME, type TimerHost } from './LegSessionTimer.js';
import type { MediaWiring } from './MediaWiring.js';
import { directionOfText } from './sdpDirection.js';
import { mediaChanges, reofferSdp } from './sdpReoffer.js';
import type { SocketLeg } from './SocketLeg.js';
import type { SocketReports } from './SocketReports.js';

/** How many times a re-offer meets glare (a 491, or an offer under way on the leg) before the gateway lets it be. */
const GLARE_TRIES = 5;

/** The legs a transfer the gateway carried out brought together: the transferee's and the target's (when real). */
interface Joined {
  readonly transferee: SocketLeg;
  readonly target: SocketLeg | undefined;
}

/**
 * The media of a transfer the gateway carried out (RFC 3515): once the target answered and took the transferor's place,
 * the transferee's leg still has what the transferor left on it — most often a hold (phones put the other party on
 * hold before they transfer, RFC 3264 section 8.4), or the transferor's codecs. As an SBC does, the gateway re-INVITEs
 * the transferee (RFC 3261 section 14, as its own offer: GatewayOffers) when the SDP it would give it for the target
 * changes what the leg has (mediaChanges: another direction, address or codecs): the target's answer as the gateway
 * gives it that leg (the relay's address, the target's codecs, the target's direction, sendrecv as a rule), in the
 * session the transferee knows with the next o= version (RFC 3264 section 8). Its answer:
 *
 * - 2xx: ACKed, the relay follows it; when the transferee's answer changes what the target agreed (fewer codecs, or it
 *   holds itself), the target is re-INVITEd in the same way with the transferee's answer;
 * - 491, or an offer under way on the leg: sent again after the wait of RFC 3261 section 14.1 (a few times at most);
 * - 408 or 481: the dialog is gone (RFC 3261 section 12.2.1.2): the call ends, BYE on both legs;
 * - any other refusal: logged; the call stays connected as it was.
 *
 * A simulated target has no SDP of its own here: a transferee left on hold is offered its leg's SDP sendrecv.
 */
export class TransferMedia {
  constructor(
    private readonly reports: SocketReports,
    private readonly media: MediaWiring,
    private readonly offers: GatewayOffers,
    private readonly host: TimerHost = REAL_TIME,
  ) {}

  /** The target's leg (undefined: a simulated one) took the transferor's place beside the transferee's. */
  transferred(transferee: SocketLeg, target: SocketLeg | undefined): void {
    this.offer({ transferee, target }, 'transferee', 0);
  }

  /**
   * The SDP the gateway offers the leg now, or undefined when its media are as they should be. The transferee is
   * compared with what the gateway last gave it; the target, whose media the gateway chose for the old transferee's
   * SDP, with the codecs it agreed to in its answer.
   */
  private offerFor(joined: Joined, to: 'transferee' | 'target'): string | undefined {
    const [leg, other] = to === 'transferee' ? [joined.transferee, joined.target] : [joined.target, joined.transferee];
    const current = leg?.lastSdp;
    if (!leg || current === undefined) return undefined;
    const source = other?.peerSdp;
    if (source === undefined) {
      // a simulated target: only a hold is undone
      return directionOfText(current) === 'sendrecv' ? undefined : reofferSdp(current, current, 'sendrecv');
    }
    const candidate = this.media.toward(leg, source);
    const agreed = to === 'target' ? (leg.peerSdp ?? current) : current;
    return mediaChanges(current, candidate, agreed)
      ? reofferSdp(current, candidate, directionOfText(source))
      : undefined;
  }

  private offer(joined: Joined, to: 'transferee' | 'target', glare: number): void {
    const leg = to === 'transferee' ? joined.transferee : joined.target;
    if (!leg || leg.ended || !leg.dialog || this.reports.disposed) return;
    if (this.offers.busy(leg)) return this.later(joined, to, leg, glare);
    let body: string | undefined;
    try {
      body = this.offerFor(joined, to);
    } catch (error) {
      // an SDP the gateway cannot rewrite: the media stay as they are
      this.reports.warn(
        { err: error, session: leg.sessionIdentifier },
        'the media after a transfer could not be offered',
      );
      return;
    }
    if (body === undefined) return;
    this.offers.send(leg, 'INVITE', body, (_request, response) => this.answered(joined, to, glare, response));
  }

  private answered(joined: Joined, to: 'transferee' | 'target', glare: number, response: SipResponse): void {
    const leg = to === 'transferee' ? joined.transferee : joined.target!;
    const status = response.status;
    if (status < 300) {
      if (to === 'transferee') this.offer(joined, 'target', 0);
      return;
    }
    if (status === 491) return this.later(joined, to, leg, glare);
    if (status === 408 || status === 481) return this.reports.listener?.timedOut(leg);
    this.reports.warn(
      { session: leg.sessionIdentifier, leg: leg.index, status },
      `the ${to} refused the gateway's re-INVITE after a transfer; the call stays as it was`,
    );
  }

  /** Glare: the offer goes again after RFC 3261 section 14.1's wait, a few times at most. */
  private later(joined: Joined, to: 'transferee' | 'target', leg: SocketLeg, glare: number): void {
    if (glare + 1 >= GLARE_TRIES) {
      this.reports.warn(
        { session: leg.sessionIdentifier, leg: leg.index },
        `the gateway's re-INVITE to the ${to} after a transfer met glare ${GLARE_TRIES} times; the call stays as it was`,
      );
      return;
    }
    this.host.schedule(this.offers.glareRetryMs(leg), () => this.reports.post(() => this.offer(joined, to, glare + 1)));
  }
}
