import { inject, injectable, optional } from 'inversify';
import { MonitorSinks } from '../../../monitoring/index.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabScope } from '../../../../shared/application/LabScope.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LabClocks } from '../../../clock/index.js';
import { TrafficLabs, type TrafficProfile } from '../../../simulation/index.js';
import { FaultRules } from '../../faults/application/FaultRules.js';
import type { FaultRuleInput } from '../../faults/domain/FaultRule.js';
import { ManageLabs } from '../../labs/application/ManageLabs.js';
import { evaluate } from '../domain/JsonChecks.js';
import type { Expectation, Scenario, ScenarioStep } from '../domain/ScenarioDocument.js';
import { ScenarioRun, type ExpectationResult, type StepOutcome } from '../domain/ScenarioRun.js';
import { GatewayRequests, type GatewayAnswer } from './GatewayRequests.js';
import { message, pathFor, ScenarioSeeder, statusOk, shortBody } from './ScenarioSeeder.js';
import { ScenarioRuns, type RunHandle } from './ScenarioRuns.js';
import { ScenarioSetting } from './ScenarioSetting.js';

/** A scenario whose embedded parts are read: fault rules as FaultRules takes them, traffic changes as TrafficLabs does. */
export type TrafficChange = { readonly running?: boolean; readonly profile?: TrafficProfile };
export type ReadyScenario = Scenario<FaultRuleInput, TrafficChange>;

/** How early (wall time) the runner wakes before a step, to hold the lab clock exactly at the step's instant. */
export const LEAD_WALL_MS = 250;
/** The most lab time the hold moves the clock forward (the simulator replays a jump this short call by call). */
export const MAX_LEAD_LAB_MS = 4 * 60_000;
/** The longest the runner sleeps before looking at the lab clock again (a clock changed by hand is followed). */
const POLL_MS = 100;
/** How far a scaled run moves the held lab clock at a time (each move followed by the traffic). */
export const PACE_LAB_MS = 30_000;
/** The scale of a scaled run whose document gives none and whose lab clock was not scaled. */
const DEFAULT_PACE_SCALE = 60;

/**
 * Runs scenarios on the lab clock. Seeding (with the lab clock held at the scenario's start): the lab reset to
 * what a new lab holds (unless it was just made), the configuration imported and committed, the licenses signed
 * with the lab key and imported, the users and the seed's requests run as the lab's administrator, the traffic
 * set; the lab then remembers the scenario. Then each step at its instant: a scaled run moves the held lab clock
 * itself at the scale's pace (see pace); a real one wakes a little early and holds the clock at the instant; a
 * frozen one jumps to it. The traffic is advanced to the instant and the step runs with the clock held, so a step
 * runs at its instant whatever the machine's load, and its own work (a request, an expectation's reads) takes no
 * lab time. A step that fails
 * (an expectation not met, a request refused) is recorded and the run goes on; it ends `failed`.
 */
@injectable()
export class ScenarioRunner {
  constructor(
    @inject(ScenarioRuns) private readonly runs: ScenarioRuns,
    @inject(ManageLabs) private readonly labs: ManageLabs,
    @inject(LabClocks) private readonly clocks: LabClocks,
    @inject(LabScope) private readonly scope: LabScope,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ScenarioSetting) private readonly setting: ScenarioSetting,
    @inject(FaultRules) private readonly faults: FaultRules,
    @inject(TrafficLabs) private readonly traffic: TrafficLabs,
    @inject(ScenarioSeeder) private readonly seeder: ScenarioSeeder,
    @inject(GatewayRequests) private readonly gateway: GatewayRequests,
    @inject(Logger) private readonly logger: Logger,
    @inject(MonitorSinks) @optional() private readonly sinks: MonitorSinks | undefined = undefined,
  ) {}

  /** The lab's current or last run. */
  current(lab: LabId): ScenarioRun | undefined {
    return this.runs.current(lab)?.run;
  }

  /**
   * Starts a run: 409 while one runs. Resolves with the run once it is registered (`seeded: false`) or once its
   * seed is in place (`seeded: true`: a seeding that fails rejects, for a lab made from a scenario).
   */
  async start(
    lab: LabId,
    scenario: ReadyScenario,
    options: { readonly reset: boolean; readonly seeded?: boolean },
  ): Promise<ScenarioRun> {
    const run = new ScenarioRun(lab, scenario, this.clocks.nowOf(lab));
    let wake: (() => void) | undefined;
    let stopWhy: string | undefined;
    let seeded!: (error?: unknown) => void;
    const seedDone = new Promise<void>((resolve, reject) => {
      seeded = (error) => (error === undefined ? resolve() : reject(error));
    });
    seedDone.catch(() => undefined);
    const handle: RunHandle = {
      run,
      resetting: false,
      stop: (why) => {
        stopWhy ??= why;
        wake?.();
      },
      done: Promise.resolve(),
    };
    this.runs.begin(lab, handle);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = undefined;
          resolve();
        }, ms);
        wake = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
      });
    const stopped = () => stopWhy;
    // as work of the lab: the Clock answers its time to every context the run calls
    (handle as { done: Promise<void> }).done = this.scope.run(lab, () =>
      this.execute(handle, options.reset, sleep, stopped, seeded),
    );
    if (options.seeded) await seedDone;
    return run;
  }

  /** Stops the lab's run (404 SCENARIO_NOT_RUNNING when none runs); resolves once it has stopped. */
  async stop(lab: LabId): Promise<ScenarioRun> {
    const handle = this.runs.current(lab);
    if (!handle || handle.run.ended) {
      throw new DomainError(
        'SCENARIO_NOT_RUNNING',
        'conflict',
        `no scenario runs on lab '${lab}'${handle ? ` (the last, '${handle.run.scenario.name}', ${handle.run.state})` : ''}`,
        [{ field: 'lab', rule: 'running', message: 'no scenario runs' }],
      );
    }
    handle.stop('stopped on request');
    await handle.done;
    return handle.run;
  }

  /** The document of the scenario the lab remembers, or undefined. */
  async remembered(lab: LabId): Promise<Record<string, unknown> | undefined> {
    return (await this.unitOfWork.read(() => this.setting.read(lab))).value;
  }

  /** Resets the lab to what a new one holds and seeds it again from `scenario` (no steps run); a run in progress stops. */
  async reseed(lab: LabId, scenario: ReadyScenario): Promise<void> {
    const handle = this.runs.current(lab);
    if (handle && !handle.run.ended) {
      handle.stop('the lab was reset to its scenario');
      await handle.done;
    }
    await this.labs.reset(lab);
    const run = new ScenarioRun(lab, scenario, this.clocks.nowOf(lab));
    await this.scope.run(lab, async () => {
      await this.seeder.seed(run);
      await this.resume(run, run.startedAt!);
      await this.release(run);
    });
  }

  private async execute(
    handle: RunHandle,
    reset: boolean,
    sleep: (ms: number) => Promise<void>,
    stopped: () => string | undefined,
    seeded: (error?: unknown) => void,
  ): Promise<void> {
    const run = handle.run;
    const lab = run.lab;
    try {
      if (reset) {
        handle.resetting = true;
        try {
          await this.labs.reset(lab);
        } catch (error) {
          // the in-memory stores cannot reset a lab: the seed goes over what the lab holds
          if (!(error instanceof DomainError && error.code === 'RESET_UNAVAILABLE')) throw error;
          this.logger.warn(
            { lab },
            'scenario: the in-memory store cannot reset the lab; the seed goes over what it holds',
          );
        } finally {
          handle.resetting = false;
        }
      }
      await this.seeder.seed(run);
      seeded();
    } catch (error) {
      seeded(error);
      await this.release(run).catch(() => undefined);
      if (!run.ended) run.transitionTo('failed', this.clocks.nowOf(lab), `seeding failed: ${message(error)}`);
      this.logger.warn({ lab, scenario: run.scenario.name, err: error }, 'scenario seeding failed');
      return;
    }
    if (stopped()) {
      run.transitionTo('stopped', this.clocks.nowOf(lab), stopped());
      return;
    }
    run.transitionTo('running', run.startedAt!);
    this.logger.info({ lab, scenario: run.scenario.name, start: run.startedAt!.toISOString() }, 'scenario running');
    const steps = run.scenario.steps;
    let held: Date | undefined = run.startedAt;
    try {
      for (let i = 0; i < steps.length; i += 1) {
        const step = steps[i]!;
        const due = run.dueAt(step);
        if (held && due.getTime() > held.getTime()) {
          await this.resume(run, held);
          held = undefined;
        }
        if (!held) {
          if (!(await this.waitFor(run, due, sleep, stopped))) break;
          held = await this.hold(run, due);
        }
        run.outcomes[i] = await this.perform(run, step, held);
        // a clock step may have moved the held instant
        held = this.clocks.nowOf(lab);
        if (stopped()) break;
      }
      if (held) await this.resume(run, held);
    } catch (error) {
      await this.release(run).catch(() => undefined);
      run.transitionTo('failed', this.clocks.nowOf(lab), `the run broke off: ${message(error)}`);
      this.logger.error({ lab, scenario: run.scenario.name, err: error }, 'scenario run broke off');
      return;
    }
    await this.release(run).catch((error: unknown) =>
      this.logger.warn({ lab, err: error }, 'scenario: the lab clock could not be released'),
    );
    const why = stopped();
    if (why) {
      for (const outcome of run.outcomes) if (outcome.status === 'pending') outcome.status = 'skipped';
      for (const id of run.faults.values()) {
        await this.faults.remove(lab, id).catch(() => undefined); // removed or expired meanwhile
      }
      run.transitionTo('stopped', this.clocks.nowOf(lab), why);
    } else {
      run.transitionTo(run.verdict, this.clocks.nowOf(lab));
    }
    this.logger.info({ lab, scenario: run.scenario.name, state: run.state }, 'scenario ended');
  }

  /** Waits until the lab clock is within the lead of `due`; false when the run was stopped meanwhile. */
  private async waitFor(
    run: ScenarioRun,
    due: Date,
    sleep: (ms: number) => Promise<void>,
    stopped: () => string | undefined,
  ): Promise<boolean> {
    if (run.clockMode.mode === 'scaled') return this.pace(run, due, sleep, stopped);
    for (;;) {
      if (stopped()) return false;
      const reading = this.clocks.reading(run.lab);
      const rate = reading.clock.rate;
      const left = due.getTime() - reading.now.getTime();
      // a frozen run jumps from step to step; a clock frozen by hand waits for someone to move it
      if (left <= 0 || (rate === 0 && run.clockMode.mode === 'frozen')) return true;
      if (rate > 0) {
        const lead = Math.min(LEAD_WALL_MS * rate, MAX_LEAD_LAB_MS);
        if (left <= lead) return true;
        await sleep(Math.max(1, Math.min(POLL_MS, (left - lead) / rate)));
      } else {
        await sleep(POLL_MS);
      }
    }
  }

  /** Holds the lab clock at `due` (or where it is, when past), the traffic advanced to it. */
  private async hold(run: ScenarioRun, due: Date): Promise<Date> {
    const now = this.clocks.nowOf(run.lab);
    const at = now.getTime() > due.getTime() ? now : due;
    await this.clocks.setMode(run.lab, 'frozen', { now: at });
    await this.traffic.advance(run.lab);
    return at;
  }

  /**
   * A scaled run moves the lab clock itself: held (frozen), it is advanced PACE_LAB_MS at a time at the scale's
   * pace (on real timers), the traffic advanced after each move, until `due`. So the simulator never falls behind
   * the clock (a catch-up of more than five minutes would count as a jump and end the calls in progress): a loaded
   * machine slows the run down instead of changing what happens in it.
   */
  private async pace(
    run: ScenarioRun,
    due: Date,
    sleep: (ms: number) => Promise<void>,
    stopped: () => string | undefined,
  ): Promise<boolean> {
    const scale = run.clockMode.scale ?? DEFAULT_PACE_SCALE;
    let wallTarget = performance.now();
    for (;;) {
      if (stopped()) return false;
      const now = this.clocks.nowOf(run.lab).getTime();
      const left = due.getTime() - now;
      if (left <= 0) return true;
      const stepMs = Math.min(PACE_LAB_MS, left);
      wallTarget += stepMs / scale;
      await sleep(Math.max(0, wallTarget - performance.now()));
      if (stopped()) return false;
      await this.clocks.setMode(run.lab, 'frozen', { now: new Date(now + stepMs) });
      await this.traffic.advance(run.lab);
    }
  }

  /** Lets the lab clock run on from `at` in the run's mode (a scaled run stays held: pace moves it). */
  private async resume(run: ScenarioRun, at: Date): Promise<void> {
    if (run.clockMode.mode === 'scaled') return;
    await this.clocks.setMode(run.lab, run.clockMode.mode, { now: at });
  }

  /** Once the run ended: the lab clock runs on in the scenario's mode from where it is. */
  private async release(run: ScenarioRun): Promise<void> {
    const { mode, scale } = run.clockMode;
    if (mode !== 'scaled') return;
    await this.clocks.setMode(run.lab, mode, { ...(scale !== undefined ? { scale } : {}) });
  }

  private async perform(run: ScenarioRun, step: ScenarioStep, at: Date): Promise<StepOutcome> {
    const lab = run.lab;
    const action = (step as ReadyScenario['steps'][number]).action;
    try {
      switch (action.kind) {
        case 'fault': {
          const rule = await this.faults.add(lab, action.rule);
          run.faults.set(action.label, rule.id);
          return { status: 'done', ranAt: at, detail: `fault rule ${rule.id} (${action.label}) added` };
        }
        case 'clearFault': {
          const id = run.faults.get(action.label);
          if (!id)
            return { status: 'failed', ranAt: at, detail: `no fault step labelled '${action.label}' ran before` };
          await this.faults.remove(lab, id);
          run.faults.delete(action.label);
          return { status: 'done', ranAt: at, detail: `fault rule ${id} (${action.label}) removed` };
        }
        case 'traffic': {
          const state = await this.traffic.configure(lab, action.change);
          return {
            status: 'done',
            ranAt: at,
            detail: `traffic ${state.running ? 'running' : 'stopped'} at ${state.profile.callsPerSecond} calls per second`,
          };
        }
        case 'clock': {
          if (action.mode)
            run.clockMode = {
              mode: action.mode,
              scale: action.mode === 'scaled' ? (action.scale ?? run.clockMode.scale) : undefined,
            };
          if (action.advanceMs) await this.clocks.advance(lab, action.advanceMs);
          if (action.set) await this.clocks.setMode(lab, 'frozen', { now: action.set });
          await this.traffic.advance(lab);
          const now = this.clocks.nowOf(lab);
          return {
            status: 'done',
            ranAt: at,
            detail: `lab clock at ${now.toISOString()}, ${run.clockMode.mode}${run.clockMode.mode === 'scaled' ? ` ×${run.clockMode.scale ?? 'current'}` : ''}`,
          };
        }
        case 'request': {
          const request = action.request;
          const answer = await this.gateway.send(lab, request.method, pathFor(lab, request.path), request.body);
          const ok = statusOk(answer, request.status);
          return {
            status: ok ? 'done' : 'failed',
            ranAt: at,
            detail: `${request.method} ${request.path} answered ${answer.status}${ok ? '' : ` (expected ${request.status ?? '2xx'}): ${shortBody(answer.body)}`}`,
          };
        }
        case 'expect': {
          // the history up to the step's instant is in the store before it is read (the sinks write in batches)
          await this.sinks?.flush();
          const results: ExpectationResult[] = [];
          for (const expectation of action.expectations) results.push(await this.check(lab, expectation));
          const passed = results.every((r) => r.passed);
          return {
            status: passed ? 'done' : 'failed',
            ranAt: at,
            detail: passed
              ? 'every expectation met'
              : `${results.filter((r) => !r.passed).length} of ${results.length} reads not as expected`,
            expectations: results,
          };
        }
      }
    } catch (error) {
      return { status: 'failed', ranAt: at, detail: message(error) };
    }
  }

  private async check(lab: LabId, expectation: Expectation): Promise<ExpectationResult> {
    const read = expectation.read;
    const label = `${read.method} ${read.path}`;
    let answer: GatewayAnswer;
    try {
      answer = await this.gateway.send(lab, read.method, pathFor(lab, read.path), read.body);
    } catch (error) {
      return { read: label, status: undefined, passed: false, error: message(error), checks: [] };
    }
    if (!statusOk(answer, read.status)) {
      // an unexpected status fails the read; its checks still show what the answer held
      const checks = expectation.checks.map((check) => evaluate(check, answer.body));
      return {
        read: label,
        status: answer.status,
        passed: false,
        error: `answered ${answer.status}, expected ${read.status ?? '2xx'}: ${shortBody(answer.body)}`,
        checks,
      };
    }
    const checks = expectation.checks.map((check) => evaluate(check, answer.body));
    return { read: label, status: answer.status, passed: checks.every((c) => c.passed), checks };
  }
}
