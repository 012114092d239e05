import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { CheckResult } from './JsonChecks.js';
import type { Scenario, ScenarioStep } from './ScenarioDocument.js';

export const RUN_STATES = ['seeding', 'running', 'passed', 'failed', 'stopped'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** The run's state machine: seeding, then running, then one of the three ends (a seeding that fails ends the run failed). */
const TRANSITIONS: Readonly<Record<RunState, readonly RunState[]>> = {
  seeding: ['running', 'failed', 'stopped'],
  running: ['passed', 'failed', 'stopped'],
  passed: [],
  failed: [],
  stopped: [],
};

export type StepStatus = 'pending' | 'done' | 'failed' | 'skipped';

/** What one read of an expectation gave: its status, and each check's expected and read values. */
export interface ExpectationResult {
  readonly read: string;
  readonly status: number | undefined;
  readonly passed: boolean;
  /** Why the read itself failed (unexpected status, unreachable); the checks are then not evaluated. */
  readonly error?: string;
  readonly checks: readonly CheckResult[];
}

export interface StepOutcome {
  status: StepStatus;
  /** The lab's instant it ran at. */
  ranAt?: Date;
  /** What it did, or why it failed. */
  detail?: string;
  expectations?: ExpectationResult[];
}

/** One run of a scenario on a lab: its state, when it started and ended on the lab clock, each step's outcome. */
export class ScenarioRun {
  state: RunState = 'seeding';
  startedAt: Date | undefined;
  endedAt: Date | undefined;
  /** Why the run failed or stopped, when not by a step's expectation. */
  error: string | undefined;
  readonly outcomes: StepOutcome[];
  /** How the lab clock runs between steps (the seed's mode, changed by clock steps). */
  clockMode: { mode: 'real' | 'scaled' | 'frozen'; scale: number | undefined } = { mode: 'real', scale: undefined };
  /** What the lab held that the run replaced (the run was asked to replace it), in words. */
  replaced: string | undefined;
  /** The ids of the fault rules the run's fault steps added, by label. */
  readonly faults = new Map<string, string>();

  constructor(
    readonly lab: LabId,
    readonly scenario: Scenario,
    readonly requestedAt: Date,
  ) {
    this.outcomes = scenario.steps.map(() => ({ status: 'pending' }));
  }

  get ended(): boolean {
    return TRANSITIONS[this.state].length === 0;
  }

  transitionTo(next: RunState, at: Date, error?: string): void {
    if (!TRANSITIONS[this.state].includes(next)) {
      throw DomainError.conflict('SCENARIO_STATE', `a scenario run that is ${this.state} cannot become ${next}`);
    }
    this.state = next;
    if (next === 'running') this.startedAt = at;
    if (TRANSITIONS[next].length === 0) this.endedAt = at;
    if (error !== undefined) this.error = error;
  }

  /** The instant a step is due on the lab clock. */
  dueAt(step: ScenarioStep): Date {
    return new Date(this.startedAt!.getTime() + step.atMs);
  }

  /** The run's verdict once every step ran: failed when a step failed. */
  get verdict(): 'passed' | 'failed' {
    return this.outcomes.some((o) => o.status === 'failed') ? 'failed' : 'passed';
  }
}
