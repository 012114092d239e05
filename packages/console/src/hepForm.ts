import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import type { HepChange, HepState, LabGateway, Scope } from './api.js';
import { useAction } from './control.js';
import { usePoll } from './hooks.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

const value = (event: Event) => (event.target as HTMLInputElement).value;

/** How the lab's HEP messages fare, in words. */
export function hepFate(state: HepState): string {
  if (!state.enabled) return state.host ? `off (last collector ${state.host}:${state.port})` : 'off';
  const sender = state.sender;
  const where = `${state.transport.toUpperCase()} to ${state.host}:${state.port}, capture id ${state.captureId}`;
  if (!sender) return `on, ${where}`;
  return `${sender.state}, ${where}: ${sender.sent} sent, ${sender.dropped} dropped${sender.lastError ? ` (${sender.lastError})` : ''}`;
}

/**
 * The lab's HEP capture (administrators), in the SIP panel: every SIP message the lab records, real and synthetic,
 * sent as HEP3 to a collector (Homer, sngrep). The form starts from the lab's values; the password field is empty
 * (it is never answered): left empty it keeps the password set, and a button removes it.
 */
export function HepForm(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const polled = usePoll(props.gw.hep, 5000, props.onUnauthenticated);
  const action = useAction(props.onUnauthenticated);
  const [form, setForm] = useState<{ host: string; port: string; transport: string; captureId: string } | undefined>();
  const [password, setPassword] = useState('');
  const hep = polled.data;
  useEffect(() => {
    if (hep && form === undefined)
      setForm({ host: hep.host, port: String(hep.port), transport: hep.transport, captureId: String(hep.captureId) });
  }, [hep]);
  const change = (body: HepChange, said: (after: HepState) => string) =>
    void action.run(async () => {
      const after = await props.gw.setHep(body);
      setPassword('');
      polled.reload();
      return said(after);
    });
  const send = (event: Event) => {
    event.preventDefault();
    if (!form) return;
    change(
      {
        enabled: true,
        host: form.host,
        port: Number(form.port),
        transport: form.transport as 'udp' | 'tcp',
        captureId: Number(form.captureId),
        ...(password !== '' ? { password } : {}),
      },
      (after) => `HEP on: ${after.transport.toUpperCase()} to ${after.host}:${after.port}`,
    );
  };
  const field = (name: 'host' | 'port' | 'captureId', size: number) =>
    html`<input
      name=${name}
      data-testid=${`hep-${name}`}
      size=${size}
      value=${form?.[name] ?? ''}
      onInput=${(e: Event) => setForm((f) => f && { ...f, [name]: value(e) })}
    />`;
  return html`<div class="hep" data-testid="hep-form">
    <h3>HEP to a collector <span class="muted" data-testid="hep-state">${hep ? hepFate(hep) : '…'}</span></h3>
    <${Problem} error=${polled.error} />
    <form class="inline" onSubmit=${send}>
      <label>collector ${field('host', 20)}</label>
      <label>port ${field('port', 5)}</label>
      <label
        >transport
        <select
          name="transport"
          data-testid="hep-transport"
          value=${form?.transport ?? 'udp'}
          onChange=${(e: Event) => setForm((f) => f && { ...f, transport: value(e) })}
        >
          <option value="udp">UDP</option>
          <option value="tcp">TCP</option>
        </select></label
      >
      <label>capture id ${field('captureId', 10)}</label>
      <${HepActions}
        hep=${hep}
        busy=${action.busy || !form}
        password=${password}
        onPassword=${setPassword}
        change=${change}
      />
    </form>
    ${action.problem ? html`<p class="problem" role="alert" data-testid="hep-problem">${action.problem}</p>` : ''}
    ${action.done ? html`<p class="done" data-testid="hep-done">${action.done}</p>` : ''}
  </div>`;
}

/** The password (empty: unchanged), and the buttons: send, stop, remove the password. */
function HepActions(props: {
  hep: HepState | undefined;
  busy: boolean;
  password: string;
  onPassword: (password: string) => void;
  change: (body: HepChange, said: (after: HepState) => string) => void;
}) {
  const { hep, busy } = props;
  return html`<label
      >password
      <input
        name="hepPassword"
        type="password"
        autocomplete="new-password"
        data-testid="hep-password"
        size="12"
        placeholder=${hep?.passwordSet ? 'set: unchanged' : 'none'}
        value=${props.password}
        onInput=${(e: Event) => props.onPassword(value(e))}
    /></label>
    <button type="submit" data-testid="hep-send" disabled=${busy}>Send</button>
    <button
      type="button"
      data-testid="hep-stop"
      disabled=${busy || !hep?.enabled}
      onClick=${() => props.change({ enabled: false }, () => 'HEP off')}
    >
      Stop
    </button>
    ${
      hep?.passwordSet
        ? html`<button
            type="button"
            data-testid="hep-remove-password"
            disabled=${busy}
            onClick=${() => props.change({ password: '' }, () => 'password removed')}
          >
            Remove password
          </button>`
        : ''
    }`;
}
