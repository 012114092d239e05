import type { GatewayPlan } from '../../../configuration/index.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { B2bua } from './B2bua.js';
import { guarded } from './CallRescue.js';
import type { TrafficCounters } from './TrafficCounters.js';
import type { CallRecorder, GateSnapshot } from './CallRecorder.js';
import { EventQueue } from './EventQueue.js';
import type { Scheduler } from './Scheduler.js';
import type { PlacedCall, SessionTransport, TransportLeg } from './SessionTransport.js';
import type { SimulatedCall } from './SimulatedCall.js';
import type { TrafficProfile } from './TrafficProfile.js';

export type { TrafficCounters } from './TrafficCounters.js';

interface TimedAction {
  readonly at: number;
  readonly run: () => void;
}

/**
 * One lab's discrete-event simulation: the clock and event queue (the Scheduler the transport puts its events
 * on), the gateway (B2bua) and its session transport. `advanceTo(instant)` runs every due event in time order,
 * equal instants in the order they were scheduled. Synchronous and free of I/O: the plan and the gate snapshot
 * are handed in, the calls' messages and history go to the recorder.
 */
export class TrafficEngine {
  private readonly queue = new EventQueue<TimedAction>();
  private current: number;
  readonly gateway: B2bua;
  readonly transport: SessionTransport;

  constructor(
    readonly lab: LabId,
    start: Date,
    plan: GatewayPlan,
    gates: GateSnapshot,
    recorder: CallRecorder,
    makeTransport: (scheduler: Scheduler) => SessionTransport,
    /** Asked to run the engine soon (a transport's event happened outside a step); nothing by default. */
    wake: () => void = () => undefined,
    /** Told of a failure in an event (a call's handling, or the engine's own): the rest of the step goes on. */
    private readonly failed: (error: unknown, sessionIdentifier: string | undefined) => void = () => undefined,
  ) {
    this.current = start.getTime();
    const scheduler: Scheduler = {
      now: () => this.current,
      at: (at, run) => this.queue.push({ at: Math.max(at, this.current), run }),
      wake,
    };
    this.transport = makeTransport(scheduler);
    this.gateway = new B2bua(lab, plan, gates, recorder, this.transport, () => this.current, failed);
    this.transport.connect(guarded(this.gateway));
    this.transport.usePlan(plan);
  }

  /** The profile the transport last started with. */
  get profile(): TrafficProfile | undefined {
    return this.transport.profile;
  }

  /** Whether new calls arrive (running calls always run to their end). */
  get arriving(): boolean {
    return this.transport.running;
  }

  get time(): Date {
    return new Date(this.current);
  }

  get counters(): TrafficCounters {
    return this.gateway.counters;
  }

  /** Sessions the gateway carries now (what licensed capacity counts). */
  get activeCount(): number {
    return this.gateway.activeCount;
  }

  calls(): IterableIterator<SimulatedCall> {
    return this.gateway.calls();
  }

  call(sessionIdentifier: string): SimulatedCall | undefined {
    return this.gateway.call(sessionIdentifier);
  }

  usePlan(plan: GatewayPlan): void {
    this.gateway.usePlan(plan);
    this.transport.usePlan(plan);
  }

  useGates(gates: GateSnapshot): void {
    this.gateway.useGates(gates);
  }

  /** Places one call arriving at the engine's time (the next advance runs it); see SessionTransport.place. */
  place(call: PlacedCall): TransportLeg | undefined {
    return this.transport.place(call);
  }

  /** Stops new arrivals; the calls in progress go on to their end. */
  stopArrivals(): void {
    this.transport.stop();
  }

  /** (Re)starts arrivals at the engine's time with this profile (by default the one last started with). */
  startArrivals(profile: TrafficProfile | undefined = this.transport.profile): void {
    if (!profile) throw new Error('arrivals need a traffic profile');
    this.transport.start(profile);
  }

  /**
   * Runs every event due at or before `instant`, in time order; each event's messages go to the recorder as one batch.
   * With `enough`, asked between events (every eighth: asking costs a clock read), it may stop early: the engine's time is then the last event's, the rest
   * stays queued, and the answer is false (true: everything due ran, the time is `instant`).
   */
  /** One event, or the sweep: a failure is reported and the step goes on; the messages gathered go to the recorder. */
  private runSafely(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.failed(error, undefined);
    }
    try {
      this.gateway.flush();
    } catch (error) {
      this.failed(error, undefined);
    }
  }

  advanceTo(instant: Date, enough?: () => boolean): boolean {
    const until = instant.getTime();
    for (let ran = 0; ; ran += 1) {
      const at = this.queue.peekTime();
      if (at === undefined || at > until) break;
      if (enough && ran > 0 && (ran & 7) === 0 && enough()) return false;
      const action = this.queue.pop()!;
      this.current = action.at;
      this.runSafely(action.run);
    }
    if (until > this.current) this.current = until;
    this.runSafely(() => this.gateway.sweep());
    return true;
  }
}
