import type { SipRequest, SipResponse } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../configuration/index.js';
import type { MediaQualityFigures } from '../../calls/domain/MediaQuality.js';
import { impairedMedia, type NodeImpairments } from '../domain/NodeImpairments.js';
import { mix } from '../../calls/domain/Randomness.js';
import type { Scheduler } from '../../calls/domain/Scheduler.js';
import {
  SessionTransport,
  TransportLeg,
  type Arrival,
  type Offer,
  type PlacedCall,
  type TransactionMethod,
  type TransferAnswer,
  type TransferRequest,
  type TransportListener,
  type WireRecord,
} from '../../calls/domain/SessionTransport.js';
import { farEnd, gatewaySide, StepMemo, UasDialog, type Lazy } from '../../calls/domain/SipDialogs.js';
import type { TrafficProfile } from '../../calls/domain/TrafficProfile.js';

/** RFC 3261 T1: the first INVITE retransmission over UDP leaves after it; each next one after twice the wait. */
export const T1_MS = 500;
/** Timer B (64·T1): the gateway's INVITE transaction toward a peer that never answers ends with a 408 of its own. */
export const INVITE_TIMEOUT_MS = 64 * T1_MS;
/** The gateway's messages leave this long after it decides (the simulated host, as the synthetic world has it). */
const SEND_MS = 0.2;
/** A refusing trunk's 503 comes back after this round trip. */
const TRUNK_ROUND_TRIP_MS = 2;

/** An outbound leg toward a node the network breaks: nothing answers it (down), or its trunk refuses it (503). */
class BrokenLeg extends TransportLeg {
  final = false;
  /** The far end's side of the dialog, for the responses it (or the gateway's transaction layer) gives. */
  readonly far: UasDialog;

  constructor(
    offer: Offer,
    readonly answers: boolean,
    memo: StepMemo,
  ) {
    super(offer.index, offer.node, offer.sessionIdentifier);
    const node = offer.node;
    this.far = new UasDialog(
      {
        transport: node.local.transport,
        local: farEnd(node),
        remote: gatewaySide(node),
        seed: mix(offer.sessionIdentifier, 'leg', offer.index),
      },
      offer.invite,
      offer.codec,
      memo,
    );
  }
}

/**
 * A decorator of a lab's session transport: the network between the gateway and its peers as the lab's gateway
 * faults leave it (NodeImpairments, read when it changes and on every offer). It changes only what the world
 * does, never what the gateway decides:
 * - a node that is **down** never answers: the gateway's INVITE goes out and is retransmitted by the transaction
 *   layer over UDP (T1, doubling), and after Timer B (32 s) the gateway's own transaction ends with 408 Request
 *   Timeout, which the gateway treats as any far end's 408 (failover on 408/TIMEOUT when the target says so,
 *   otherwise 408 cause 102 to the caller). Calls from a node that is down stop arriving (it is taken out of the
 *   source nodes the inner transport draws from); calls in progress through it are left as they are;
 * - a **trunk that is down** answers every INVITE with 503 Service Unavailable at once (failover on 503, or 503
 *   cause 41 to the caller, as CallEndings has it); its own calls still arrive;
 * - a node with **impaired media** gives the calls through it its loss and jitter: calls arriving on it (the
 *   arrival's media), and calls answered through it (reported with `mediaMeasured` before the 200).
 * Everything else passes to the inner transport unchanged; with no impairment the decorator only forwards.
 */
export class ImpairedTransport extends SessionTransport implements TransportListener {
  private listener: TransportListener | undefined;
  private readonly inner: SessionTransport;
  private plan: GatewayPlan | undefined;
  private seen = -1;
  private readonly memo = new StepMemo();
  /** The media each inbound leg arrived with (after the impairment of its node), for the calls' outbound legs. */
  private readonly arrivedMedia = new WeakMap<TransportLeg, MediaQualityFigures>();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly network: () => NodeImpairments,
    makeInner: (scheduler: Scheduler) => SessionTransport,
  ) {
    super();
    // Before each of the inner world's events, the network it runs in is brought up to date.
    this.inner = makeInner({
      now: () => scheduler.now(),
      at: (at, action) =>
        scheduler.at(at, () => {
          this.sync();
          action();
        }),
      wake: () => scheduler.wake(),
    });
  }

  // ---- the gateway → the transport ------------------------------------------------------------------------

  connect(listener: TransportListener): void {
    this.listener = listener;
    this.inner.connect(this);
  }

  usePlan(plan: GatewayPlan): void {
    this.plan = plan;
    this.seen = -1;
    this.sync();
  }

  start(profile: TrafficProfile): void {
    this.sync();
    this.inner.start(profile);
  }

  stop(): void {
    this.inner.stop();
  }

  override dispose(): void {
    this.inner.dispose();
  }

  get running(): boolean {
    return this.inner.running;
  }

  get profile(): TrafficProfile | undefined {
    return this.inner.profile;
  }

  /** A placed call arrives unless its node is down (no call arrives from a node that is down). */
  override place(call: PlacedCall): TransportLeg | undefined {
    this.sync();
    return this.network().isDown(call.node.id) ? undefined : this.inner.place(call);
  }

  invite(offer: Offer): TransportLeg {
    this.sync();
    const network = this.network();
    const down = network.isDown(offer.node.id);
    if (!down && !network.trunkRefuses(offer.node.id)) {
      const passed = this.inner.invite(offer);
      this.callers.set(passed, offer.caller);
      return passed;
    }
    const leg = new BrokenLeg(offer, !down, this.memo);
    const sentAt = this.send(leg, offer.invite);
    if (down) this.unanswered(leg, offer.invite, sentAt);
    else this.event(sentAt + TRUNK_ROUND_TRIP_MS, () => this.respond503(leg));
    return leg;
  }

  respond(leg: TransportLeg, status: number, response: Lazy<SipResponse>): void {
    this.inner.respond(leg, status, response);
  }

  ack(leg: TransportLeg, ack: Lazy<SipRequest>): void {
    if (leg instanceof BrokenLeg) {
      if (leg.answers) this.send(leg, ack); // the ACK of the trunk's 503; a 408 of the gateway's own transaction is not acknowledged
      return;
    }
    this.inner.ack(leg, ack);
  }

  cancel(leg: TransportLeg, cancel: Lazy<SipRequest>): void {
    if (leg instanceof BrokenLeg) {
      // a peer that does not answer does not answer the CANCEL either; the INVITE's Timer B still ends the attempt
      if (!leg.final) this.send(leg, cancel);
      return;
    }
    this.inner.cancel(leg, cancel);
  }

  bye(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    if (leg instanceof BrokenLeg) return; // never connected: nothing to end
    this.inner.bye(leg, bye);
  }

  confirm(leg: TransportLeg, method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void {
    if (leg instanceof BrokenLeg) return;
    this.inner.confirm(leg, method, ok);
  }

  override answerTransfer(leg: TransportLeg, answer: TransferAnswer): void {
    this.inner.answerTransfer(leg, answer);
  }

  override transferProgress(leg: TransportLeg, status: number): void {
    this.inner.transferProgress(leg, status);
  }

  override transferred(transferee: TransportLeg, target: TransportLeg): void {
    this.inner.transferred(transferee, target);
  }

  // ---- the world → the gateway (the inner transport's reports, passed on) --------------------------------

  wire(leg: TransportLeg, record: WireRecord): void {
    this.listener?.wire(leg, record);
  }

  callArrived(arrival: Arrival): void {
    const media = impairedMedia(arrival.media, this.network().mediaOf(arrival.leg.node.id));
    this.arrivedMedia.set(arrival.leg, media);
    this.listener?.callArrived(media === arrival.media ? arrival : { ...arrival, media });
  }

  responded(leg: TransportLeg, method: TransactionMethod, status: number, response: Lazy<SipResponse>): void {
    if (method === 'INVITE' && status >= 200 && status < 300) {
      const impairment = this.network().mediaOf(leg.node.id);
      const arrived = this.arrivedMedia.get(this.callerOf(leg) ?? leg);
      if (impairment && arrived) this.listener?.mediaMeasured(leg, impairedMedia(arrived, impairment));
    }
    this.listener?.responded(leg, method, status, response);
  }

  cancelled(leg: TransportLeg, cancel: Lazy<SipRequest>, q850Cause: number | undefined): void {
    this.listener?.cancelled(leg, cancel, q850Cause);
  }

  byeReceived(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    this.listener?.byeReceived(leg, bye);
  }

  timedOut(leg: TransportLeg): void {
    this.listener?.timedOut(leg);
  }

  mediaMeasured(leg: TransportLeg, media: MediaQualityFigures): void {
    this.listener?.mediaMeasured(leg, media);
  }

  transferRequested(leg: TransportLeg, request: TransferRequest): void {
    this.listener?.transferRequested(leg, request);
  }

  // ---- the broken network ---------------------------------------------------------------------------------

  /** The inbound legs of the outbound legs offered through this decorator (an answered leg names its caller). */
  private readonly callers = new WeakMap<TransportLeg, TransportLeg>();

  private callerOf(leg: TransportLeg): TransportLeg | undefined {
    return this.callers.get(leg);
  }

  /** Brings the inner transport's plan in line with the network: nodes that are down originate no calls. */
  private sync(): void {
    const network = this.network();
    if (network.version === this.seen || !this.plan) return;
    this.seen = network.version;
    const plan = this.plan;
    const sources = plan.sourceNodes.filter((node: PlanNode) => !network.isDown(node.id));
    this.inner.usePlan(
      sources.length === plan.sourceNodes.length
        ? plan
        : (Object.create(plan, { sourceNodes: { value: sources, enumerable: true } }) as GatewayPlan),
    );
  }

  /** Something the broken network does at `at` (what was built in the step before is forgotten first). */
  private event(at: number, action: () => void): void {
    this.scheduler.at(at, () => {
      this.memo.forget();
      action();
    });
  }

  /** A message the gateway sends on a broken leg now (its host's processing time after); answers when it left. */
  private send(leg: BrokenLeg, message: Lazy<SipRequest | SipResponse>, at = this.scheduler.now() + SEND_MS): number {
    this.listener?.wire(leg, { at, sent: true, source: gatewaySide(leg.node), destination: farEnd(leg.node), message });
    return at;
  }

  /** Over UDP the INVITE is sent again after T1, 2·T1, 4·T1, … until Timer B ends the transaction with a 408 of the gateway's own. */
  private unanswered(leg: BrokenLeg, invite: Lazy<SipRequest>, sentAt: number): void {
    if (leg.transport === 'UDP') {
      for (let wait = T1_MS, at = sentAt + T1_MS; at < sentAt + INVITE_TIMEOUT_MS; wait *= 2, at += wait) {
        const when = at;
        this.event(when, () => {
          if (!leg.final) this.send(leg, invite, when);
        });
      }
    }
    this.event(sentAt + INVITE_TIMEOUT_MS, () => {
      if (leg.final) return;
      leg.final = true;
      this.listener?.responded(
        leg,
        'INVITE',
        408,
        this.memo.once(() => leg.far.respond(408)),
      );
    });
  }

  /** The refusing trunk's 503 to the INVITE. */
  private respond503(leg: BrokenLeg): void {
    if (leg.final) return;
    leg.final = true;
    const response = this.memo.once(() => leg.far.respond(503));
    this.listener?.wire(leg, {
      at: this.scheduler.now(),
      sent: false,
      source: farEnd(leg.node),
      destination: gatewaySide(leg.node),
      message: response,
    });
    this.listener?.responded(leg, 'INVITE', 503, response);
  }
}
