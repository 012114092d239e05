import { h } from 'preact';
import htm from 'htm';
import { type CallHistoryEntry, type CommittedGateway, type LabGateway, type Scope } from './api.js';
import { clock, dateAndTime, duration, endpoint, timeZone } from './format.js';
import { usePoll } from './hooks.js';

const html = htm.bind(h);

/** Node names by id, from the committed configuration (ids where it is not known yet). */
export type NodeNames = (id: string | undefined) => string;

export function nodeNames(gateway: CommittedGateway | undefined): NodeNames {
  const names = new Map((gateway?.nodes ?? []).map((node) => [node.id, node.displayName]));
  return (id) => (id === undefined ? '' : (names.get(id) ?? id));
}

export function Problem(props: { error: string | undefined }) {
  return props.error ? html`<p class="problem" role="alert">${props.error}</p>` : null;
}

/** An instant of the lab clock in the browser's time zone: its date (muted) and time, the full instant as its title. */
export function When(props: { iso: string | null | undefined; date?: boolean }) {
  const at = dateAndTime(props.iso);
  if (!at || !props.iso) return html`<span>${props.iso ?? ''}</span>`;
  return html`<time datetime=${props.iso} title=${`${at.date} ${at.time} (${timeZone()})`}
    >${props.date === false ? '' : html`<span class="date">${at.date}</span> `}${at.time}</time
  >`;
}

/** The sessions in progress, refreshed every two seconds. */
export function LiveSessions(props: { gw: LabGateway; names: NodeNames; onUnauthenticated: (scope: Scope) => void }) {
  const polled = usePoll(props.gw.activeSessions, 2000, props.onUnauthenticated);
  const sessions = polled.data?.activeSessions ?? [];
  const updated = polled.data ? new Date(polled.data.lastUpdated).getTime() : 0;
  return html`<section class="panel" data-testid="live-sessions">
    <h2>
      Sessions in progress <span class="count" data-testid="live-count">${polled.data ? sessions.length : '…'}</span>
      <span class="muted"
        >refreshed every 2 s${polled.at ? `, last at ${polled.at.toLocaleTimeString([], { hour12: false })}` : ''}</span
      >
    </h2>
    <${Problem} error=${polled.error} />
    ${
      sessions.length === 0
        ? html`<p class="muted">${polled.data ? 'No session is in progress.' : 'Loading…'}</p>`
        : html`<div class="scroll list">
            <table class="keep-key" data-testid="live-table">
              <thead>
                <tr>
                  <th>Started</th>
                  <th>State</th>
                  <th>From</th>
                  <th>To</th>
                  <th>In → Out</th>
                  <th>Codec</th>
                  <th>Duration</th>
                </tr>
              </thead>
              <tbody>
                ${sessions.map((session) => {
                  const incoming = session.incoming;
                  const outgoing = session.outgoing.at(-1);
                  const since = incoming.connectTime ? (updated - new Date(incoming.connectTime).getTime()) / 1000 : 0;
                  return html`<tr key=${session.sessionId} data-session=${session.sessionId}>
                    <td><${When} iso=${incoming.startTime} date=${false} /></td>
                    <td><span class=${`state state-${incoming.callState}`}>${incoming.callState}</span></td>
                    <td>${incoming.telRemoteNumber}</td>
                    <td>${incoming.telLocalNumber}</td>
                    <td class="wrap">
                      ${props.names(incoming.nodeId)} → ${outgoing ? props.names(outgoing.nodeId) : '—'}
                    </td>
                    <td>${incoming.mediaReceiveCodec ?? ''}</td>
                    <td>${incoming.connectTime ? duration(since) : '—'}</td>
                  </tr>`;
                })}
              </tbody>
            </table>
          </div>`
    }
  </section>`;
}

function resultClass(entry: CallHistoryEntry): string {
  return entry.result === 'ANSWERED'
    ? 'ok'
    : entry.result === 'BUSY' || entry.result === 'NO_ANSWER' || entry.result === 'CANCELLED'
      ? 'warn'
      : 'bad';
}

/** One finished call: when (date and time), who called whom, how it ended, how long, where it went. */
function HistoryRow(props: { entry: CallHistoryEntry; selected: boolean; onSelect: (session: string) => void }) {
  const { entry } = props;
  const rewritten =
    entry.outboundDestinationDialString && entry.outboundDestinationDialString !== entry.inboundDestinationDialString;
  return html`<tr
    data-session=${entry.sessionIdentifier}
    class=${props.selected ? 'selected' : ''}
    tabindex="0"
    onClick=${() => props.onSelect(entry.sessionIdentifier)}
    onKeyDown=${(event: KeyboardEvent) => {
      if (event.key === 'Enter') props.onSelect(entry.sessionIdentifier);
    }}
  >
    <td data-testid="history-started"><${When} iso=${entry.startDateTime} /></td>
    <td>${entry.inboundSourceDialString}</td>
    <td>
      ${entry.inboundDestinationDialString}${rewritten ? html` <span class="muted">→ ${entry.outboundDestinationDialString}</span>` : ''}
    </td>
    <td data-testid="history-result">
      <span class=${`result ${resultClass(entry)}`}
        >${entry.result}${entry.sipStatusCode ? ` ${entry.sipStatusCode}` : ''}</span
      >
    </td>
    <td data-testid="history-duration">${duration(entry.durationSeconds)}</td>
    <td class="wrap">${entry.inboundNodeName ?? '—'} → ${entry.outboundNodeName ?? '—'}</td>
    <td class="wrap">${entry.routeName ?? '—'}</td>
  </tr>`;
}

/** The latest finished calls (refreshed every five seconds); a click shows the call's SIP ladder. */
export function CallHistory(props: {
  gw: LabGateway;
  selected: string | undefined;
  onSelect: (session: string) => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const polled = usePoll(() => props.gw.callHistory(25), 5000, props.onUnauthenticated);
  const entries = polled.data?.entries ?? [];
  return html`<section class="panel wide" data-testid="call-history">
    <h2>
      Call history <span class="count">${polled.data ? polled.data.totalCount : '…'}</span>
      <span class="muted">the latest 25, on the lab's clock in ${timeZone()}; pick a call for its SIP ladder</span>
    </h2>
    <${Problem} error=${polled.error} />
    ${
      entries.length === 0
        ? html`<p class="muted">${polled.data ? 'No call has ended yet.' : 'Loading…'}</p>`
        : html`<div class="scroll list">
            <table class="pickable keep-key" data-testid="history-table">
              <thead>
                <tr>
                  <th>Started</th>
                  <th>From</th>
                  <th>To</th>
                  <th>Result</th>
                  <th>Duration</th>
                  <th>In → Out</th>
                  <th>Route</th>
                </tr>
              </thead>
              <tbody>
                ${entries.map(
                  (entry) =>
                    html`<${HistoryRow}
                      key=${entry.sessionIdentifier}
                      entry=${entry}
                      selected=${entry.sessionIdentifier === props.selected}
                      onSelect=${props.onSelect}
                    />`,
                )}
              </tbody>
            </table>
          </div>`
    }
  </section>`;
}

type GatewayNode = CommittedGateway['nodes'][number];
type RoutingDomain = CommittedGateway['routingDomains'][number];
type Route = RoutingDomain['routes'][number];

/** The committed configuration's nodes and routes, as the simulator carries calls on it. */
export function GatewayOverview(props: {
  gateway: CommittedGateway | undefined;
  error: string | undefined;
  uncommitted: boolean | undefined;
  names: NodeNames;
}) {
  const gateway = props.gateway;
  return html`<section class="panel" data-testid="overview">
    <h2>
      Committed configuration
      <span class="muted"
        >${gateway ? `generation ${gateway.generation}, compiled ${clock(gateway.compiledAt)}` : ''}</span
      >
    </h2>
    <${Problem} error=${props.error} />
    ${props.uncommitted ? html`<p class="notice">The configuration has changes that are not committed yet; calls are carried on what is shown here.</p>` : ''}
    ${
      gateway
        ? html`
            <${NodesTable} nodes=${gateway.nodes} />
            ${gateway.routingDomains.map(
              (domain) => html`<${RoutingDomainRoutes} key=${domain.id} domain=${domain} names=${props.names} />`,
            )}
            <${LeftOut} problems=${gateway.problems} />
          `
        : props.error
          ? ''
          : html`<p class="muted">Loading…</p>`
    }
  </section>`;
}

/** The committed nodes: kind, state and the endpoints of each (the far end's name, and its address under it). */
function NodesTable(props: { nodes: readonly GatewayNode[] }) {
  return html`
    <h3>Nodes</h3>
    <div class="scroll">
      <table class="keep-key" data-testid="overview-nodes">
        <thead>
          <tr>
            <th>Node</th>
            <th>State</th>
            <th>Gateway listens on</th>
            <th>Far end</th>
          </tr>
        </thead>
        <tbody>
          ${props.nodes.map(
            (node) =>
              html`<tr key=${node.id}>
                <td>
                  ${node.displayName}
                  <div class="muted">${node.sort}</div>
                </td>
                <td class="wrap">${node.enabled ? (node.source ? 'enabled, takes calls' : 'enabled') : 'disabled'}</td>
                <td>${endpoint(node.local)}</td>
                <td>
                  ${
                    node.remote
                      ? html`${node.remote.host}
                          <div class="muted">${node.remote.address}:${node.remote.port}/${node.remote.transport}</div>`
                      : '—'
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  `;
}

/** One routing domain: the nodes it takes calls from and its routes in order. */
function RoutingDomainRoutes(props: { domain: RoutingDomain; names: NodeNames }) {
  const { domain } = props;
  return html`<div>
    <h3>
      Routing domain ${domain.displayName}
      <span class="muted">calls from ${domain.sourceNodeIds.map(props.names).join(', ') || 'no node'}</span>
    </h3>
    <ol class="routes">
      ${domain.routes.map((route) => html`<${RouteItem} key=${route.id} route=${route} names=${props.names} />`)}
    </ol>
  </div>`;
}

/** A route's filters in words. */
function filtersText(route: Route, names: NodeNames): string {
  return (
    route.filters
      .map(
        (filter) =>
          `from ${filter.sourceNodeIds.map(names).join(', ') || 'any node'}${filter.destination ? `, to ${filter.destination}` : ''}${filter.source ? `, calling ${filter.source}` : ''}`,
      )
      .join(' or ') || 'no filter: never matches'
  );
}

/** One route: its name, action, filters and targets (each the next on failover). */
function RouteItem(props: { route: Route; names: NodeNames }) {
  const { route } = props;
  return html`<li class=${route.enabled ? '' : 'disabled'}>
    <strong>${route.displayName}</strong>
    <span class=${`action action-${route.action}`}>${route.action}</span>${route.enabled ? '' : ' (disabled)'}
    <div class="muted">${filtersText(route, props.names)}</div>
    ${route.targets.length > 0 ? html`<div>→ ${route.targets.map((target, i) => html`${i > 0 ? ', then ' : ''}${props.names(target.destinationNodeId)}${target.failoverOn ? html` <span class="muted">(next on ${target.failoverOn})</span>` : ''}`)}</div>` : ''}
  </li>`;
}

/** What the compilation left out of the committed configuration, when anything was. */
function LeftOut(props: { problems: CommittedGateway['problems'] }) {
  return props.problems.length > 0
    ? html`<h3>Left out</h3>
        <ul>
          ${props.problems.map((p) => html`<li>${p.message}</li>`)}
        </ul>`
    : '';
}
