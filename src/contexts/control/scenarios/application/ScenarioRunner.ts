import { inject, injectable } from 'inversify';
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
import type { Scenario } from '../domain/ScenarioDocument.js';
import { ScenarioRun } from '../domain/ScenarioRun.js';
import { message, ScenarioSeeder } from './ScenarioSeeder.js';
import { ScenarioRuns, type RunHandle } from './ScenarioRuns.js';
import { ScenarioSetting } from './ScenarioSetting.js';
import { ScenarioSteps } from './ScenarioSteps.js';

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
    @inject(ScenarioSteps) private readonly steps: ScenarioSteps,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** The lab's current or last run. */
  current(lab: LabId): ScenarioRun | undefined {
    return this.runs.current(lab)?.run;
  }

  /** Settles once the lab's current run ended (at once when none runs); whether it still is the lab's run then. */
  async ended(lab: LabId, run: ScenarioRun): Promise<boolean> {
    const handle = this.runs.current(lab);
    if (handle?.run === run) await handle.done.catch(() => undefined);
    return this.runs.current(lab)?.run === run && !this.runs.stopping;
  }

  /**
   * Starts a run: 409 while one runs. Resolves with the run once it is registered (`seeded: false`) or once its
   * seed is in place (`seeded: true`: a seeding that fails rejects, for a lab made from a scenario).
   */
  async start(
    lab: LabId,
    scenario: ReadyScenario,
    options: { readonly reset: boolean; readonly seeded?: boolean; readonly replaced?: string },
  ): Promise<ScenarioRun> {
    const run = new ScenarioRun(lab, scenario, this.clocks.nowOf(lab));
    run.replaced = options.replaced;
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
    if (!(await this.seedRun(handle, reset, seeded))) return;
    if (stopped()) {
      run.transitionTo('stopped', this.clocks.nowOf(lab), stopped());
      return;
    }
    run.transitionTo('running', run.startedAt!);
    this.logger.info({ lab, scenario: run.scenario.name, start: run.startedAt!.toISOString() }, 'scenario running');
    try {
      await this.runSteps(run, sleep, stopped);
    } catch (error) {
      const at = this.clocks.nowOf(lab);
      await this.leaveClock(run).catch(() => undefined);
      run.transitionTo('failed', at, `the run broke off: ${message(error)}`);
      this.logger.error({ lab, scenario: run.scenario.name, err: error }, 'scenario run broke off');
      return;
    }
    await this.finish(run, stopped());
  }

  /** Resets the lab when asked and seeds it; false (the run failed) when the seeding failed. */
  private async seedRun(handle: RunHandle, reset: boolean, seeded: (error?: unknown) => void): Promise<boolean> {
    const run = handle.run;
    const lab = run.lab;
    try {
      if (reset) await this.resetLab(handle);
      await this.seeder.seed(run);
      seeded();
      return true;
    } catch (error) {
      seeded(error);
      const at = this.clocks.nowOf(lab);
      await this.leaveClock(run).catch(() => undefined);
      if (!run.ended) run.transitionTo('failed', at, `seeding failed: ${message(error)}`);
      this.logger.warn({ lab, scenario: run.scenario.name, err: error }, 'scenario seeding failed');
      return false;
    }
  }

  private async resetLab(handle: RunHandle): Promise<void> {
    const lab = handle.run.lab;
    handle.resetting = true;
    try {
      await this.labs.reset(lab);
    } catch (error) {
      // the in-memory stores cannot reset a lab: the seed goes over what the lab holds
      if (!(error instanceof DomainError && error.code === 'RESET_UNAVAILABLE')) throw error;
      this.logger.warn({ lab }, 'scenario: the in-memory store cannot reset the lab; the seed goes over what it holds');
    } finally {
      handle.resetting = false;
    }
  }

  /** Runs each step at its instant, the lab clock held while it runs; until the last or a stop. */
  private async runSteps(
    run: ScenarioRun,
    sleep: (ms: number) => Promise<void>,
    stopped: () => string | undefined,
  ): Promise<void> {
    const steps = run.scenario.steps;
    let held: Date | undefined = run.startedAt;
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
      run.outcomes[i] = await this.steps.perform(run, step, held);
      // a clock step may have moved the held instant
      held = this.clocks.nowOf(run.lab);
      if (stopped()) break;
    }
    if (held) await this.resume(run, held);
  }

  /**
   * Ends a run that went through: a stopped one skips its pending steps and drops its faults; the lab clock is left
   * as the document says (leaveClock), then the run ends (what reads it ended finds the clock left so).
   */
  private async finish(run: ScenarioRun, why: string | undefined): Promise<void> {
    const lab = run.lab;
    const at = this.clocks.nowOf(lab);
    if (why) {
      for (const outcome of run.outcomes) if (outcome.status === 'pending') outcome.status = 'skipped';
      for (const id of run.faults.values()) {
        await this.faults.remove(lab, id).catch(() => undefined); // removed or expired meanwhile
      }
    }
    await this.leaveClock(run).catch((error: unknown) =>
      this.logger.warn({ lab, err: error }, 'scenario: the lab clock could not be left as the scenario says'),
    );
    if (why) run.transitionTo('stopped', at, why);
    else run.transitionTo(run.verdict, at);
    this.logger.info(
      { lab, scenario: run.scenario.name, state: run.state, clock: run.scenario.seed.clock.afterwards },
      'scenario ended',
    );
  }

  /**
   * Once the run ended, the lab clock as the document's `seed.clock.afterwards` says: back to wall time (the
   * default), on in the run's mode from where it is (runOn), or frozen there (hold). Not for a lab removed or reset
   * meanwhile (its run was forgotten: the lab's clock is no longer the run's).
   */
  private async leaveClock(run: ScenarioRun): Promise<void> {
    if (this.runs.current(run.lab)?.run !== run) return;
    switch (run.scenario.seed.clock.afterwards) {
      case 'wall':
        await this.clocks.toWallTime(run.lab);
        return;
      case 'hold':
        await this.clocks.setMode(run.lab, 'frozen');
        return;
      case 'runOn':
        await this.release(run);
    }
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
}
