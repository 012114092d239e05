import type { PlanNode } from '../../../configuration/index.js';
import type { LabSip } from './LabSip.js';
import {
  anchorSdp,
  MediaPortsUnavailable,
  sdpClockRates,
  sdpMediaAddress,
  sdpTelephoneEvents,
  type MediaRelay,
} from '../../media/infrastructure/index.js';
import type { CallMedia, SocketLeg } from './SocketLeg.js';

/**
 * What anchoring a caller's media came to: `anchored` (a relay), `passed` (an offer the relay cannot take, e.g. one
 * naming the gateway's own port: its SDP passes through as it came), or `refused` (no media port pair or file
 * descriptor left: the call is refused 503, never carried without its relay).
 */
export type Anchoring =
  | { readonly kind: 'anchored' }
  | { readonly kind: 'passed' }
  | { readonly kind: 'refused'; readonly error: MediaPortsUnavailable };

/**
 * How the socket transport's calls meet their media: a real caller's RTP anchored on a relay (RtpRelay) drawn from
 * the nodes' port ranges, the SDP each side gets naming the relay's ports (anchorSdp), a real far end's answer
 * aimed at. A call that cannot get media ports is refused (Anchoring); one whose offer cannot be anchored passes
 * its SDP through as it came.
 */
export class MediaWiring {
  constructor(private readonly sip: LabSip) {}

  /**
   * A real caller's call: a relay on the node's range for both sides, the caller's side aimed at its offer (a late
   * offer, an INVITE without SDP, aims it at the answer in the ACK: `callerAnswer`); `timedOut` when the media stops
   * once armed (at the answer). Never throws: what failed is in the answer (and a refusal counted by the caller).
   */
  async anchorCaller(
    media: CallMedia,
    node: PlanNode,
    offer: string | undefined,
    timedOut: () => void,
  ): Promise<Anchoring> {
    media.callerOffer = offer;
    try {
      media.relay = await this.sip.openRelay(
        [this.sip.pool(node), this.sip.pool(node)],
        { timeoutMs: node.sip.media.timeoutSeconds * 1000, armed: false, eventClock: () => this.sip.now() },
        {
          timeout: timedOut,
        },
      );
      // the node's media whitelist on both sides until the call is routed (calledSideReady: the called node's)
      for (const side of [0, 1] as const) this.admit(media.relay, side, node);
      if (offer !== undefined) {
        media.relay.setClockRates(sdpClockRates(offer));
        media.relay.setTelephoneEvents(0, sdpTelephoneEvents(offer)); // DTMF in the caller's RTP (RFC 4733)
        media.relay.setRemote(0, sdpMediaAddress(offer)!);
      }
      return { kind: 'anchored' };
    } catch (error) {
      media.close(); // both pairs released: the ports of a refused call go back to the range at once
      if (error instanceof MediaPortsUnavailable) return { kind: 'refused', error };
      // an offer naming the gateway's own port: the SDP passes through unanchored
      this.sip.warn(
        { err: error, node: node.displayName },
        'the media of a call could not be anchored; its SDP passes through',
      );
      return { kind: 'passed' };
    }
  }

  /**
   * The node's media whitelist on a side of the relay: asked per packet from a source not latched (in this thread),
   * or given as data to a relay in a media worker, which tells the packets it refused (counted alike).
   */
  private admit(relay: MediaRelay, side: 0 | 1, node: PlanNode): void {
    relay.admitFrom(side, (host) => this.sip.admitsMedia(node, host), {
      whitelist: node.sip.peers.media,
      refused: (packets) => this.sip.mediaPacketsRefused(node, packets),
    });
  }

  /** `send` runs once the called side's media ports come from the range of the node the call leaves from (at once when they do). */
  calledSideReady(leg: SocketLeg, send: () => void): void {
    if (leg.side === 0) return send(); // a transfer's target in the caller's place keeps the caller side's ports
    const relay = leg.media?.relay;
    if (relay) this.admit(relay, 1, leg.node); // the called node's whitelist
    const pool = this.sip.pool(leg.node);
    if (relay && !relay.drawsFrom(1, pool)) {
      leg.starting = true;
      relay
        .moveSide(1, pool)
        .catch((error: unknown) => {
          this.sip.warn(
            { err: error, node: leg.node.displayName },
            "no media port left in the node's range: the called side keeps the caller node's",
          );
        })
        .then(
          () => {
            leg.starting = false;
            send();
          },
          () => undefined,
        );
    } else send();
  }

  /**
   * A real far end's answer with SDP (`final`: its 2xx, else early media): kept for the caller, and the relay's side
   * facing the far end (the called side; the caller's for a transfer target taking the caller's place) sends where it
   * says. A transfer's target whose 2xx takes a side another leg had makes that leg's peer, still sending a moment,
   * one the side never latches again (a target that fails after early media leaves the call to the transferor).
   */
  farAnswer(leg: SocketLeg, answer: string, final: boolean): void {
    leg.peerSdp = answer;
    const far = sdpMediaAddress(answer);
    if (far && leg.media) {
      if (leg.side === 1) leg.media.farAnswer = answer;
      const before = leg.media.legs[leg.side];
      try {
        leg.media.relay?.setRemote(leg.side, far, final && before !== undefined && before !== leg);
        leg.media.relay?.setTelephoneEvents(leg.side, sdpTelephoneEvents(answer)); // DTMF in the far end's RTP (RFC 4733)
      } catch (error) {
        // an answer naming the gateway's own media port (a loop): the media stays unrelayed that way
        this.sip.warn({ err: error }, "a far end answered with the gateway's own media address");
      }
    }
  }

  /**
   * The caller's answer in its ACK, to the offer the gateway's 200 made for a late offer (RFC 3264 section 5): the
   * caller's side of the relay sends where it says. SDP that is not SDP leaves the media where it was.
   */
  callerAnswer(leg: SocketLeg, answer: string): void {
    leg.peerSdp = answer;
    const relay = leg.media?.relay;
    if (!relay) return;
    try {
      const address = sdpMediaAddress(answer);
      if (!address) return;
      relay.setClockRates(sdpClockRates(answer));
      relay.setTelephoneEvents(0, sdpTelephoneEvents(answer)); // DTMF in the caller's RTP (RFC 4733)
      relay.setRemote(0, address);
    } catch (error) {
      this.sip.warn({ err: error, node: leg.node.displayName }, "the caller's answer in its ACK could not be used");
    }
  }

  /** A new SDP in a call (a re-INVITE, an UPDATE, their answers) as the leg is given it: naming the relay's side facing it. */
  toward(leg: SocketLeg, sdp: string): string {
    const local = leg.media?.relay?.local(leg.side);
    return local ? anchorSdp(sdp, local) : sdp;
  }

  /**
   * A new SDP from the leg's peer (its offer or answer inside the call), the peer's last: the relay's side facing the
   * leg sends where it says (RFC 3264 section 8: the anchor follows an address change). An SDP on hold the old way
   * (c= 0.0.0.0, RFC 3264 section 8.4) or with the stream off leaves it where it was.
   */
  aim(leg: SocketLeg, sdp: string): void {
    leg.peerSdp = sdp;
    const relay = leg.media?.relay;
    if (!relay) return;
    try {
      const address = sdpMediaAddress(sdp);
      if (!address || address.port === 0 || address.host === '0.0.0.0' || address.host === '::') return;
      relay.setRemote(leg.side, address);
      relay.setTelephoneEvents(leg.side, sdpTelephoneEvents(sdp));
    } catch (error) {
      this.sip.warn({ err: error, node: leg.node.displayName }, 'a new SDP in a call could not be used');
    }
  }

  /**
   * The offer toward a real far end: the real caller's own offer (anchored on the called side of the relay), else the
   * gateway's. A transfer target taking the caller's place is offered the called party's SDP, anchored on the caller's side.
   */
  offerSdp(leg: SocketLeg, built: string): string | undefined {
    const media = leg.media;
    const callerSide = leg.side === 0 ? media?.relay?.local(0) : undefined;
    if (callerSide && media?.farAnswer) return anchorSdp(media.farAnswer, callerSide);
    const local = media?.relay?.local(1);
    if (media?.callerOffer && local) return anchorSdp(media.callerOffer, local);
    if (media?.callerOffer) return media.callerOffer;
    if (built === '') return undefined;
    // a late offer: the gateway offers its own codecs from the called side of the relay
    if (local) return anchorSdp(built, local);
    // a simulated caller has no media: the SDP names the listener's host so nothing is sent elsewhere
    const address = sdpMediaAddress(built);
    return address ? anchorSdp(built, { host: leg.local.host, port: address.port }) : built;
  }

  /** The answer to a real caller: a real far end's own answer (anchored on the caller's side), else the gateway's. */
  answerSdp(leg: SocketLeg, built: string): string {
    const media = leg.media;
    const local = media?.relay?.local(0);
    const source = media?.farAnswer ?? built;
    if (local) return anchorSdp(source, local);
    const address = sdpMediaAddress(source);
    return address && !media?.farAnswer ? anchorSdp(source, { host: leg.local.host, port: address.port }) : source;
  }
}
