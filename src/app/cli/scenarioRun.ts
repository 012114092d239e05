import { existsSync } from 'node:fs';
import { readScenarioFile, ScenarioFileError } from '../../contexts/control/index.js';
import { scenarioLabName } from '../../contexts/control/labs/domain/Lab.js';
import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';
import { LABS_PATH } from './labs.js';
import { describeStep, ENDED, verdict, type RunView, type ScenarioAction } from './scenario.js';

type RunAction = Extract<ScenarioAction, { kind: 'run' }>;

/** The scenario endpoints' fields, as the command line names them. */
const NAMES = { use: '<scenario>', scenario: '<scenario>', replace: '--yes', keep: '--keep' };

/** How often a waiting run is read. */
const POLL_MS = 200;

/** The request's scenario: a file read here (its files embedded), else the name of a shipped one; undefined: exit 2. */
function readTarget(target: string): { document: Record<string, unknown> } | { use: string } | undefined {
  const looksLikeFile = /[/\\.]/.test(target) || existsSync(target);
  if (!looksLikeFile) return { use: target };
  try {
    return { document: readScenarioFile(target) };
  } catch (error) {
    if (!(error instanceof ScenarioFileError)) throw error;
    console.error(`gwsim: scenario run: ${error.message}`);
    return undefined;
  }
}

/**
 * `gwsim scenario run FILE|NAME [--lab L [--yes]] [--keep] [--no-wait] [--json]`. By default the scenario runs in
 * a lab of its own, `scenario-<name>` (one left from an earlier run is replaced), removed once the outcome is
 * printed unless --keep: a try leaves nothing behind. With --lab it runs on that lab, which the run resets: a lab
 * that holds a configuration or call history is refused (the server's 409 names --yes and what it would replace)
 * unless --yes. Waiting, it prints each step as it ends; Ctrl-C stops the run (and removes its own lab unless
 * --keep). Exit codes: 0 passed (or started, with --no-wait), 1 failed, stopped or refused, 2 usage or a file that
 * cannot be read.
 */
export async function runScenario(action: RunAction, options: ControlOptions): Promise<number> {
  if (action.lab !== undefined && action.keep) {
    console.error('gwsim: scenario run: --keep applies to a lab of its own (without --lab): a lab --lab names stays');
    return EXIT.usage;
  }
  const target = readTarget(action.target);
  if (!target) return EXIT.usage;
  const started =
    action.lab === undefined ? await inOwnLab(action, target, options) : await onLab(action, target, options);
  if (typeof started === 'number') return started;
  const { lab, run } = started;
  const at = { ...options, lab };
  if (!action.wait) {
    console.log(
      options.json
        ? JSON.stringify(run)
        : `scenario ${run.name} ${run.state} on lab ${lab} (gwsim scenario status --lab ${lab})`,
    );
    return EXIT.ok;
  }
  const ended = await follow(run, at);
  if (typeof ended === 'number') return ended;
  console.log(options.json ? JSON.stringify(ended) : verdict(ended));
  if (action.lab === undefined) await leaveOwnLab(lab, action.keep, at);
  return ended.state === 'passed' ? EXIT.ok : EXIT.failure;
}

/** On the lab --lab names: `replace: true` with --yes; what it replaced is told on standard error. */
async function onLab(
  action: RunAction,
  target: { document: Record<string, unknown> } | { use: string },
  options: ControlOptions,
): Promise<{ lab: string; run: RunView } | number> {
  const lab = action.lab!;
  const body = {
    ...('use' in target ? { use: target.use } : target.document),
    ...(action.yes ? { replace: true } : {}),
  };
  const answer = await controlRequest(
    { command: 'scenario run', method: 'POST', path: labPath(lab, '/scenario'), body, names: NAMES },
    { ...options, lab },
  );
  if ('code' in answer) return answer.code;
  const run = answer.json as RunView;
  if (run.replaced) console.error(`lab ${lab} reset for scenario ${run.name}: replaced ${run.replaced}`);
  return { lab, run };
}

/** In a lab of its own: one left from an earlier run (--keep) is removed first, then made again from the scenario. */
async function inOwnLab(
  action: RunAction,
  target: { document: Record<string, unknown> } | { use: string },
  options: ControlOptions,
): Promise<{ lab: string; run: RunView } | number> {
  const name = 'use' in target ? target.use : target.document['name'];
  const lab = typeof name === 'string' ? scenarioLabName(name) : undefined;
  if (lab !== undefined && (await exists(lab, options))) {
    const removed = await controlRequest(
      { command: 'scenario run', method: 'DELETE', path: `${LABS_PATH}/${lab}` },
      options,
    );
    if ('code' in removed) return removed.code;
    console.error(`lab ${lab}, left by an earlier run, is replaced`);
  }
  const made = await controlRequest(
    {
      command: 'scenario run',
      method: 'POST',
      path: LABS_PATH,
      body: {
        ...(lab !== undefined ? { name: lab } : {}),
        scenario: 'use' in target ? target.use : target.document,
        // waiting, this command removes the lab once it printed the outcome; else the server, once the run ended
        keep: action.wait || action.keep,
      },
      names: NAMES,
    },
    options,
  );
  if ('code' in made) return made.code;
  const madeLab = (made.json as { name: string }).name;
  const run = await controlRequest(
    { command: 'scenario run', method: 'GET', path: labPath(madeLab, '/scenario') },
    { ...options, lab: madeLab },
  );
  if ('code' in run) return run.code;
  if (!action.wait && !action.keep) console.error(`lab ${madeLab} is removed once the run ended (--keep keeps it)`);
  return { lab: madeLab, run: run.json as RunView };
}

async function exists(lab: string, options: ControlOptions): Promise<boolean> {
  const response = await fetch(new URL(`${LABS_PATH}/${lab}`, options.url), {
    headers: { authorization: `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}` },
  }).catch(() => undefined);
  return response?.status === 200;
}

/** Prints each step as it ends, until the run ended; Ctrl-C stops it. The run as it ended, or an exit code. */
async function follow(first: RunView, options: ControlOptions): Promise<RunView | number> {
  const path = labPath(options.lab, '/scenario');
  const printed = new Set<number>();
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
  };
  process.once('SIGINT', onInterrupt);
  try {
    let run = first;
    for (;;) {
      if (!options.json) {
        for (const step of run.steps) {
          if (step.status === 'pending' || printed.has(step.index)) continue;
          printed.add(step.index);
          for (const line of describeStep(step)) console.log(line);
        }
      }
      if (ENDED.includes(run.state)) return run;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const stop = interrupted && !ENDED.includes(run.state);
      if (stop) interrupted = false;
      const answer = await controlRequest({ command: 'scenario run', method: stop ? 'DELETE' : 'GET', path }, options);
      if ('code' in answer) return answer.code;
      run = answer.json as RunView;
    }
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** Once the outcome is printed: the lab of its own removed, unless --keep (then how to remove it is said). */
async function leaveOwnLab(lab: string, keep: boolean, options: ControlOptions): Promise<void> {
  if (keep) {
    console.error(`lab ${lab} kept (--keep): gwsim labs remove ${lab} removes it`);
    return;
  }
  const removed = await controlRequest(
    { command: 'scenario run', method: 'DELETE', path: `${LABS_PATH}/${lab}` },
    options,
  );
  if (!('code' in removed)) console.error(`lab ${lab} removed (--keep keeps it)`);
}
