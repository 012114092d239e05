import { inject, injectable } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ScenarioRun } from '../domain/ScenarioRun.js';

/** A run in progress, with the means to stop it. */
export interface RunHandle {
  readonly run: ScenarioRun;
  /** Asks the run to stop at its next turn (why: shown as the run's error). */
  stop(why: string): void;
  /** Settles once the run ended. */
  readonly done: Promise<void>;
  /** True while the runner resets the lab itself (its seeding): the lab's removal hook leaves the run alone. */
  resetting: boolean;
}

/**
 * The scenario runs per lab, in memory and per process (as the fault rules are): the current or last run of each
 * lab. A lab removed or reset by someone else stops its run.
 */
@injectable()
export class ScenarioRuns {
  private readonly runs = new Map<LabId, RunHandle>();
  /** True once gwsim stops (every run is being stopped). */
  stopping = false;

  current(lab: LabId): RunHandle | undefined {
    return this.runs.get(lab);
  }

  /** Registers a new run; 409 SCENARIO_RUNNING while the lab's last run has not ended. */
  begin(lab: LabId, handle: RunHandle): void {
    const running = this.runs.get(lab);
    if (running && !running.run.ended) {
      throw DomainError.conflict(
        'SCENARIO_RUNNING',
        `lab '${lab}' runs scenario '${running.run.scenario.name}' (${running.run.state}): stop it first (DELETE /_sim/labs/${lab}/scenario)`,
        [{ field: 'lab', rule: 'idle', message: `scenario '${running.run.scenario.name}' is ${running.run.state}` }],
      );
    }
    this.runs.set(lab, handle);
  }

  /** The lab was removed or reset: its run stops (unless the run is resetting the lab itself) and is forgotten. */
  async forgetLab(lab: LabId): Promise<void> {
    const handle = this.runs.get(lab);
    if (!handle || handle.resetting) return;
    handle.stop('the lab was removed or reset');
    this.runs.delete(lab);
  }

  /** Stops every run (the process stops). */
  async stopAll(): Promise<void> {
    this.stopping = true;
    const handles = [...this.runs.values()];
    for (const handle of handles) handle.stop('gwsim stopped');
    await Promise.all(handles.map((handle) => handle.done.catch(() => undefined)));
  }
}

/** Stops the runs in progress when gwsim stops (before the stores close). */
@injectable()
export class ScenarioRunsService extends BackgroundService {
  readonly name = 'scenario runs';

  constructor(@inject(ScenarioRuns) private readonly runs: ScenarioRuns) {
    super();
  }

  async start(): Promise<void> {
    // runs start on request
  }

  async stop(): Promise<void> {
    await this.runs.stopAll();
  }
}
