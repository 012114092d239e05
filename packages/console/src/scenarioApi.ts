import { ApiError, call, read, type LabGateway } from './api.js';

/** One check of an expectation: what it expects at its path, and what was read there. */
export interface ScenarioCheck {
  readonly path: string;
  readonly operator: string;
  readonly expected?: unknown;
  /** Absent when the path led nowhere. */
  readonly actual?: unknown;
  readonly passed: boolean;
}

/** One read of an expectation and its checks. */
export interface ScenarioExpectation {
  readonly read: string;
  readonly status?: number;
  readonly passed: boolean;
  readonly error?: string;
  readonly checks: readonly ScenarioCheck[];
}

export interface ScenarioStep {
  readonly index: number;
  readonly at: string;
  readonly due?: string;
  readonly name?: string;
  readonly action: string;
  readonly what: string;
  readonly status: 'pending' | 'done' | 'failed' | 'skipped';
  readonly ranAt?: string;
  readonly detail?: string;
  readonly expectations?: readonly ScenarioExpectation[];
}

/** A lab's current or last scenario run, as GET /_sim/labs/{lab}/scenario answers it. */
export interface ScenarioRun {
  readonly lab: string;
  readonly name: string;
  readonly description: string;
  readonly state: 'seeding' | 'running' | 'passed' | 'failed' | 'stopped';
  readonly requestedAt: string;
  readonly startedAt?: string;
  readonly endedAt?: string;
  readonly error?: string;
  readonly replaced?: string;
  readonly clock: { readonly mode: string; readonly scale?: number; readonly afterwards: string };
  readonly summary: {
    readonly steps: number;
    readonly done: number;
    readonly failed: number;
    readonly pending: number;
    readonly skipped: number;
    readonly checksPassed: number;
    readonly checksFailed: number;
  };
  readonly steps: readonly ScenarioStep[];
}

/** A scenario shipped with gwsim. */
export interface ShippedScenario {
  readonly name: string;
  readonly description: string;
}

/** Whether a run is still under way. */
export const underWay = (run: ScenarioRun | null | undefined): boolean =>
  run?.state === 'seeding' || run?.state === 'running';

/** The scenario calls of one lab (administrators of the default lab: the control session). */
export function scenarioApi(gw: LabGateway) {
  const path = `/_sim/labs/${encodeURIComponent(gw.lab)}/scenario`;
  return {
    /** The current or last run; null when no scenario ran in the lab. */
    run: async (): Promise<ScenarioRun | null> => {
      const answer = await call<ScenarioRun>(path);
      const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code;
      if (answer.status === 404 && code === 'SCENARIO_NOT_FOUND') return null;
      if (answer.status !== 200) throw new ApiError(answer, 'control');
      return answer.body;
    },
    shipped: async () =>
      (await read<{ scenarios: ShippedScenario[] }>('/_sim/scenarios', { scope: 'control' })).scenarios,
    start: (name: string, replace: boolean) =>
      read<ScenarioRun>(path, {
        method: 'POST',
        json: { use: name, ...(replace ? { replace } : {}) },
        scope: 'control',
      }),
    stop: () => read<ScenarioRun>(path, { method: 'DELETE', scope: 'control' }),
  };
}
