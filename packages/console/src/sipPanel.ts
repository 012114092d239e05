import { h } from 'preact';
import htm from 'htm';
import type { LabGateway, Scope, SipState } from './api.js';
import { useAction } from './control.js';
import { usePoll } from './hooks.js';
import { Problem } from './panels.js';
import { Trunks } from './trunks.js';
import { HepForm } from './hepForm.js';

const html = htm.bind(h);

/**
 * The lab's real SIP (administrators), refreshed every five seconds: each node's listeners (a listener that could
 * not bind shows its port and the system's reason), the trunks the gateway watches (toward real and simulated far
 * ends), what the whitelists refused, the registrar's blocks, each with a button that lifts it, and the lab's HEP
 * capture (HepForm).
 */
export function SipPanel(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const polled = usePoll(props.gw.sip, 5000, props.onUnauthenticated);
  const action = useAction(props.onUnauthenticated);
  const lift = (kind: 'source' | 'user', name: string): void => {
    void action.run(async () => {
      await props.gw.liftSipBlock(kind, name);
      polled.reload();
      return `lifted the block of ${kind} ${name}`;
    });
  };
  const sip = polled.data;
  return html`<section class="panel control" data-testid="sip-panel">
    <h2>
      Real SIP <span class="count" data-testid="sip-state">${sip ? (sip.enabled ? 'on' : 'off') : '…'}</span>
      <span class="muted">${sip ? `offset ${sip.portOffset}, setup timeout ${sip.setupTimeoutSeconds} s` : ''}</span>
    </h2>
    <${Problem} error=${polled.error} />
    ${sip ? html`<${Listeners} sip=${sip} /><${Trunks} sip=${sip} /><${Guard} sip=${sip} busy=${action.busy} onLift=${lift} />` : ''}
    ${action.problem ? html`<p class="problem" role="alert">${action.problem}</p>` : ''}
    ${action.done ? html`<p class="done" data-testid="sip-done">${action.done}</p>` : ''}
    <${HepForm} gw=${props.gw} onUnauthenticated=${props.onUnauthenticated} />
  </section>`;
}

function Listeners(props: { sip: SipState }) {
  if (props.sip.listeners.length === 0) return html`<p class="muted">No listener: SIP is off or no node listens.</p>`;
  return html`<div class="scroll">
    <table class="keep-key" data-testid="sip-listeners">
      <thead>
        <tr>
          <th>Node</th>
          <th>Transport</th>
          <th>Address</th>
          <th>State</th>
        </tr>
      </thead>
      <tbody>
        ${props.sip.listeners.map(
          (l) =>
            html`<tr key=${`${l.nodeId}-${l.transport}`} class=${l.state === 'failed' ? 'failed' : ''}>
              <td>${l.nodeName}</td>
              <td>${l.transport}</td>
              <td>${l.host}:${l.port}</td>
              <td data-testid="sip-listener-state">${l.state === 'failed' ? `failed: ${l.error ?? ''}` : l.state}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

function Guard(props: { sip: SipState; busy: boolean; onLift: (kind: 'source' | 'user', name: string) => void }) {
  const { refused, registrarGuard } = props.sip;
  return html`<p class="muted" data-testid="sip-refused">
      Refused outside the whitelists: ${refused.sip} SIP (${refused.answered} answered 403), ${refused.rtp} RTP.
      Registrar: ${registrarGuard.failedDigests} failed digests, ${registrarGuard.refusedWhileBlocked} refused while
      blocked.
    </p>
    ${registrarGuard.blocks.map(
      (block) =>
        html`<p key=${`${block.kind}-${block.name}`} data-testid="sip-block">
          Blocked ${block.kind} <strong>${block.name}</strong> until ${block.until}
          <button type="button" disabled=${props.busy} onClick=${() => props.onLift(block.kind, block.name)}>
            Lift
          </button>
        </p>`,
    )}`;
}
