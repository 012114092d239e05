import { h } from 'preact';
import htm from 'htm';
import type { LabGateway, Scope } from './api.js';
import { usePoll } from './hooks.js';
import { Problem } from './panels.js';

/** Two counts: answered with success, and not. */
export interface Counts {
  readonly success: number;
  readonly failed: number;
}

/** A SIP node on the gateway's dashboard (dashboard/get). */
export interface DashboardNode {
  readonly id: string;
  readonly displayName: string;
  readonly enabled: boolean;
  readonly operational: boolean;
  readonly networkState: string;
  readonly registrationState: string;
  readonly sessions: { readonly incomingCalls: number; readonly outgoingCalls: number };
  readonly optionsPackets: { readonly sent: Counts; readonly received: Counts };
  readonly registeredClientList: ReadonlyArray<{
    readonly user: string;
    readonly bindingIri: string;
    readonly sipUserAgent: string;
    readonly expiration: string;
  }>;
  readonly transportConnections: ReadonlyArray<{
    readonly transportUp: boolean;
    readonly transportId: string;
    readonly transportTargetIri: string;
  }>;
}

/** The gateway at a glance (dashboard/get). */
export interface GatewayDashboard {
  readonly sipNodes: readonly DashboardNode[];
  readonly ldapConnections: ReadonlyArray<{
    readonly displayName: string;
    readonly state: string;
    readonly searchCount: number;
  }>;
  readonly certificates: ReadonlyArray<{ readonly commonName: string; readonly expiresInDays: number }>;
}

const html = htm.bind(h);

function state(value: string, good: boolean, testid: string) {
  return html`<span class=${`result ${good ? 'ok' : value === 'notConfigured' ? '' : 'bad'}`} data-testid=${testid}
    >${value}</span
  >`;
}

function NodeRow(props: { node: DashboardNode }) {
  const { node } = props;
  const { sent, received } = node.optionsPackets;
  const down = node.transportConnections.filter((c) => !c.transportUp).length;
  return html`<tr key=${node.id} data-node=${node.id} class=${node.operational ? '' : 'failed'}>
    <td><strong>${node.displayName}</strong>${node.enabled ? '' : html` <span class="muted">disabled</span>`}</td>
    <td>${state(node.operational ? 'yes' : 'no', node.operational, 'dashboard-operational')}</td>
    <td>${state(node.networkState, node.networkState === 'up', 'dashboard-network')}</td>
    <td>${state(node.registrationState, node.registrationState === 'registered', 'dashboard-registration')}</td>
    <td data-testid="dashboard-calls">${node.sessions.incomingCalls} in, ${node.sessions.outgoingCalls} out</td>
    <td data-testid="dashboard-keepalives">${sent.success} answered, ${sent.failed} failed</td>
    <td data-testid="dashboard-options-received">${received.success}</td>
    <td
      data-testid="dashboard-phones"
      title=${node.registeredClientList.map((c) => `${c.user} ${c.bindingIri}`).join('\n')}
    >
      ${node.registeredClientList.length}
    </td>
    <td data-testid="dashboard-connections">
      ${
        node.transportConnections.length === 0
          ? html`<span class="muted">none</span>`
          : `${node.transportConnections.length - down} up${down > 0 ? `, ${down} down` : ''}`
      }
    </td>
  </tr>`;
}

function Footer(props: { dashboard: GatewayDashboard }) {
  const { ldapConnections, certificates } = props.dashboard;
  return html`<p class="muted" data-testid="dashboard-footer">
    Directories:
    ${ldapConnections.map((c) => `${c.displayName} ${c.state} (${c.searchCount} searches)`).join('; ') || 'none'}.
    Certificates: ${certificates.map((c) => `${c.commonName} expires in ${c.expiresInDays} days`).join('; ') || 'none'}.
  </p>`;
}

/**
 * The gateway at a glance (dashboard/get, as the real product's monitoring clients read it), refreshed every five
 * seconds: per SIP node whether it takes calls, its network and registration state, its calls in progress, its
 * OPTIONS keep-alives (sent and answered on its trunk, received on its listener), its registered phones and its
 * transport connections; the directory connections and the certificates' days to expiry.
 */
export function DashboardPanel(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const polled = usePoll(props.gw.dashboard, 5000, props.onUnauthenticated);
  const dashboard = polled.data;
  return html`<section class="panel wide" data-testid="dashboard-panel">
    <h2>Gateway at a glance <span class="muted">SIP nodes, keep-alives, phones, directories, certificates</span></h2>
    <${Problem} error=${polled.error} />
    ${
      dashboard
        ? html`<div class="scroll">
              <table class="keep-key" data-testid="dashboard-nodes">
                <thead>
                  <tr>
                    <th>Node</th>
                    <th>Operational</th>
                    <th>Network</th>
                    <th>Registration</th>
                    <th>Calls</th>
                    <th>Keep-alives sent</th>
                    <th>OPTIONS received</th>
                    <th>Phones</th>
                    <th>Connections</th>
                  </tr>
                </thead>
                <tbody>
                  ${dashboard.sipNodes.map((node) => html`<${NodeRow} key=${node.id} node=${node} />`)}
                </tbody>
              </table>
            </div>
            <${Footer} dashboard=${dashboard} />`
        : ''
    }
  </section>`;
}
