import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import { ApiError, type FaultRule, type LabClock, type LabGateway, type Scope } from './api.js';
import { usePoll, type Polled } from './hooks.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

/** The lab's time now, from the clock as last read: it runs on at the clock's rate since it was read. */
export function labNow(clock: LabClock, readAt: Date | undefined, now = Date.now()): Date {
  const base = Date.parse(clock.now);
  return new Date(base + (readAt ? (now - readAt.getTime()) * clock.rate : 0));
}

/** Re-renders every `everyMs` (a ticking display). */
export function useTick(everyMs: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return tick;
}

/** The clock's mode in words. */
export function modeText(clock: LabClock): string {
  return clock.mode === 'real'
    ? clock.offsetSeconds !== 0
      ? 'real time, offset'
      : 'real time'
    : clock.mode === 'scaled'
      ? `scaled ${clock.rate}×`
      : 'frozen';
}

/**
 * Runs a change the panel makes: its problem (the server's message, naming the field) or its outcome; a 401
 * ends the session it rode on. `run` never rejects (what goes wrong is the panel's problem), so the panels start
 * it with `void`.
 */
export function useAction(onUnauthenticated: (scope: Scope) => void) {
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async (what: () => Promise<string>): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    setDone(undefined);
    try {
      setDone(await what());
    } catch (error) {
      if (error instanceof ApiError && error.answer.status === 401) {
        onUnauthenticated(error.scope);
        return;
      }
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { problem, setProblem, done, busy, run };
}

const value = (event: Event) => (event.target as HTMLInputElement).value;

/** Changes the lab's clock, then says what became of it. */
type ClockChange = (what: () => Promise<LabClock>, said: (clock: LabClock) => string) => void;

/** A form's submit handler: the page stays, the handler runs. */
const submitting = (handler: () => void) => (event: Event) => {
  event.preventDefault();
  handler();
};

/** The lab's gateway clock (administrators): its mode, rate and ticking time; freeze, run, scale, set, advance. */
export function ClockPanel(props: {
  gw: LabGateway;
  clock: Polled<LabClock | undefined> & { reload: () => void };
  onUnauthenticated: (scope: Scope) => void;
}) {
  useTick(1000);
  const action = useAction(props.onUnauthenticated);
  const change: ClockChange = (what, said) => {
    void action.run(async () => {
      const after = await what();
      props.clock.reload();
      return said(after);
    });
  };
  return html`<section class="panel control" data-testid="clock-panel">
    <h2>Lab clock <span class="muted">lab ${props.gw.lab}; every time-driven behaviour of the lab follows it</span></h2>
    <${Problem} error=${props.clock.error} />
    <${ClockFacts} clock=${props.clock} />
    <${ClockModes} gw=${props.gw} busy=${action.busy} change=${change} />
    <${ClockSetForm} gw=${props.gw} busy=${action.busy} change=${change} clock=${props.clock.data} />
    <${ClockAdvanceForm} gw=${props.gw} busy=${action.busy} change=${change} />
    ${action.problem ? html`<p class="problem" role="alert" data-testid="clock-problem">${action.problem}</p>` : ''}
    ${action.done ? html`<p class="done" data-testid="clock-done">${action.done}</p>` : ''}
  </section>`;
}

/** The clock as last read: mode, rate, the lab's time ticking on, and its offset from the wall clock. */
function ClockFacts(props: { clock: Polled<LabClock | undefined> }) {
  const clock = props.clock.data;
  return clock
    ? html`<dl class="facts">
        <dt>Mode</dt>
        <dd data-testid="clock-mode">${clock.mode}</dd>
        <dt>Rate</dt>
        <dd data-testid="clock-rate">${clock.rate}× <span class="muted">(${modeText(clock)})</span></dd>
        <dt>Lab time</dt>
        <dd data-testid="clock-now" data-now=${clock.now}>
          ${labNow(clock, props.clock.at)
            .toISOString()
            .replace(/\.\d{3}Z$/, 'Z')}
        </dd>
        <dt>Offset</dt>
        <dd>${Math.round(clock.offsetSeconds)} s from the wall clock</dd>
      </dl>`
    : html`<p class="muted">${props.clock.error ? '' : 'Loading…'}</p>`;
}

/** Freeze the clock, run it in real time (from where it is, or back at the wall clock's time), or run it scaled. */
function ClockModes(props: { gw: LabGateway; busy: boolean; change: ClockChange }) {
  const { gw, busy, change } = props;
  const freeze = () =>
    change(
      () => gw.setClock({ mode: 'frozen' }),
      (after) => `frozen at ${after.now}`,
    );
  const real = () =>
    change(
      () => gw.setClock({ mode: 'real' }),
      () => 'runs in real time',
    );
  const wall = () =>
    change(
      () => gw.setClock({ mode: 'real', offsetSeconds: 0 }),
      (after) => `back to wall time: ${after.now}`,
    );
  return html`<div class="actions">
    <button type="button" data-testid="clock-freeze" disabled=${busy} onClick=${freeze}>Freeze</button>
    <button type="button" data-testid="clock-real" disabled=${busy} onClick=${real}>Run in real time</button>
    <button
      type="button"
      data-testid="clock-wall"
      disabled=${busy}
      onClick=${wall}
      title="real time at the wall clock's time (no offset)"
    >
      Back to wall time
    </button>
    <${ClockScaleForm} gw=${gw} busy=${busy} change=${change} />
  </div>`;
}

/** Run the clock scaled: so many lab seconds to a second of the wall clock. */
function ClockScaleForm(props: { gw: LabGateway; busy: boolean; change: ClockChange }) {
  const [scale, setScale] = useState('60');
  const scaled = () =>
    props.change(
      () => props.gw.setClock({ mode: 'scaled', scale: Number(scale) }),
      (after) => `runs ${after.rate} times as fast`,
    );
  return html`<form class="inline" onSubmit=${submitting(scaled)}>
    <label
      >scale
      <input name="scale" data-testid="clock-scale" size="6" value=${scale} onInput=${(e: Event) => setScale(value(e))}
    /></label>
    <button type="submit" data-testid="clock-scaled" disabled=${props.busy}>Run scaled</button>
  </form>`;
}

/** Set the lab's time to an instant, keeping the clock's mode and rate. */
function ClockSetForm(props: { gw: LabGateway; busy: boolean; change: ClockChange; clock: LabClock | undefined }) {
  const [instant, setInstant] = useState('');
  const { clock } = props;
  const set = () =>
    props.change(
      () =>
        props.gw.setClock({
          mode: clock?.mode ?? 'real',
          ...(clock?.mode === 'scaled' ? { scale: clock.rate } : {}),
          now: instant,
        }),
      (after) => `set to ${after.now}`,
    );
  return html`<form class="inline" onSubmit=${submitting(set)}>
    <label
      >instant
      <input
        name="instant"
        data-testid="clock-instant"
        size="24"
        placeholder="2027-01-01T09:00:00Z"
        required
        value=${instant}
        onInput=${(e: Event) => setInstant(value(e))}
    /></label>
    <button type="submit" data-testid="clock-set" disabled=${props.busy}>Set the lab's time</button>
  </form>`;
}

/** Advance the lab's time by a duration (ISO 8601), an hour or a day. */
function ClockAdvanceForm(props: { gw: LabGateway; busy: boolean; change: ClockChange }) {
  const [by, setBy] = useState('PT1H');
  const { busy } = props;
  const advance = (duration: string) =>
    props.change(
      () => props.gw.advanceClock(duration),
      (after) => `advanced by ${duration}: the lab's time is ${after.now}`,
    );
  return html`<form class="inline" onSubmit=${submitting(() => advance(by))}>
    <label
      >advance by
      <input name="by" data-testid="clock-by" size="10" required value=${by} onInput=${(e: Event) => setBy(value(e))}
    /></label>
    <button type="submit" data-testid="clock-advance" disabled=${busy}>Advance</button>
    <button type="button" data-testid="clock-advance-hour" disabled=${busy} onClick=${() => advance('PT1H')}>
      +1 hour
    </button>
    <button type="button" data-testid="clock-advance-day" disabled=${busy} onClick=${() => advance('P1D')}>
      +1 day
    </button>
  </form>`;
}

/** A rule's match in words. */
function matchText(rule: FaultRule): string {
  const match = rule.match ?? {};
  const parts = [match.method, match.operation ?? match.path, match.user ? `by ${match.user}` : undefined].filter(
    (part) => part !== undefined,
  );
  return parts.length > 0 ? parts.join(' ') : 'every gateway request';
}

/** A rule's effect in words. */
function effectText(rule: FaultRule): string {
  const effect = rule.effect;
  const parts: string[] = [];
  if (effect['latencyMs'] !== undefined)
    parts.push(
      `latency ${typeof effect['latencyMs'] === 'number' ? `${effect['latencyMs']} ms` : JSON.stringify(effect['latencyMs'])}`,
    );
  if (effect['status'] !== undefined) parts.push(`status ${String(effect['status'])}`);
  if (effect['drop']) parts.push('drop');
  if (effect['malformedBody']) parts.push('malformed body');
  if (effect['timeout']) parts.push('timeout');
  if (effect['kind'] !== undefined) parts.push(String(effect['kind']));
  return parts.length > 0 ? parts.join(', ') : JSON.stringify(effect);
}

export const EXAMPLE_RULE = JSON.stringify(
  { match: { operation: 'nodes/get' }, effect: { status: 503 }, count: 2 },
  null,
  2,
);

/** The lab's fault rules, polled every five seconds, and the changes to them: add one (JSON text), remove one. */
function useFaultRules(gw: LabGateway, onUnauthenticated: (scope: Scope) => void) {
  const polled = usePoll(gw.faults, 5000, onUnauthenticated);
  const action = useAction(onUnauthenticated);
  const add = (text: string) => {
    let rule: unknown;
    try {
      rule = JSON.parse(text);
    } catch (error) {
      action.setProblem(`the rule is not JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    void action.run(async () => {
      const added = await gw.addFault(rule);
      polled.reload();
      return `added rule ${added.id}`;
    });
  };
  const remove = (id: string): void => {
    void action.run(async () => {
      await gw.removeFault(id);
      polled.reload();
      return `removed rule ${id}`;
    });
  };
  return { polled, action, add, remove };
}

/** The lab's fault rules (administrators), refreshed every five seconds: remove one, add one as JSON. */
export function FaultsPanel(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const { polled, action, add, remove } = useFaultRules(props.gw, props.onUnauthenticated);
  const rules = polled.data?.rules ?? [];
  return html`<section class="panel control" data-testid="faults-panel">
    <h2>
      Fault rules <span class="count" data-testid="faults-count">${polled.data ? rules.length : '…'}</span>
      <span class="muted"
        >lab ${props.gw.lab}; refreshed every 5
        s${polled.at ? `, last at ${polled.at.toLocaleTimeString([], { hour12: false })}` : ''}</span
      >
    </h2>
    <${Problem} error=${polled.error} />
    ${
      rules.length === 0
        ? html`<p class="muted">
            ${polled.data ? 'No fault rule: the gateway answers normally.' : polled.error ? '' : 'Loading…'}
          </p>`
        : html`<${FaultRulesTable} rules=${rules} busy=${action.busy} onRemove=${remove} />`
    }
    <${AddFaultForm} busy=${action.busy} onAdd=${add} />
    ${action.problem ? html`<p class="problem" role="alert" data-testid="fault-problem">${action.problem}</p>` : ''}
    ${action.done ? html`<p class="done" data-testid="fault-done">${action.done}</p>` : ''}
  </section>`;
}

/** The fault rules, one a row: match, effect, probability, hits, what remains, expiry, and a button to remove it. */
function FaultRulesTable(props: { rules: readonly FaultRule[]; busy: boolean; onRemove: (id: string) => void }) {
  return html`<div class="scroll">
    <table class="keep-key" data-testid="fault-rules">
      <thead>
        <tr>
          <th>Match</th>
          <th>Effect</th>
          <th>Probability</th>
          <th>Hits</th>
          <th>Remaining</th>
          <th>Expires</th>
          <th>Active</th>
          <th></th>
        </tr>
      </thead>
      <tbody>
        ${props.rules.map(
          (rule) =>
            html`<tr key=${rule.id} data-rule=${rule.id}>
              <td class="wrap">${matchText(rule)}</td>
              <td class="wrap">${effectText(rule)}</td>
              <td>${rule.probability ?? 1}</td>
              <td data-testid="fault-hits">${rule.hits}</td>
              <td data-testid="fault-remaining">${rule.remaining ?? '—'}</td>
              <td>${rule.expiresAt ?? '—'}</td>
              <td>${rule.active ? 'yes' : 'not yet'}</td>
              <td>
                <button
                  type="button"
                  data-testid="fault-remove"
                  disabled=${props.busy}
                  onClick=${() => props.onRemove(rule.id)}
                >
                  Remove
                </button>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The rule to add, as JSON (an example to start from). */
function AddFaultForm(props: { busy: boolean; onAdd: (text: string) => void }) {
  const [text, setText] = useState(EXAMPLE_RULE);
  const add = (event: Event) => {
    event.preventDefault();
    props.onAdd(text);
  };
  return html`<form class="add-rule" onSubmit=${add} data-testid="fault-form">
    <label for="fault-rule"
      ><strong>Add a rule</strong>
      <span class="muted"
        >JSON: match (operation, path, method, user; or all: true for every request), effect (status, latencyMs, drop,
        malformedBody, timeout; or a gateway fault: kind with node, lossPercent, jitterMs, loadPercent), probability,
        count, window, expiresInSeconds</span
      ></label
    >
    <textarea
      id="fault-rule"
      name="rule"
      rows="6"
      spellcheck="false"
      value=${text}
      onInput=${(e: Event) => setText((e.target as HTMLTextAreaElement).value)}
    ></textarea>
    <div><button type="submit" data-testid="fault-add" disabled=${props.busy}>Add rule</button></div>
  </form>`;
}
