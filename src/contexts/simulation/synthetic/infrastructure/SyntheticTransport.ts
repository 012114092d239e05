import type { SipRequest, SipResponse } from '@gwsim/sip';
import type { GatewayPlan, PlanNode } from '../../../configuration/index.js';
import { OUTCOME_ENDINGS } from '../../calls/domain/CallEndings.js';
import { mix, Stream, streamFor } from '../../calls/domain/Randomness.js';
import type { Scheduler } from '../../calls/domain/Scheduler.js';
import {
  SessionTransport,
  TransportLeg,
  type Offer,
  type PlacedCall,
  type TransactionMethod,
  type TransportListener,
} from '../../calls/domain/SessionTransport.js';
import {
  farEnd,
  gatewaySide,
  okTo,
  StepMemo,
  UasDialog,
  type Lazy,
  type LegEndpoint,
} from '../../calls/domain/SipDialogs.js';
import { DEFAULT_TRAFFIC_PROFILE, type Outcome, type TrafficProfile } from '../../calls/domain/TrafficProfile.js';
import { simulatedCaller, SyntheticLeg, type WorldCall } from './SyntheticLeg.js';

/** How long a caller waits for any response before its INVITE transaction times out (RFC 3261 Timer B, 64·T1). */
export const TIMER_B_MS = 32_000;
/** The simulated gateway host: a message it sends leaves this long after the one before it on the same call. */
export const GATEWAY_SEND_MS = 0.2;

/**
 * The first SessionTransport: synthetic traffic from a TrafficProfile on the engine's clock. Poisson arrivals on
 * the plan's source nodes (number plans, codec mix, recorded share), the far ends' behaviour per attempt
 * (answer, busy, failure, no answer, the caller's cancel; ringing and holding times; who hangs up) and the
 * callers' ACKs, CANCELs, BYEs and Timer B. The messages of the simulated user agents are built here with the
 * same dialog builders the gateway uses. Every draw comes from seeded streams: the arrivals from (seed, start
 * instant), each call from (seed, ordinal, its arrival draw), each attempt from the call's seed and its index.
 */
export class SyntheticTransport extends SessionTransport {
  private listener: TransportListener | undefined;
  private plan: GatewayPlan | undefined;
  private profileNow: TrafficProfile | undefined;
  private arrivals = new Stream(0);
  /** Bumped by each start and stop: an arrival scheduled under another generation is dropped. */
  private generation = 0;
  private arriving = false;
  private ordinal = 0;
  private placed = 0;
  private readonly memo = new StepMemo();
  /** The calls of callers this transport did not make (real ones), by their inbound leg: their far ends are played here. */
  private readonly foreign = new WeakMap<TransportLeg, WorldCall>();

  constructor(
    private readonly scheduler: Scheduler,
    /** How a node's simulated far end treats a real caller: the profile's outcome mix, or an answer to every call. */
    private readonly realCallers: (node: PlanNode) => 'profile' | 'answer' = () => 'profile',
  ) {
    super();
  }

  /** Something the simulated world does at `at`; what was built in the step before is forgotten first. */
  private at(at: number, action: () => void): void {
    this.scheduler.at(at, () => {
      this.memo.forget();
      action();
    });
  }

  get running(): boolean {
    return this.arriving;
  }

  get profile(): TrafficProfile | undefined {
    return this.profileNow;
  }

  connect(listener: TransportListener): void {
    this.listener = listener;
  }

  usePlan(plan: GatewayPlan): void {
    this.plan = plan;
  }

  start(profile: TrafficProfile): void {
    const now = this.scheduler.now();
    this.profileNow = profile;
    this.generation += 1;
    this.arriving = true;
    this.arrivals = streamFor(profile.seed, 'arrivals', now);
    this.scheduleArrival(now, profile);
  }

  stop(): void {
    this.generation += 1;
    this.arriving = false;
  }

  // ---- arrivals and the callers ---------------------------------------------------------------------------

  private scheduleArrival(from: number, profile: TrafficProfile): void {
    const generation = this.generation;
    const at = from + this.arrivals.exponential(1000 / profile.callsPerSecond);
    this.at(at, () => {
      if (generation !== this.generation) return;
      this.scheduleArrival(at, profile);
      this.arrive(at, profile);
    });
  }

  private arrive(at: number, profile: TrafficProfile): void {
    const ordinal = this.ordinal++;
    const seed = mix(profile.seed, 'call', ordinal, this.arrivals.next());
    const draw = new Stream(seed);
    const weighted = (this.plan?.sourceNodes ?? [])
      .map((node) => ({
        node,
        numberPlan: profile.numberPlans.find((p) => p.nodeId === node.id) ?? profile.defaultNumberPlan,
      }))
      .map((entry) => ({ ...entry, weight: entry.numberPlan.weight }));
    if (weighted.length === 0 || weighted.every((entry) => entry.weight <= 0)) return;
    const { node, numberPlan } = draw.pickOf(weighted);
    const calling = numberPlan.callingPrefix + draw.digits('X'.repeat(numberPlan.callingDigits));
    const called = draw.digits(draw.pickOf(numberPlan.called).pattern);
    const codec = draw.pick(profile.codecs);
    const recorded = draw.next() < profile.recordedShare;
    this.deliver(
      simulatedCaller({ seed, profile, codec, at, node, calling, called }, this.memo),
      calling,
      called,
      recorded,
    );
  }

  /** A call placed on purpose: its caller dials at the engine's time, from a stream of its own (placed calls count apart). */
  override place(placed: PlacedCall): TransportLeg {
    const at = this.scheduler.now();
    const seed = mix(placed.profile.seed, 'placed', this.placed++, at);
    const draw = new Stream(seed);
    const codec = draw.pick(placed.profile.codecs);
    const recorded = draw.next() < placed.profile.recordedShare;
    const leg = simulatedCaller({ ...placed, seed, codec, at }, this.memo);
    this.at(at, () => this.deliver(leg, placed.calling, placed.called, recorded));
    return leg;
  }

  /** The caller's INVITE reaches the gateway now, and its Timer B starts. */
  private deliver(leg: SyntheticLeg, calling: string, called: string, recorded: boolean): void {
    const at = this.scheduler.now();
    const { call } = leg;
    const caller = leg.callerDialog!;
    this.received(leg, at, caller.invite);
    this.listener?.callArrived({
      leg,
      source: calling,
      destination: called,
      codec: call.codec,
      recorded,
      seed: call.seed,
      invite: caller.invite,
      media: { lossPercent: call.profile.packetLossPercent, jitterMs: call.profile.jitterMs },
    });
    // the caller's INVITE transaction (Timer B) ends without a response; a caller that heard one already needs no timer
    if (!leg.heard) {
      this.at(at + TIMER_B_MS, () => {
        if (!leg.heard) this.listener?.timedOut(leg);
      });
    }
  }

  respond(leg: TransportLeg, status: number, response: Lazy<SipResponse>): void {
    const caller = this.own(leg);
    const at = this.sent(
      caller,
      response,
      status === 100 ? 1 + 4 * unit(mix(caller.call.seed, 'trying', caller.index)) : GATEWAY_SEND_MS,
    );
    caller.heard = true;
    if (status < 200 || caller.final) return;
    caller.final = true;
    if (status < 300) caller.ok = response;
    const dialog = caller.callerDialog!;
    const label = status < 300 ? 'answer-ack' : status === 487 ? 'cancel' : 'refuse-ack';
    this.at(at + roundTrip(caller.call.seed, label), () =>
      this.received(caller, this.scheduler.now(), () => dialog.ack(response())),
    );
  }

  // ---- the far ends --------------------------------------------------------------------------------------

  invite(offer: Offer): TransportLeg {
    const inbound = offer.caller instanceof SyntheticLeg ? offer.caller : undefined;
    const call = inbound ? inbound.call : this.foreignCall(offer);
    const { node } = offer;
    const far = new UasDialog(
      {
        transport: node.local.transport,
        local: farEnd(node),
        remote: gatewaySide(node),
        seed: mix(call.seed, 'leg', offer.index),
      },
      offer.invite,
      offer.codec,
      this.memo,
    );
    const leg = new SyntheticLeg(offer.index, node, offer.sessionIdentifier, call, undefined);
    leg.farEndDialog = far;
    const at = this.sent(leg, offer.invite);
    this.playFarEnd(leg, inbound, at);
    return leg;
  }

  /**
   * What the far end of a new attempt does, drawn from the call's seed and the attempt's index: a 100 Trying, then
   * the profile's outcome (answer, busy, failure, no answer, the caller's cancel) at its ringing times.
   */
  private playFarEnd(leg: SyntheticLeg, inbound: SyntheticLeg | undefined, at: number): void {
    const { call, node } = leg;
    const draw = streamFor(call.seed, 'attempt', leg.index);
    const profile = call.profile;
    this.farEndResponds(leg, at + draw.uniform(1, 5), 100);
    let outcome: Outcome = draw.pick(profile.outcomes);
    // a real caller decides itself when it gives up: its far end answers where the profile's would have let it cancel
    if (!inbound && (outcome === 'cancel' || this.realCallers(node) === 'answer')) outcome = 'answer';
    const ringAt = at + draw.uniform(50, 400);
    const ringMs = 1000 * draw.uniform(profile.ringTimeSeconds.min, profile.ringTimeSeconds.max);
    const failure = draw.next() < 0.5 ? 503 : 500;
    switch (outcome) {
      case 'answer':
        this.farEndResponds(leg, ringAt, 180);
        this.farEndResponds(leg, ringAt + ringMs, 200);
        break;
      case 'busy':
        this.farEndResponds(leg, ringAt, 486);
        break;
      case 'failure':
        this.farEndResponds(leg, ringAt, failure);
        break;
      case 'noAnswer':
        this.farEndResponds(leg, ringAt, 180);
        if (inbound)
          this.callerCancels(inbound, ringAt + 1000 * profile.noAnswerTimeoutSeconds, {
            q850: OUTCOME_ENDINGS.noAnswer.q850Cause,
            text: 'No answer',
          });
        // a real caller's far end gives up ringing itself: 480 Temporarily Unavailable after the no-answer time
        else this.farEndResponds(leg, ringAt + 1000 * profile.noAnswerTimeoutSeconds, 480);
        break;
      case 'cancel':
        this.farEndResponds(leg, ringAt, 180);
        if (inbound) this.callerCancels(inbound, ringAt + Math.max(200, ringMs * draw.next()), undefined);
        break;
    }
  }

  ack(leg: TransportLeg, ack: Lazy<SipRequest>): void {
    this.sent(this.own(leg), ack);
  }

  cancel(leg: TransportLeg, cancel: Lazy<SipRequest>): void {
    const far = this.own(leg);
    const at = this.sent(far, cancel);
    const rtt = roundTrip(far.call.seed, 'cancel');
    this.at(at + rtt, () => this.reply(far, 'CANCEL', 200, () => far.farEndDialog!.confirm(cancel())));
    // a CANCEL that finds the INVITE still pending ends it with 487
    this.at(at + rtt + 0.5, () => {
      if (!far.final) this.farEndRespondsNow(far, 487);
    });
  }

  bye(leg: TransportLeg, bye: Lazy<SipRequest>): void {
    const own = this.own(leg);
    const at = this.sent(own, bye);
    const dialog = own.farEndDialog;
    this.at(at + roundTrip(own.call.seed, 'bye'), () =>
      this.reply(own, 'BYE', 200, () => (dialog ? dialog.confirm(bye()) : okTo(bye()))),
    );
  }

  confirm(leg: TransportLeg, _method: 'CANCEL' | 'BYE', ok: Lazy<SipResponse>): void {
    this.sent(this.own(leg), ok);
  }

  /** The call of a real caller (its far end played here): seeded from the session, on the profile last started (or the default). */
  private foreignCall(offer: Offer): WorldCall {
    let call = this.foreign.get(offer.caller);
    if (!call) {
      call = {
        seed: mix(offer.sessionIdentifier, 'far-end'),
        profile: this.profileNow ?? DEFAULT_TRAFFIC_PROFILE,
        codec: offer.codec,
        inbound: undefined,
        gatewayClock: this.scheduler.now(),
      };
      this.foreign.set(offer.caller, call);
    }
    return call;
  }

  /** The far end answers the gateway's INVITE at `at` (a response after its final one is not sent). */
  private farEndResponds(leg: SyntheticLeg, at: number, status: number): void {
    this.at(at, () => this.farEndRespondsNow(leg, status));
  }

  private farEndRespondsNow(leg: SyntheticLeg, status: number): void {
    if (leg.final) return;
    const far = leg.farEndDialog!;
    const response = status === 200 ? far.ok : this.memo.once(() => far.respond(status));
    if (status >= 200) leg.final = true;
    if (status === 200) {
      leg.ok = response;
      this.scheduleHangUp(leg);
    }
    this.reply(leg, 'INVITE', status, response);
  }

  /** After the holding time, the caller (callerHangupShare) or the called party sends BYE. */
  private scheduleHangUp(leg: SyntheticLeg): void {
    const { call } = leg;
    // an answering far end of a real caller leaves the end of the call to the caller (a SIPp UAC expects to send the BYE)
    if (!call.inbound && this.realCallers(leg.node) === 'answer') return;
    const draw = streamFor(call.seed, 'hold', leg.index);
    const holding = call.profile.holdingTime;
    const seconds =
      holding.distribution === 'lognormal'
        ? draw.lognormal(holding.meanSeconds, holding.sdSeconds!)
        : draw.exponential(holding.meanSeconds);
    const byCaller = draw.next() < call.profile.callerHangupShare;
    this.at(this.scheduler.now() + Math.max(1, seconds * 1000), () => {
      if (byCaller) {
        // a real caller hangs up when it wants to
        const caller = call.inbound;
        if (!caller?.ok) return;
        const ok = caller.ok;
        const bye = this.memo.once(() => caller.callerDialog!.bye(ok()));
        this.received(caller, this.scheduler.now(), bye);
        this.listener?.byeReceived(caller, bye);
      } else {
        const bye = this.memo.once(() => leg.farEndDialog!.bye());
        this.received(leg, this.scheduler.now(), bye);
        this.listener?.byeReceived(leg, bye);
      }
    });
  }

  private callerCancels(
    caller: SyntheticLeg,
    at: number,
    cause: { readonly q850: number; readonly text: string } | undefined,
  ): void {
    this.at(at, () => {
      if (caller.final) return;
      const cancel = this.memo.once(() => caller.callerDialog!.cancel(cause));
      this.received(caller, this.scheduler.now(), cancel);
      this.listener?.cancelled(caller, cancel, cause?.q850);
    });
  }

  // ---- the wire --------------------------------------------------------------------------------------------

  /** A response the simulated user agent at the leg's far end sends the gateway now. */
  private reply(leg: SyntheticLeg, method: TransactionMethod, status: number, response: Lazy<SipResponse>): void {
    this.received(leg, this.scheduler.now(), response);
    this.listener?.responded(leg, method, status, response);
  }

  /** A message the gateway receives on the leg at `at`. */
  private received(leg: SyntheticLeg, at: number, message: Lazy<SipRequest | SipResponse>): void {
    const [gateway, far] = ends(leg.node);
    this.listener?.wire(leg, { at, sent: false, source: far, destination: gateway, message });
  }

  /** A message the gateway sends on the leg: it leaves `delay` after the gateway's last message of the call; answers when. */
  private sent(leg: SyntheticLeg, message: Lazy<SipRequest | SipResponse>, delay = GATEWAY_SEND_MS): number {
    const call = leg.call;
    const at = Math.max(this.scheduler.now(), call.gatewayClock) + delay;
    call.gatewayClock = at;
    const [gateway, far] = ends(leg.node);
    this.listener?.wire(leg, { at, sent: true, source: gateway, destination: far, message });
    return at;
  }

  private own(leg: TransportLeg): SyntheticLeg {
    if (!(leg instanceof SyntheticLeg)) throw new Error('the leg was not made by this transport');
    return leg;
  }
}

function ends(node: PlanNode): [LegEndpoint, LegEndpoint] {
  return [gatewaySide(node), farEnd(node)];
}

function unit(hash: number): number {
  return hash / 4294967296;
}

/** A far end's or caller's round trip for one exchange of a call: 1–3 ms. */
function roundTrip(seed: number, label: string): number {
  return 1 + 2 * unit(mix(seed, 'rtt', label));
}
