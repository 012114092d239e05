import { DialString, DialStrings, type GatewayPlan, type PlanNode, type PlannedRoute } from '../../../configuration/index.js';
import type { CallResult, SipMessageEntry } from '../../../monitoring/index.js';
import { historyEntry, outgoingNumbers } from './CallHistory.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { CALL_LIFECYCLE, type CallState } from './CallState.js';
import { GATE_ENDINGS, OUTCOME_ENDINGS, telStatusOf, type CallEnding, type Gate } from './CallEndings.js';
import type { CallRecorder, GateSnapshot } from './CallRecorder.js';
import { EventQueue } from './EventQueue.js';
import { hex, mix, Stream, streamFor } from './Randomness.js';
import { SimulatedCall, type CallNumbers, type CurrentAttempt } from './SimulatedCall.js';
import { SipLeg } from './SipLeg.js';
import type { Outcome, TrafficProfile } from './TrafficProfile.js';

type EventKind = 'ring' | 'answer' | 'fail' | 'cancel' | 'hangup' | 'timeout';

interface EngineEvent {
  readonly at: number;
  readonly call: SimulatedCall;
  /** The leg the event belongs to; an event of an attempt the call has left is dropped. */
  readonly leg: number;
  readonly kind: EventKind;
  readonly status?: number;
  readonly byCaller?: boolean;
  readonly ending?: CallEnding;
}

/** Counters since the engine was made. */
export interface TrafficCounters {
  started: number;
  ended: number;
  byResult: Record<CallResult, number>;
  refusedBy: Record<Gate, number>;
}

/** How long a caller waits for a response before its INVITE transaction times out (RFC 3261 Timer B). */
const TIMER_B_MS = 32_000;
/** Gateway processing between receiving one message and sending the one it causes. */
const RELAY_MS = 0.2;

/**
 * The discrete-event simulation of one lab's gateway. `advanceTo(instant)` runs every due event in time order:
 * arrivals (Poisson, the profile's rate), 100 Trying, ringing, answers, failures, cancels, hang-ups, timers.
 * Synchronous and free of I/O: the plan and the gate snapshot are handed in, the calls' messages and history go
 * to the recorder. Same profile, seed, start instant and plan ⇒ the same calls, ids, times and numbers.
 */
export class TrafficEngine {
  private readonly queue = new EventQueue<EngineEvent>();
  private readonly liveCalls = new Map<string, SimulatedCall>();
  private arrivals: Stream;
  private nextArrivalAt: number | undefined;
  private ordinal = 0;
  private now: number;
  private batch: SipMessageEntry[] | undefined;
  private routedLive = 0;
  readonly counters: TrafficCounters = {
    started: 0, ended: 0,
    byResult: { ANSWERED: 0, BUSY: 0, NO_ANSWER: 0, REJECTED: 0, FAILED: 0, CANCELLED: 0 },
    refusedBy: { standbyInactive: 0, maintenance: 0, capacityExhausted: 0, noRoute: 0, routeRejects: 0, routeIgnores: 0, noUsableTarget: 0 },
  };

  constructor(
    readonly lab: LabId,
    private profileNow: TrafficProfile,
    start: Date,
    private plan: GatewayPlan,
    private gates: GateSnapshot,
    private readonly recorder: CallRecorder,
  ) {
    this.now = start.getTime();
    this.arrivals = this.arrivalStream(this.now);
    this.nextArrivalAt = this.now + this.arrivalGap();
  }

  get profile(): TrafficProfile {
    return this.profileNow;
  }

  /** Whether new calls arrive (running calls always run to their end). */
  get arriving(): boolean {
    return this.nextArrivalAt !== undefined;
  }

  get time(): Date {
    return new Date(this.now);
  }

  /** Sessions the gateway carries now: routed calls in any state but terminated (what licensed capacity counts). */
  get activeCount(): number {
    return this.routedLive;
  }

  /** The calls in progress: the routed ones and those of an IGNORE route waiting for the caller's timeout. */
  calls(): IterableIterator<SimulatedCall> {
    return this.liveCalls.values();
  }

  call(sessionIdentifier: string): SimulatedCall | undefined {
    return this.liveCalls.get(sessionIdentifier);
  }

  usePlan(plan: GatewayPlan): void {
    this.plan = plan;
  }

  useGates(gates: GateSnapshot): void {
    this.gates = gates;
  }

  /** Stops new arrivals; the calls in progress go on to their end. */
  stopArrivals(): void {
    this.nextArrivalAt = undefined;
  }

  /** (Re)starts arrivals at the engine's time with this profile: a new arrival stream seeded by it and the instant. */
  startArrivals(profile: TrafficProfile = this.profileNow): void {
    this.profileNow = profile;
    this.arrivals = this.arrivalStream(this.now);
    this.nextArrivalAt = this.now + this.arrivalGap();
  }

  /** Runs every event due at or before `instant`, in time order (arrivals before other events of the same instant). */
  advanceTo(instant: Date): void {
    const until = instant.getTime();
    for (;;) {
      const eventAt = this.queue.peekTime();
      const arrivalAt = this.nextArrivalAt;
      if (arrivalAt !== undefined && arrivalAt <= until && (eventAt === undefined || arrivalAt <= eventAt)) {
        this.now = arrivalAt;
        this.nextArrivalAt = arrivalAt + this.arrivalGap();
        this.arrive(arrivalAt);
      } else if (eventAt !== undefined && eventAt <= until) {
        const event = this.queue.pop()!;
        this.now = event.at;
        this.handle(event);
      } else {
        break;
      }
    }
    if (until > this.now) this.now = until;
  }

  private arrivalStream(at: number): Stream {
    return streamFor(this.profileNow.seed, 'arrivals', at);
  }

  private arrivalGap(): number {
    return this.arrivals.exponential(1000 / this.profileNow.callsPerSecond);
  }

  // ---- arrival and gates ------------------------------------------------------------------------------------

  private arrive(at: number): void {
    const ordinal = this.ordinal++;
    const seed = mix(this.profileNow.seed, 'call', ordinal, this.arrivals.next());
    const draw = new Stream(seed);
    const profile = this.profileNow;
    const weighted = this.plan.sourceNodes.map((node) => ({ node, numberPlan: profile.numberPlans.find((p) => p.nodeId === node.id) ?? profile.defaultNumberPlan }))
      .map((entry) => ({ ...entry, weight: entry.numberPlan.weight }));
    if (weighted.length === 0 || weighted.every((entry) => entry.weight <= 0)) return;
    const { node, numberPlan } = draw.pickOf(weighted);
    const calling = numberPlan.callingPrefix + draw.digits('X'.repeat(numberPlan.callingDigits));
    const called = draw.digits(draw.pickOf(numberPlan.called).pattern);
    const codec = draw.pick(profile.codecs);
    const recorded = draw.next() < profile.recordedShare;
    const sessionIdentifier = uuidOf(draw.bytes(16));
    const arrived: CallNumbers = { source: calling, destination: called };
    const rewritten = node.incomingRewriting?.apply(new DialStrings({ source: DialString.of(calling), destination: DialString.of(called) })).dialStrings;
    const incoming: CallNumbers = rewritten ? { source: rewritten.source.text, destination: rewritten.destination.text } : arrived;
    const { gate, route } = this.gateFor(node, incoming);
    const call = new SimulatedCall(ordinal, sessionIdentifier, seed, this.gates.systemIdentifier, at, node, arrived, incoming, codec, recorded,
      profile.packetLossPercent, profile.jitterMs, route);
    this.counters.started += 1;
    const inbound = new SipLeg(call.inboundLeg());
    this.emit(() => inbound.entry(inbound.invite(), at, true));
    if (gate === 'routeIgnores') {
      this.liveCalls.set(call.sessionIdentifier, call);
      this.queue.push({ at: at + TIMER_B_MS, call, leg: 0, kind: 'timeout', ending: GATE_ENDINGS.routeIgnores });
      this.counters.refusedBy.routeIgnores += 1;
      this.flush();
      return;
    }
    const trying = at + draw.uniform(1, 5);
    this.emit(() => inbound.entry(inbound.provisional(100), trying, false));
    if (gate !== undefined) {
      this.counters.refusedBy[gate] += 1;
      this.refuse(call, inbound, trying + RELAY_MS, GATE_ENDINGS[gate]);
      return;
    }
    this.liveCalls.set(call.sessionIdentifier, call);
    this.routedLive += 1;
    this.tryNextTarget(call, trying + RELAY_MS, undefined);
    this.flush();
  }

  /** The first gate that ends the call, in the documented order; undefined when the call is routed. */
  private gateFor(node: PlanNode, incoming: CallNumbers): { gate: Gate | undefined; route: PlannedRoute | undefined } {
    if (!this.gates.thisSystemActive) return { gate: 'standbyInactive', route: undefined };
    if (this.gates.maintenance) return { gate: 'maintenance', route: undefined };
    if (this.routedLive >= this.gates.capacity) return { gate: 'capacityExhausted', route: undefined };
    const route = this.plan.route({ sourceNodeId: node.id, source: incoming.source, destination: incoming.destination });
    if (!route) return { gate: 'noRoute', route };
    if (route.match.action === 'REJECT') return { gate: 'routeRejects', route };
    if (route.match.action === 'IGNORE') return { gate: 'routeIgnores', route };
    return { gate: undefined, route };
  }

  /** The gateway answers the caller with the ending's status; the caller ACKs; the call ends. */
  private refuse(call: SimulatedCall, inbound: SipLeg, at: number, ending: CallEnding, side: 'gateway' | 'outbound' = 'gateway'): void {
    this.emit(() => inbound.entry(inbound.failure(ending.sipStatusCode), at, false));
    this.emit(() => inbound.entry(inbound.ackFailure(ending.sipStatusCode), at + this.roundTrip(call, 'refuse-ack'), true));
    this.end(call, at, ending, side);
    this.flush();
  }

  // ---- targets and attempts --------------------------------------------------------------------------------

  /**
   * Sends the call to the next usable target (a present, enabled destination node) after the current one. With
   * none left: the last far end's failure goes back to the caller, or 503 (cause 38) when no attempt was made.
   */
  private tryNextTarget(call: SimulatedCall, at: number, lastFailure: CallEnding | undefined): void {
    const targets = call.route!.match.targets;
    for (let index = (call.attempt?.targetIndex ?? -1) + 1; index < targets.length; index += 1) {
      const target = targets[index]!;
      const node = this.plan.nodes.get(target.destinationNodeId);
      if (!node || !node.enabled) continue;
      this.startAttempt(call, at, index, node);
      return;
    }
    this.refuse(call, new SipLeg(call.inboundLeg()), at, lastFailure ?? GATE_ENDINGS.noUsableTarget, lastFailure ? 'outbound' : 'gateway');
    if (!lastFailure) this.counters.refusedBy.noUsableTarget += 1;
  }

  private startAttempt(call: SimulatedCall, at: number, targetIndex: number, node: PlanNode): void {
    const target = call.route!.match.targets[targetIndex]!;
    const numbers = outgoingNumbers(node, target.dialStrings);
    const attempt: CurrentAttempt = { leg: call.attempts.length + 1, targetIndex, target, node, numbers, startAt: at };
    call.attempt = attempt;
    call.attempts.push({ nodeId: node.id, nodeName: node.displayName, destinationDialString: numbers.destination, sipStatusCode: 0 });
    if (call.state === 'early') this.move(call, 'trying');
    const leg = new SipLeg(call.outboundLeg(attempt));
    const draw = streamFor(call.seed, 'attempt', attempt.leg);
    this.emit(() => leg.entry(leg.invite(), at, true));
    const trying = at + draw.uniform(1, 5);
    this.emit(() => leg.entry(leg.provisional(100), trying, false));
    const profile = this.profileNow;
    const outcome: Outcome = draw.pick(profile.outcomes);
    const ringAt = at + draw.uniform(50, 400);
    const ringMs = 1000 * draw.uniform(profile.ringTimeSeconds.min, profile.ringTimeSeconds.max);
    const failure = draw.next() < 0.5 ? 503 : 500;
    const base = { call, leg: attempt.leg };
    switch (outcome) {
      case 'answer':
        this.queue.push({ ...base, at: ringAt, kind: 'ring' });
        this.queue.push({ ...base, at: ringAt + ringMs, kind: 'answer' });
        break;
      case 'busy':
        this.queue.push({ ...base, at: ringAt, kind: 'fail', status: 486 });
        break;
      case 'failure':
        this.queue.push({ ...base, at: ringAt, kind: 'fail', status: failure });
        break;
      case 'noAnswer':
        this.queue.push({ ...base, at: ringAt, kind: 'ring' });
        this.queue.push({ ...base, at: ringAt + 1000 * profile.noAnswerTimeoutSeconds, kind: 'cancel', ending: OUTCOME_ENDINGS.noAnswer });
        break;
      case 'cancel':
        this.queue.push({ ...base, at: ringAt, kind: 'ring' });
        this.queue.push({ ...base, at: ringAt + Math.max(200, ringMs * draw.next()), kind: 'cancel', ending: OUTCOME_ENDINGS.cancelled });
        break;
    }
  }

  // ---- events ----------------------------------------------------------------------------------------------

  private handle(event: EngineEvent): void {
    const { call } = event;
    if (!call.live || (event.kind !== 'timeout' && call.attempt?.leg !== event.leg)) return;
    switch (event.kind) {
      case 'ring': this.ring(call, event.at); break;
      case 'answer': this.answer(call, event.at); break;
      case 'fail': this.fail(call, event.at, event.status!); break;
      case 'cancel': this.cancel(call, event.at, event.ending!); break;
      case 'hangup': this.hangUp(call, event.at, event.byCaller!); break;
      case 'timeout': this.end(call, event.at, event.ending!, 'gateway'); break;
    }
    this.flush();
  }

  private ring(call: SimulatedCall, at: number): void {
    const out = new SipLeg(call.outboundLeg(call.attempt!));
    const inbound = new SipLeg(call.inboundLeg());
    this.emit(() => out.entry(out.provisional(180), at, false));
    this.emit(() => inbound.entry(inbound.provisional(180), at + RELAY_MS, false));
    this.move(call, 'early');
  }

  private answer(call: SimulatedCall, at: number): void {
    const attempt = call.attempt!;
    const out = new SipLeg(call.outboundLeg(attempt));
    const inbound = new SipLeg(call.inboundLeg());
    this.emit(() => out.entry(out.ok(), at, false));
    this.emit(() => out.entry(out.ackOk(), at + 0.1, true));
    this.emit(() => inbound.entry(inbound.ok(), at + RELAY_MS, false));
    this.emit(() => inbound.entry(inbound.ackOk(), at + RELAY_MS + this.roundTrip(call, 'answer-ack'), true));
    call.attempts[call.attempts.length - 1] = { ...call.attempts[call.attempts.length - 1]!, sipStatusCode: 200 };
    call.connectAt = at;
    this.move(call, 'connected');
    const draw = streamFor(call.seed, 'hold', attempt.leg);
    const holding = this.profileNow.holdingTime;
    const seconds = holding.distribution === 'lognormal' ? draw.lognormal(holding.meanSeconds, holding.sdSeconds!) : draw.exponential(holding.meanSeconds);
    const byCaller = draw.next() < this.profileNow.callerHangupShare;
    this.queue.push({ at: at + Math.max(1, seconds * 1000), call, leg: attempt.leg, kind: 'hangup', byCaller });
  }

  private fail(call: SimulatedCall, at: number, status: number): void {
    const attempt = call.attempt!;
    const out = new SipLeg(call.outboundLeg(attempt));
    this.emit(() => out.entry(out.failure(status), at, false));
    this.emit(() => out.entry(out.ackFailure(status), at + 0.1, true));
    call.attempts[call.attempts.length - 1] = { ...call.attempts[call.attempts.length - 1]!, sipStatusCode: status };
    const ending = status === 486 ? OUTCOME_ENDINGS.busy : status === 503 ? OUTCOME_ENDINGS.serviceUnavailable : OUTCOME_ENDINGS.serverError;
    if (attempt.target.failover(status) || attempt.target.failover(telStatusOf(status))) this.tryNextTarget(call, at + RELAY_MS, ending);
    else this.refuse(call, new SipLeg(call.inboundLeg()), at + RELAY_MS, ending, 'outbound');
  }

  /** The caller gives up: CANCEL on the inbound leg, relayed to the target, 487 both ways. */
  private cancel(call: SimulatedCall, at: number, ending: CallEnding): void {
    const out = new SipLeg(call.outboundLeg(call.attempt!));
    const inbound = new SipLeg(call.inboundLeg());
    const rtt = this.roundTrip(call, 'cancel');
    this.move(call, 'terminating');
    this.emit(() => inbound.entry(inbound.cancel(), at, true));
    this.emit(() => inbound.entry(inbound.cancelOk(), at + RELAY_MS, false));
    this.emit(() => out.entry(out.cancel(), at + 2 * RELAY_MS, true));
    this.emit(() => out.entry(out.cancelOk(), at + 2 * RELAY_MS + rtt, false));
    this.emit(() => out.entry(out.failure(487), at + 2 * RELAY_MS + rtt + 0.5, false));
    this.emit(() => out.entry(out.ackFailure(487), at + 3 * RELAY_MS + rtt + 0.5, true));
    const relayed = at + 4 * RELAY_MS + rtt + 0.5;
    this.emit(() => inbound.entry(inbound.failure(487), relayed, false));
    this.emit(() => inbound.entry(inbound.ackFailure(487), relayed + rtt, true));
    call.attempts[call.attempts.length - 1] = { ...call.attempts[call.attempts.length - 1]!, sipStatusCode: 487 };
    this.end(call, relayed, ending, 'inbound');
  }

  /** BYE from the caller (inbound side) or the called party (outbound side), relayed to the other side. */
  private hangUp(call: SimulatedCall, at: number, byCaller: boolean): void {
    const out = new SipLeg(call.outboundLeg(call.attempt!));
    const inbound = new SipLeg(call.inboundLeg());
    const [first, second] = byCaller ? [inbound, out] : [out, inbound];
    const rtt = this.roundTrip(call, 'bye');
    this.move(call, 'terminating');
    // The person calling is the inbound leg's caller and the gateway the outbound leg's: on both legs the BYE
    // comes from the legs' callers when the person calling hangs up, from their callees otherwise.
    this.emit(() => first.entry(first.bye(byCaller), at, byCaller));
    this.emit(() => first.entry(first.byeOk(byCaller), at + RELAY_MS, !byCaller));
    this.emit(() => second.entry(second.bye(byCaller), at + 2 * RELAY_MS, byCaller));
    const endAt = at + 2 * RELAY_MS + rtt;
    this.emit(() => second.entry(second.byeOk(byCaller), endAt, !byCaller));
    this.end(call, endAt, OUTCOME_ENDINGS.answered, byCaller ? 'inbound' : 'outbound');
  }

  // ---- ending ----------------------------------------------------------------------------------------------

  private move(call: SimulatedCall, to: CallState): void {
    if (call.state !== to) call.state = CALL_LIFECYCLE.transition(call.state, to);
  }

  private end(call: SimulatedCall, at: number, ending: CallEnding, side: 'inbound' | 'outbound' | 'gateway'): void {
    if (this.liveCalls.delete(call.sessionIdentifier) && call.route?.match.action === 'ACCEPT') this.routedLive -= 1;
    call.endAt = at;
    this.move(call, 'terminated');
    call.mute(false, at);
    this.counters.ended += 1;
    this.counters.byResult[ending.result] += 1;
    const recordingId = call.recorded && call.connectAt !== undefined ? `rec-${call.sessionIdentifier}` : undefined;
    this.recorder.call(historyEntry(call, ending, side, recordingId));
    if (recordingId !== undefined) {
      const start = call.connectAt!;
      this.recorder.recording({
        recordingId, sessionIdentifier: call.sessionIdentifier, startDateTime: new Date(start), durationMs: new Date(at).getTime() - new Date(start).getTime(), codec: call.codec,
        mutedSpans: call.muted.map(([from, to]) => [Math.max(0, Math.round(from - start)), Math.round(Math.min(to ?? at, at) - start)] as const)
          .filter(([from, to]) => to > from),
        seed: call.seed,
      });
    }
  }

  private roundTrip(call: SimulatedCall, label: string): number {
    return 1 + 2 * (mix(call.seed, 'rtt', label) / 4294967296);
  }

  private emit(build: () => SipMessageEntry): void {
    if (this.batch === undefined) {
      if (!this.recorder.keepsMessages()) return;
      this.batch = [];
    }
    this.batch.push(build());
  }

  private flush(): void {
    if (this.batch === undefined) return;
    const batch = this.batch.sort((a, b) => a.timestampMicros - b.timestampMicros);
    this.batch = undefined;
    if (batch.length > 0) this.recorder.messages(batch);
  }
}

function uuidOf(bytes: Uint8Array): string {
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20, 32)}`;
}
