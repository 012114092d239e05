import { h } from 'preact';
import htm from 'htm';
import type { SipState, SipTrunk } from './api.js';

const html = htm.bind(h);

/** The badge class of a trunk's keep-alive or registration state. */
const TONE: Record<string, string> = {
  up: 'ok',
  registered: 'ok',
  down: 'bad',
  failed: 'bad',
  unknown: 'warn',
  registering: 'warn',
};

function badge(state: string, testid: string) {
  return html`<span class=${`result ${TONE[state] ?? ''}`} data-testid=${testid}>${state}</span>`;
}

function KeepAlive(props: { trunk: SipTrunk }) {
  const keepAlive = props.trunk.keepAlive;
  if (!keepAlive) return html`<td data-testid="trunk-keepalive"><span class="muted">none</span></td>`;
  return html`<td data-testid="trunk-keepalive">
    ${badge(keepAlive.state, 'trunk-keepalive-state')}
    <span class="muted"> every ${keepAlive.intervalSeconds} s</span>
    <div class="muted" data-testid="trunk-keepalive-last">
      last: ${keepAlive.lastStatus === undefined ? 'no answer' : keepAlive.lastStatus}
    </div>
  </td>`;
}

/** How the last REGISTER ended. */
function registrationNote(registration: NonNullable<SipTrunk['registration']>): string {
  if (registration.lastStatus !== undefined) return `last: ${registration.lastStatus}`;
  return registration.state === 'failed' ? 'last: no answer' : '';
}

function Registration(props: { trunk: SipTrunk }) {
  const registration = props.trunk.registration;
  if (!registration) return html`<td data-testid="trunk-registration"><span class="muted">none</span></td>`;
  return html`<td
    data-testid="trunk-registration"
    title=${`${registration.addressOfRecord} at ${registration.registrarUri}`}
  >
    ${badge(registration.state, 'trunk-registration-state')}
    <div class="muted">${registrationNote(registration)}</div>
  </td>`;
}

/**
 * The trunks the lab's gateway watches, one row per node: its far end (the target, and whether a real peer or the
 * simulator answers), its OPTIONS keep-alive (state, interval, last answer) and its registration (state, last
 * answer). Read with the rest of the SIP state, so it is as fresh as the panel; the keep-alives' counts are the
 * dashboard panel's.
 */
export function Trunks(props: { sip: SipState }) {
  const { trunks, supervision } = props.sip;
  const heading = html`<h3>
    Trunks
    <span class="muted"
      >OPTIONS keep-alives and registrations; a simulated far end follows the lab clock and its faults</span
    >
  </h3>`;
  if (trunks.length === 0)
    return html`${heading}
      <p class="muted" data-testid="sip-no-trunks">
        ${supervision ? 'No trunk watched: no node asks for keep-alives or a registration.' : 'The lab watches no trunk (supervision off).'}
      </p>`;
  return html`${heading}
    <div class="scroll">
      <table class="trunks keep-key" data-testid="sip-trunks">
        <thead>
          <tr>
            <th>Node and far end</th>
            <th>Keep-alive</th>
            <th>Registration</th>
          </tr>
        </thead>
        <tbody>
          ${trunks.map(
            (trunk) =>
              html`<tr
                key=${trunk.nodeId}
                data-node=${trunk.nodeId}
                data-state=${trunk.state}
                class=${trunk.state === 'down' ? 'failed' : ''}
              >
                <td>
                  <strong>${trunk.nodeName}</strong>
                  <div class="muted" data-testid="trunk-far-end">
                    <span class="far-end">${trunk.farEnd}</span> ${trunk.target}
                  </div>
                </td>
                <${KeepAlive} trunk=${trunk} />
                <${Registration} trunk=${trunk} />
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}
