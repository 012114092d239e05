import { existsSync } from 'node:fs';
import { readScenarioFile, ScenarioFileError } from '../../contexts/control/index.js';
import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';

export type ScenarioAction =
  | { readonly kind: 'run'; readonly target: string; readonly wait: boolean }
  | { readonly kind: 'status' }
  | { readonly kind: 'stop' }
  | { readonly kind: 'list' };

interface Check {
  path: string;
  operator: string;
  expected: unknown;
  actual?: unknown;
  passed: boolean;
}
interface StepView {
  index: number;
  at: string;
  name?: string;
  what: string;
  status: string;
  ranAt?: string;
  detail?: string;
  expectations?: Array<{ read: string; passed: boolean; error?: string; checks: Check[] }>;
}
interface RunView {
  name: string;
  state: string;
  startedAt?: string;
  endedAt?: string;
  error?: string;
  steps: StepView[];
  summary: { steps: number; done: number; failed: number; checksPassed: number; checksFailed: number };
}

const ENDED = ['passed', 'failed', 'stopped'];

/** The scenario endpoint's fields, as the command line names them. */
const NAMES = { use: '<scenario>' };

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

function verdict(run: RunView): string {
  return `scenario ${run.name}: ${run.state}${run.error ? ` (${run.error})` : ''} — ${run.summary.done} of ${run.summary.steps} steps done, ${run.summary.failed} failed; checks ${run.summary.checksPassed} met, ${run.summary.checksFailed} not met`;
}

/**
 * `gwsim scenario run FILE|NAME [--lab L] [--no-wait] [--json]`, `status`, `stop`, `list` against a running gwsim.
 * A FILE (YAML or JSON) is read here, its referenced files embedded; a NAME is a shipped scenario the server
 * reads. `run` prints each step as it ends and its expectations. Exit codes: 0 passed (or started, with
 * --no-wait), 1 failed, stopped or refused, 2 a file that cannot be read or is not YAML/JSON.
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
  let body: unknown;
  const looksLikeFile = /[/\\.]/.test(action.target) || existsSync(action.target);
  if (looksLikeFile) {
    try {
      body = readScenarioFile(action.target);
    } catch (error) {
      if (!(error instanceof ScenarioFileError)) throw error;
      console.error(`gwsim: scenario run: ${error.message}`);
      return EXIT.usage;
    }
  } else {
    body = { use: action.target };
  }
  const started = await controlRequest({ command: 'scenario run', method: 'POST', path, body, names: NAMES }, options);
  if ('code' in started) return started.code;
  let run = started.json as RunView;
  if (!action.wait) {
    console.log(
      options.json
        ? JSON.stringify(run)
        : `scenario ${run.name} ${run.state} on lab ${options.lab} (gwsim scenario status --lab ${options.lab})`,
    );
    return EXIT.ok;
  }
  const printed = new Set<number>();
  for (;;) {
    if (!options.json) {
      for (const step of run.steps) {
        if (step.status === 'pending' || printed.has(step.index)) continue;
        printed.add(step.index);
        for (const line of describeStep(step)) console.log(line);
      }
    }
    if (ENDED.includes(run.state)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await controlRequest({ command: 'scenario run', method: 'GET', path }, options);
    if ('code' in answer) return answer.code;
    run = answer.json as RunView;
  }
  console.log(options.json ? JSON.stringify(run) : verdict(run));
  return run.state === 'passed' ? EXIT.ok : EXIT.failure;
}
