import { h } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import htm from 'htm';
import type { LabGateway, Scope } from './api.js';
import { useAction } from './control.js';
import { useLoaded } from './loaded.js';
import { usePoll } from './hooks.js';
import { Problem, When } from './panels.js';
import {
  scenarioApi,
  underWay,
  type ScenarioCheck,
  type ScenarioExpectation,
  type ScenarioRun,
  type ScenarioStep,
  type ShippedScenario,
} from './scenarioApi.js';

const html = htm.bind(h);

/** A value a check expects or read, as JSON (text as it is). */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const STATE_CLASS: Record<ScenarioRun['state'], string> = {
  seeding: 'warn',
  running: 'warn',
  passed: 'ok',
  failed: 'bad',
  stopped: 'bad',
};
const STEP_CLASS: Record<ScenarioStep['status'], string> = { pending: '', done: 'ok', failed: 'bad', skipped: 'warn' };

/** How far the run is: a bar of the steps that ran, and the counts in words. */
function Progress(props: { run: ScenarioRun }) {
  const { run } = props;
  const { summary, clock } = run;
  const ran = summary.done + summary.failed + summary.skipped;
  const counts =
    `${ran} of ${summary.steps} steps: ${summary.done} done, ${summary.failed} failed, ${summary.skipped} skipped, ` +
    `${summary.pending} to come; checks ${summary.checksPassed} met, ${summary.checksFailed} not met`;
  const pace = `${clock.mode}${clock.scale ? ` ${clock.scale}×` : ''}, afterwards ${clock.afterwards}`;
  return html`<div class="scenario-progress" data-testid="scenario-progress">
    <progress max=${summary.steps} value=${ran}></progress>
    <span>${counts}</span>
    <div class="muted">
      ${run.startedAt ? html`started <${When} iso=${run.startedAt} />` : 'seeding the lab'}${run.endedAt ? html`, ended <${When} iso=${run.endedAt} />` : ''}${` on the lab's clock (${pace})`}
    </div>
  </div>`;
}

/** An expectation's checks: each one's path and operator, the value expected and the value read. */
function Checks(props: { expectation: ScenarioExpectation }) {
  const { expectation } = props;
  return html`<div class="expectation" data-testid="scenario-expectation">
    <div>
      <code data-testid="expectation-read">${expectation.read}</code
      >${expectation.status !== undefined ? html` <span class="muted">answered ${expectation.status}</span>` : ''}
      ${expectation.error ? html` <span class="problem">${expectation.error}</span>` : ''}
    </div>
    <table class="checks">
      <colgroup>
        <col class="check" />
        <col class="expected" />
        <col class="actual" />
        <col class="verdict" />
      </colgroup>
      <thead>
        <tr>
          <th>Check</th>
          <th>Expected</th>
          <th>Read</th>
          <th></th>
        </tr>
      </thead>
      <tbody>
        ${expectation.checks.map(
          (check: ScenarioCheck, i: number) =>
            html`<tr key=${i} data-testid="scenario-check" data-passed=${String(check.passed)}>
              <td><code>${check.path || '(the answer)'}</code> ${check.operator}</td>
              <td data-testid="check-expected"><code>${shown(check.expected)}</code></td>
              <td data-testid="check-actual">
                ${'actual' in check ? html`<code>${shown(check.actual)}</code>` : html`<span class="muted">nothing there</span>`}
              </td>
              <td>
                <span class=${`result ${check.passed ? 'ok' : 'bad'}`}>${check.passed ? 'met' : 'not met'}</span>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The run's steps in order: when each is due, what it does, how it went, and its expectations' checks. */
function Steps(props: { steps: readonly ScenarioStep[] }) {
  return html`<div class="scroll">
    <table class="keep-key steps" data-testid="scenario-steps">
      <thead>
        <tr>
          <th>Due</th>
          <th>Status</th>
          <th>Step</th>
        </tr>
      </thead>
      <tbody>
        ${props.steps.map(
          (step) =>
            html`<tr key=${step.index} data-testid="scenario-step" data-status=${step.status}>
              <td>
                +${step.at.replace(/^PT?/, '').toLowerCase()}
                <div>${step.due ? html`<${When} iso=${step.due} />` : ''}</div>
              </td>
              <td><span class=${`result ${STEP_CLASS[step.status]}`}>${step.status}</span></td>
              <td class="wrap">
                <strong>${step.name ?? step.action}</strong>
                ${step.expectations?.length ? '' : html`<div class="muted">${step.what}</div>`}
                ${step.detail ? html`<div>${step.detail}</div>` : ''}
                ${(step.expectations ?? []).map((e, i) => html`<${Checks} key=${i} expectation=${e} />`)}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** Start a shipped scenario in the lab (replacing what the lab holds, when asked), or stop the run under way. */
function ScenarioControls(props: {
  shipped: readonly ShippedScenario[] | undefined;
  run: ScenarioRun | null | undefined;
  busy: boolean;
  onStart: (name: string, replace: boolean) => void;
  onStop: () => void;
}) {
  const { shipped, run } = props;
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [replace, setReplace] = useState(false);
  const name = picked ?? run?.name ?? shipped?.[0]?.name ?? '';
  const chosen = shipped?.find((s) => s.name === name);
  const start = (event: Event) => {
    event.preventDefault();
    if (name) props.onStart(name, replace);
  };
  return html`<form class="inline scenario-start" onSubmit=${start} data-testid="scenario-form">
      <label
        >scenario
        <select
          data-testid="scenario-pick"
          value=${name}
          onChange=${(e: Event) => setPicked((e.target as HTMLSelectElement).value)}
        >
          ${(shipped ?? []).map((s) => html`<option key=${s.name} value=${s.name}>${s.name}</option>`)}
        </select></label
      >
      <label class="choice"
        ><input
          type="checkbox"
          data-testid="scenario-replace"
          checked=${replace}
          onChange=${(e: Event) => setReplace((e.target as HTMLInputElement).checked)}
        />
        replace what the lab holds</label
      >
      <button type="submit" data-testid="scenario-start" disabled=${props.busy || !name || underWay(run)}>Start</button>
      ${underWay(run) ? html`<button type="button" data-testid="scenario-stop" disabled=${props.busy} onClick=${props.onStop}>Stop</button>` : ''}
    </form>
    ${chosen && chosen.name !== run?.name ? html`<p class="muted" data-testid="scenario-about">${chosen.description}</p>` : ''}`;
}

/**
 * The lab's scenario (administrators): the run under way or the last one, polled (every second while it runs):
 * its state, progress, steps and each expectation's values expected and read; start a shipped one, stop it.
 */
export function ScenarioPanel(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const api = useMemo(() => scenarioApi(props.gw), [props.gw]);
  const [fast, setFast] = useState(false);
  const polled = usePoll(api.run, fast ? 1000 : 5000, props.onUnauthenticated);
  const run = polled.data;
  useEffect(() => setFast(underWay(run)), [run]);
  const shipped = useLoaded(api.shipped, [api]);
  const action = useAction(props.onUnauthenticated);
  const start = (name: string, replace: boolean) =>
    void action.run(async () => {
      const started = await api.start(name, replace);
      polled.reload();
      return `started ${started.name}${started.replaced ? `; replaced ${started.replaced}` : ''}`;
    });
  const stop = () =>
    void action.run(async () => {
      await api.stop();
      polled.reload();
      return 'stopped: the steps left are skipped';
    });
  return html`<section class="panel wide control" data-testid="scenario-panel">
    <h2>
      Scenario
      <span class=${`result ${run ? STATE_CLASS[run.state] : ''}`} data-testid="scenario-state"
        >${run ? run.state : run === null ? 'none' : '…'}</span
      >
      ${run ? html`<strong data-testid="scenario-name">${run.name}</strong>` : ''}
      <span class="muted">lab ${props.gw.lab}; refreshed every ${fast ? '1 s while it runs' : '5 s'}</span>
    </h2>
    <${Problem} error=${polled.error ?? shipped.error} />
    ${run === null ? html`<p class="muted">No scenario has run in this lab since gwsim started.</p>` : ''}
    ${run ? html`<p class="muted">${run.description}</p>` : ''}
    ${run?.error ? html`<p class="problem">${run.error}</p>` : ''}
    ${run?.replaced ? html`<p class="muted">It replaced ${run.replaced}.</p>` : ''}
    ${run ? html`<${Progress} run=${run} /><${Steps} steps=${run.steps} />` : ''}
    <${ScenarioControls} shipped=${shipped.data} run=${run} busy=${action.busy} onStart=${start} onStop=${stop} />
    ${action.problem ? html`<p class="problem" role="alert" data-testid="scenario-problem">${action.problem}</p>` : ''}
    ${action.done ? html`<p class="done" data-testid="scenario-done">${action.done}</p>` : ''}
  </section>`;
}
