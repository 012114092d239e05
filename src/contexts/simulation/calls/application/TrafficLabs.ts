import { inject, injectable, optional } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { LabScope } from '../../../../shared/application/LabScope.js';
import { LabLeases } from '../../../../shared/application/LabLeases.js';
import { CommittedGateway, type GatewayPlan } from '../../../configuration/index.js';
import { LiveSessions, MonitorSinks } from '../../../monitoring/index.js';
import type { PlacedCall, TransportLeg } from '../domain/SessionTransport.js';
import type { SimulatedCall } from '../domain/SimulatedCall.js';
import { TrafficEngine, type TrafficCounters } from '../domain/TrafficEngine.js';
import { DEFAULT_TRAFFIC_PROFILE, type TrafficProfile } from '../domain/TrafficProfile.js';
import { TrafficSeries, type TrafficSeriesPoint } from '../domain/TrafficSeries.js';
import { callRecorderOf } from './callRecorderOf.js';
import { GatewayGates } from './GatewayGates.js';
import { SessionTransports } from './SessionTransports.js';
import { StoredTraffic, type TrafficIntent } from './StoredTraffic.js';

/** The most simulated time one turn of the event loop advances an engine (a catch-up yields between slices). */
const MAX_SLICE_MS = 1000;
/**
 * The most wall time one turn of the event loop spends running an engine's events: past it the engine yields, so that
 * requests and the sockets' messages waiting meanwhile go first (real SIP at hundreds of calls/s queues many at once).
 */
const STEP_BUDGET_MS = 4;
/**
 * The longest gap of the lab's time whose arrivals are replayed. A longer one (the lab clock advanced or set, the
 * process paused) is a jump: the calls in progress run to their end, and new calls arrive from the new time on.
 */
export const MAX_CATCH_UP_MS = 5 * 60_000;

/** A lab's traffic as the control endpoint shows it. */
export interface TrafficState {
  readonly running: boolean;
  readonly profile: TrafficProfile;
  /** The simulated instant the lab's calls have been advanced to (undefined before the first start). */
  readonly time: Date | undefined;
  readonly active: number;
  readonly counters: TrafficCounters | undefined;
  /** The generation of the committed configuration the calls are routed on. */
  readonly planGeneration: number | undefined;
}

interface LabTraffic {
  profile: TrafficProfile;
  engine: TrafficEngine | undefined;
  /** The engine being made by a start under way. */
  making: Promise<TrafficEngine> | undefined;
  advancing: Promise<void> | undefined;
  /** Arrivals were asked for (a start): an engine made for real SIP alone keeps its arrivals stopped otherwise. */
  arrivalsWanted: boolean;
  /** Calls per interval and concurrent sessions over the last hour of the lab's time (the console's charts). */
  readonly series: TrafficSeries;
}

/**
 * Every lab's traffic engine (the gateway on the lab's session transport, chosen by SessionTransports): made on
 * the first start from the committed plan (CommittedGateway), fed a new
 * plan on every commit, its gates refreshed at most once a second, advanced to the clock by the pump
 * (`advanceAll`), never on a request's path. Also the LiveSessions port: the calls in progress per lab.
 *
 * What each lab should run (running, profile) is kept in the store (StoredTraffic), so a restart resumes it. An
 * engine runs only in the process that holds the lab (LabLeases): when several processes share a server, the one
 * that takes a lab over starts what the lab was running (`follow`), from its own start instant, so no call is
 * made twice; the calls in progress of a process that died are gone with it (none of them had ended, so none is
 * in the history).
 */
@injectable()
export class TrafficLabs extends LiveSessions {
  private readonly labs = new Map<LabId, LabTraffic>();
  /** The generation of the plan each lab's engine routes on. */
  private readonly generations = new Map<LabId, number>();
  private unsubscribe: (() => void) | undefined;
  /** Labs whose engine runs at the next turn of the event loop (a transport's event happened outside a step). */
  private readonly woken = new Set<LabId>();

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(GatewayGates) private readonly gates: GatewayGates,
    @inject(SessionTransports) private readonly transports: SessionTransports,
    @inject(Logger) private readonly logger: Logger,
    @inject(CommittedGateway) @optional() private readonly committed: CommittedGateway | undefined,
    @inject(MonitorSinks) @optional() private readonly sinks: MonitorSinks | undefined,
    @inject(LabScope) @optional() private readonly scope: LabScope | undefined = undefined,
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
    @inject(StoredTraffic) @optional() private readonly stored: StoredTraffic | undefined = undefined,
  ) {
    super();
  }

  /** Whether this process runs the lab's engine (always, without leases). */
  private holds(lab: LabId): boolean {
    return this.leases?.holds(lab) ?? true;
  }

  /**
   * Brings the lab's engine in line with what the store says it should run (a lab taken over, a restart, a change
   * made through another process): started, its profile changed, stopped; dropped when this process does not
   * hold the lab.
   */
  async follow(lab: LabId): Promise<void> {
    if (!this.holds(lab)) {
      if (this.labs.has(lab)) await this.forgetLab(lab);
      return;
    }
    if (!this.stored) return;
    const intent = await this.stored.read(lab);
    const traffic = this.labs.get(lab);
    const running = traffic?.engine?.arriving ?? false;
    const sameProfile = traffic !== undefined && JSON.stringify(traffic.profile) === JSON.stringify(intent.profile);
    if (running === intent.running && (sameProfile || (!intent.running && traffic === undefined))) return;
    await this.apply(lab, { running: intent.running, ...(sameProfile ? {} : { profile: intent.profile }) });
  }

  count(lab: LabId): number {
    return this.labs.get(lab)?.engine?.activeCount ?? 0;
  }

  state(lab: LabId): TrafficState {
    const traffic = this.labs.get(lab);
    const engine = traffic?.engine;
    return {
      running: engine?.arriving ?? false,
      profile: traffic?.profile ?? DEFAULT_TRAFFIC_PROFILE,
      time: engine?.time,
      active: engine?.activeCount ?? 0,
      counters: engine?.counters,
      planGeneration: engine ? this.generations.get(lab) : undefined,
    };
  }

  /**
   * The lab's traffic over the last `spanMs` of its time (one hour at most), in intervals of `intervalMs`, up to
   * the instant its calls were advanced to; empty before its traffic first started.
   */
  series(
    lab: LabId,
    spanMs?: number,
  ): { readonly at: Date; readonly intervalMs: number; readonly points: readonly TrafficSeriesPoint[] } {
    const traffic = this.labs.get(lab);
    const at = traffic?.engine?.time ?? this.clock.now();
    const series = traffic?.series ?? new TrafficSeries();
    return { at, intervalMs: series.intervalMs, points: series.points(at, spanMs) };
  }

  /** The calls in progress and the instant they were advanced to. */
  sessions(lab: LabId): { readonly at: Date; readonly calls: readonly SimulatedCall[] } {
    const engine = this.labs.get(lab)?.engine;
    return { at: engine?.time ?? this.clock.now(), calls: engine ? [...engine.calls()] : [] };
  }

  call(lab: LabId, sessionIdentifier: string): { readonly at: Date; readonly call: SimulatedCall | undefined } {
    const engine = this.labs.get(lab)?.engine;
    return { at: engine?.time ?? this.clock.now(), call: engine?.call(sessionIdentifier) };
  }

  /**
   * Sets the lab's profile (it takes effect now: a running lab's arrivals restart with it) and starts or stops
   * the arrivals. Calls in progress always run to their end.
   */
  async configure(
    lab: LabId,
    change: { readonly running?: boolean; readonly profile?: TrafficProfile },
  ): Promise<TrafficState> {
    if (this.stored) {
      const now = this.labs.get(lab);
      const current: TrafficIntent = now
        ? { running: now.engine?.arriving ?? false, profile: now.profile }
        : await this.stored.read(lab);
      const intent: TrafficIntent = {
        running: change.running ?? current.running,
        profile: change.profile ?? current.profile,
      };
      if (intent.running && !this.committed) {
        throw DomainError.unavailable(
          'SIMULATOR_UNAVAILABLE',
          'the committed configuration is not available to the simulator in this build; traffic cannot start',
        );
      }
      await this.stored.save(lab, intent);
      // Another process runs the lab: it follows the stored intent (the HTTP edge forwards this lab's traffic
      // requests to it). A lab nobody runs yet is taken here.
      if (!this.holds(lab) && !(await this.leases?.claim(lab)))
        return { ...this.state(lab), running: intent.running, profile: intent.profile };
    }
    return this.apply(lab, change);
  }

  /** Applies a change to the engine of this process (see configure). */
  private async apply(
    lab: LabId,
    change: { readonly running?: boolean; readonly profile?: TrafficProfile },
  ): Promise<TrafficState> {
    const traffic = this.traffic(lab);
    if (change.profile) traffic.profile = change.profile;
    const running = change.running ?? traffic.engine?.arriving ?? false;
    traffic.arrivalsWanted = running;
    if (running) {
      if (!traffic.engine) {
        // Two starts at once make one engine: the second waits for the first's.
        traffic.making ??= this.makeEngine(lab, traffic.profile).finally(() => {
          traffic.making = undefined;
        });
        const made = await traffic.making;
        traffic.engine ??= made;
        if (traffic.engine.profile !== traffic.profile || !traffic.engine.arriving)
          traffic.engine.startArrivals(traffic.profile);
      } else {
        await this.advance(lab);
        if (change.profile || !traffic.engine.arriving) traffic.engine.startArrivals(traffic.profile);
      }
    } else if (traffic.engine) {
      await this.advance(lab);
      traffic.engine.stopArrivals();
    }
    return this.state(lab);
  }

  /**
   * Makes the lab's engine when it has none, its arrivals stopped unless a start asked for them: real SIP on the
   * lab's nodes needs the gateway whether or not synthetic traffic runs.
   */
  async ensureEngine(lab: LabId): Promise<void> {
    const traffic = this.traffic(lab);
    if (traffic.engine) return;
    traffic.making ??= this.makeEngine(lab, traffic.profile).finally(() => {
      traffic.making = undefined;
    });
    const made = await traffic.making;
    if (traffic.engine) return;
    traffic.engine = made;
    if (!traffic.arrivalsWanted) made.stopArrivals();
  }

  /**
   * Places one call on the lab's engine (made when the lab has none; its arrivals stay as they are) at the lab's
   * time and runs it up to its arrival: answers its inbound leg, named by then, or undefined (SessionTransport.place).
   */
  async place(lab: LabId, call: PlacedCall): Promise<TransportLeg | undefined> {
    await this.ensureEngine(lab);
    await this.advance(lab);
    const leg = this.labs.get(lab)?.engine?.place(call);
    if (leg) await this.advance(lab);
    return leg;
  }

  /** Runs the lab's engine at the next turn of the event loop (once, however often it is asked before). */
  private wake(lab: LabId): void {
    if (this.woken.has(lab)) return;
    this.woken.add(lab);
    setImmediate(() => {
      this.woken.delete(lab);
      void this.advance(lab);
    });
  }

  /** Advances every lab's engine to the clock (the pump calls this every ~50 ms). */
  async advanceAll(): Promise<void> {
    await Promise.all([...this.labs.keys()].map((lab) => this.advance(lab)));
  }

  /** Advances a lab's engine to the clock (gates refreshed when stale; one at a time), or has its holder catch up. */
  async advance(lab: LabId): Promise<void> {
    if (!this.holds(lab)) return this.leases?.caughtUp(lab); // LabLeases.caughtUp: the simulator's thread
    const traffic = this.labs.get(lab);
    if (!traffic?.engine) return;
    while (traffic.advancing) await traffic.advancing;
    const step = async () => {
      try {
        await this.followJump(lab, traffic);
        const engine = traffic.engine!;
        // A commit answered before this step is in force for it: the plan it compiles is awaited here.
        const plan = await this.committed?.plan(lab);
        if (plan && plan.generation !== this.generations.get(lab)) this.usePlan(plan);
        engine.useGates(await this.gates.snapshot(lab));
        // A catch-up (of up to MAX_CATCH_UP_MS) runs in slices, as does a long queue of events (STEP_BUDGET_MS),
        // letting requests in between.
        const target = this.clock.now().getTime();
        for (;;) {
          const next = Math.min(target, engine.time.getTime() + MAX_SLICE_MS);
          const deadline = performance.now() + STEP_BUDGET_MS;
          const whole = engine.advanceTo(new Date(next), () => performance.now() > deadline);
          traffic.series.observe(engine.time, engine.counters.started, engine.activeCount);
          if (whole && next >= target) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        this.logger.error({ err: error, lab }, 'the traffic of a lab could not be advanced');
      }
    };
    // As work of the lab: the Clock answers the lab's own time.
    traffic.advancing = this.scope ? this.scope.run(lab, step) : step();
    try {
      await traffic.advancing;
    } finally {
      traffic.advancing = undefined;
    }
  }

  /**
   * A jump of the lab's time: forward past MAX_CATCH_UP_MS, the calls in progress end (their events all fall due)
   * with no arrivals in the gap, and arrivals resume at the new time; backwards, the engine (whose calls live in
   * a time that has not come yet) is made again at the new time, calls in progress dropped, arrivals as they were.
   */
  private async followJump(lab: LabId, traffic: LabTraffic): Promise<void> {
    const engine = traffic.engine!;
    const target = this.clock.now().getTime();
    const gap = target - engine.time.getTime();
    if (gap > MAX_CATCH_UP_MS) {
      const arriving = engine.arriving;
      if (arriving) engine.stopArrivals();
      engine.advanceTo(new Date(target));
      traffic.series.observe(engine.time, engine.counters.started, engine.activeCount);
      if (arriving) engine.startArrivals();
      this.logger.info(
        { lab, jumpSeconds: Math.round(gap / 1000) },
        "the lab's time jumped forward: the calls in progress ended, new calls arrive from the new time",
      );
    } else if (gap < -MAX_SLICE_MS) {
      const arriving = engine.arriving;
      const remade = await this.makeEngine(lab, traffic.profile);
      if (!arriving) remade.stopArrivals();
      engine.transport.dispose();
      traffic.engine = remade;
      this.logger.info(
        { lab, jumpSeconds: Math.round(gap / 1000), dropped: engine.activeCount },
        "the lab's time went back: its calls in progress were dropped, the traffic goes on from the new time",
      );
    }
  }

  private traffic(lab: LabId): LabTraffic {
    let traffic = this.labs.get(lab);
    if (!traffic) {
      traffic = {
        profile: DEFAULT_TRAFFIC_PROFILE,
        engine: undefined,
        making: undefined,
        advancing: undefined,
        arrivalsWanted: false,
        series: new TrafficSeries(),
      };
      this.labs.set(lab, traffic);
    }
    return traffic;
  }

  private async makeEngine(lab: LabId, profile: TrafficProfile): Promise<TrafficEngine> {
    if (!this.committed) {
      throw DomainError.unavailable(
        'SIMULATOR_UNAVAILABLE',
        'the committed configuration is not available to the simulator in this build; traffic cannot start',
      );
    }
    this.unsubscribe ??= this.committed.onChange((plan) => this.usePlan(plan));
    const plan = await this.committed.plan(lab);
    const gates = await this.gates.snapshot(lab, true);
    this.generations.set(lab, plan.generation);
    const engine = new TrafficEngine(
      lab,
      this.clock.now(),
      plan,
      gates,
      callRecorderOf(this.sinks, lab),
      (scheduler) => this.transports.create(lab, scheduler),
      () => this.wake(lab),
      (err, sessionIdentifier) => this.logger.error({ err, lab, sessionIdentifier }, 'a call failed and was ended'),
    );
    engine.startArrivals(profile);
    return engine;
  }

  private usePlan(plan: GatewayPlan): void {
    const engine = this.labs.get(plan.lab)?.engine;
    if (!engine) return;
    this.generations.set(plan.lab, plan.generation);
    engine.usePlan(plan);
  }

  /** Drops a removed lab's traffic: its engine, its calls in progress (no history is written for them) and its series. */
  async forgetLab(lab: LabId): Promise<void> {
    const traffic = this.labs.get(lab);
    if (traffic?.advancing) await traffic.advancing.catch(() => undefined);
    traffic?.engine?.transport.dispose();
    this.labs.delete(lab);
    this.generations.delete(lab);
  }

  /**
   * The gateway stops (the pump's stop): no more plans are heard, and every lab's transport is dropped, so that no
   * timer of a call in progress (a session refresh, a media timeout) fires after its listeners closed.
   */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const traffic of this.labs.values()) traffic.engine?.transport.dispose();
  }
}
