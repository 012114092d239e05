import { h } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import htm from 'htm';
import type { LabGateway, Scope } from './api.js';
import { configurationApi, type TrafficState } from './configApi.js';
import { DoneNote, Field, onSubmit, RefusalNote, useSubmit, valueOf } from './forms.js';
import { usePoll } from './hooks.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

const OUTCOMES = [
  { value: '', label: "as the lab's profile draws it" },
  { value: 'answer', label: 'answers' },
  { value: 'busy', label: 'is busy' },
  { value: 'noAnswer', label: 'does not answer' },
  { value: 'failure', label: 'fails (500/503)' },
  { value: 'cancel', label: 'the caller hangs up while it rings' },
];

/** The gates that refused calls, in words, those that refused none left out. */
function refusedText(state: TrafficState): string {
  const refused = Object.entries(state.counters.refusedBy).filter(([, count]) => count > 0);
  return refused.length === 0
    ? 'none refused'
    : `refused: ${refused.map(([gate, count]) => `${count} ${gate}`).join(', ')}`;
}

/**
 * The lab's traffic (administrators), refreshed every 5 s: whether the profile's calls arrive, the calls started,
 * ended and in progress and what the gates refused; start and stop; and one call placed by hand from a node of
 * the committed configuration (POST …/traffic/calls), which then shows in the sessions in progress and the call
 * history like any other.
 */
export function TrafficPanel(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const api = useMemo(() => configurationApi(props.gw), [props.gw]);
  const traffic = usePoll(api.traffic, 5000, props.onUnauthenticated);
  const gateway = usePoll(props.gw.committedGateway, 15_000, props.onUnauthenticated);
  const toggle = useSubmit(props.onUnauthenticated);
  const state = traffic.data;
  const run = (running: boolean) =>
    void toggle.run(async () => {
      await api.setTraffic(running);
      traffic.reload();
      return running ? "the profile's calls arrive" : 'no new call arrives; the calls in progress run to their end';
    });
  return html`<section class="panel control" data-testid="traffic-panel">
    <h2>
      Traffic
      <span class="count" data-testid="traffic-state">${state ? (state.running ? 'running' : 'stopped') : '…'}</span>
      <span class="muted">lab ${props.gw.lab}; refreshed every 5 s</span>
    </h2>
    <${Problem} error=${traffic.error} />
    ${state ? html`<p data-testid="traffic-counters">${state.counters.started} ${state.counters.started === 1 ? 'call' : 'calls'} started, ${state.counters.ended} ended, ${state.counters.active} in progress; ${refusedText(state)}</p>` : ''}
    <div class="actions">
      <button
        type="button"
        data-testid="traffic-start"
        disabled=${toggle.busy || state?.running}
        onClick=${() => run(true)}
      >
        Start the profile's calls
      </button>
      <button
        type="button"
        data-testid="traffic-stop"
        disabled=${toggle.busy || !state?.running}
        onClick=${() => run(false)}
      >
        Stop
      </button>
    </div>
    <${RefusalNote} refusal=${toggle.refusal} testId="traffic-refusal" />
    <${DoneNote} done=${toggle.done} testId="traffic-done" />
    <${PlaceCallForm}
      nodes=${gateway.data?.nodes ?? []}
      place=${api.placeCall}
      onPlaced=${traffic.reload}
      onUnauthenticated=${props.onUnauthenticated}
    />
  </section>`;
}

/** One call by hand: from a committed node, a calling and a called number, and what the far end does. */
function PlaceCallForm(props: {
  nodes: ReadonlyArray<{ readonly id: string; readonly displayName: string }>;
  place: ReturnType<typeof configurationApi>['placeCall'];
  onPlaced: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [node, setNode] = useState('');
  const [calling, setCalling] = useState('+4930555000');
  const [called, setCalled] = useState('');
  const [outcome, setOutcome] = useState('');
  const submit = useSubmit(props.onUnauthenticated);
  const from = node || props.nodes[0]?.id || '';
  const place = () =>
    void submit.run(async () => {
      const placed = await props.place({ node: from, calling, called, ...(outcome ? { outcome } : {}) });
      props.onPlaced();
      return placed.inProgress
        ? `placed call ${placed.sessionIdentifier} from ${placed.nodeName} to ${placed.called}: in progress (see the sessions in progress, then the call history)`
        : `placed call ${placed.sessionIdentifier} from ${placed.nodeName} to ${placed.called}: refused at once (see the call history)`;
    });
  return html`<form class="subform" data-testid="place-call" onSubmit=${onSubmit(place)}>
    <h3>Place a call <span class="muted">a simulated caller at a committed node dials now</span></h3>
    <div class="row">
      <${Field} label="From" field="node" refusal=${submit.refusal}>
        <select name="node" value=${from} onChange=${(e: Event) => setNode(valueOf(e))}>
          ${props.nodes.map((entry) => html`<option value=${entry.id}>${entry.displayName}</option>`)}
        </select>
      <//>
      <${Field} label="Calling" field="calling" refusal=${submit.refusal}>
        <input name="calling" size="14" value=${calling} onInput=${(e: Event) => setCalling(valueOf(e))} />
      <//>
      <${Field} label="Dials" field="called" refusal=${submit.refusal}>
        <input name="called" size="14" value=${called} onInput=${(e: Event) => setCalled(valueOf(e))} />
      <//>
      <${Field} label="The far end" field="outcome" refusal=${submit.refusal}>
        <select name="outcome" value=${outcome} onChange=${(e: Event) => setOutcome(valueOf(e))}>
          ${OUTCOMES.map((entry) => html`<option value=${entry.value}>${entry.label}</option>`)}
        </select>
      <//>
    </div>
    <${RefusalNote}
      refusal=${submit.refusal}
      placed=${['node', 'calling', 'called', 'outcome']}
      testId="place-call-refusal"
    />
    <${DoneNote} done=${submit.done} testId="place-call-done" />
    <button type="submit" data-testid="place-call-submit" disabled=${submit.busy || props.nodes.length === 0}>
      Place the call
    </button>
  </form>`;
}
