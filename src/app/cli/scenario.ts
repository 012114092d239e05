import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';

export type ScenarioAction =
  | {
      readonly kind: 'run';
      readonly target: string;
      readonly wait: boolean;
      /** --lab: run it on that lab (replacing what it holds only with --yes); undefined: in a lab of its own. */
      readonly lab: string | undefined;
      /** --keep: the lab of its own stays once the run ended. */
      readonly keep: boolean;
      /** --yes: replace what the lab --lab names holds. */
      readonly yes: boolean;
    }
  | { readonly kind: 'status' }
  | { readonly kind: 'stop' }
  | { readonly kind: 'list' };

export interface Check {
  path: string;
  operator: string;
  expected: unknown;
  actual?: unknown;
  passed: boolean;
}
export interface StepView {
  index: number;
  at: string;
  name?: string;
  what: string;
  status: string;
  ranAt?: string;
  detail?: string;
  expectations?: Array<{ read: string; passed: boolean; error?: string; checks: Check[] }>;
}
export interface RunView {
  name: string;
  lab: string;
  state: string;
  replaced?: string;
  startedAt?: string;
  endedAt?: string;
  error?: string;
  steps: StepView[];
  summary: { steps: number; done: number; failed: number; checksPassed: number; checksFailed: number };
}

export const ENDED = ['passed', 'failed', 'stopped'];

/** One step's lines: its instant, status and name, then each expectation's checks (expected and read). */
export function describeStep(step: StepView): string[] {
  const lines = [
    `${step.ranAt ?? step.at}  ${step.status.padEnd(7)} ${step.name ?? step.what}${step.detail ? ` (${step.detail})` : ''}`,
  ];
  for (const expectation of step.expectations ?? []) {
    if (expectation.error) lines.push(`    ✗ ${expectation.read}: ${expectation.error}`);
    for (const check of expectation.checks) {
      lines.push(
        `    ${check.passed ? '✓' : '✗'} ${expectation.read} ${check.path || '(answer)'} ${check.operator} ${JSON.stringify(check.expected)}${check.passed ? '' : `, read ${check.actual === undefined ? 'nothing' : JSON.stringify(check.actual)}`}`,
      );
    }
  }
  return lines;
}

export function verdict(run: RunView): string {
  return `scenario ${run.name}: ${run.state}${run.error ? ` (${run.error})` : ''} — ${run.summary.done} of ${run.summary.steps} steps done, ${run.summary.failed} failed; checks ${run.summary.checksPassed} met, ${run.summary.checksFailed} not met`;
}

/**
 * `gwsim scenario run …` (scenarioRun.ts), `status`, `stop`, `list` against a running gwsim. Exit codes: 0 done
 * (a run: passed, or started with --no-wait), 1 failed, stopped or refused, 2 usage or a file that cannot be read.
 */
export async function scenario(action: ScenarioAction, options: ControlOptions): Promise<number> {
  if (action.kind === 'list') {
    const answer = await controlRequest({ command: 'scenario list', method: 'GET', path: '/_sim/scenarios' }, options);
    if ('code' in answer) return answer.code;
    const list = (answer.json as { scenarios: Array<{ name: string; description: string }> }).scenarios;
    console.log(options.json ? JSON.stringify(answer.json) : list.map((s) => `${s.name}\t${s.description}`).join('\n'));
    return EXIT.ok;
  }
  const path = labPath(options.lab, '/scenario');
  if (action.kind === 'status' || action.kind === 'stop') {
    const answer = await controlRequest(
      { command: `scenario ${action.kind}`, method: action.kind === 'stop' ? 'DELETE' : 'GET', path },
      options,
    );
    if ('code' in answer) return answer.code;
    const run = answer.json as RunView;
    if (options.json) console.log(JSON.stringify(run));
    else console.log([...run.steps.flatMap(describeStep), verdict(run)].join('\n'));
    return EXIT.ok;
  }
  // the run, with its labs and its waiting, loads when it runs
  return (require('./scenarioRun.js') as typeof import('./scenarioRun.js')).runScenario(action, options);
}
