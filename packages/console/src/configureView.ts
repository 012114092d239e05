import { h } from 'preact';
import { useMemo, useReducer } from 'preact/hooks';
import htm from 'htm';
import type { LabGateway, Scope } from './api.js';
import { configurationApi } from './configApi.js';
import { NodeForm } from './configForms.js';
import { ConfigPanel } from './configPanel.js';
import { PendingChanges } from './pendingChanges.js';
import { RewritingForm } from './rewritingForm.js';
import { RoutingForms } from './routingForms.js';

const html = htm.bind(h);

/** Which of the lab's views is shown: what the gateway does, or its configuration. */
export type LabViewName = 'watch' | 'configure';

/** The two views of a lab, as tabs above its panels. */
export function ViewTabs(props: { view: LabViewName; onView: (view: LabViewName) => void }) {
  const tab = (view: LabViewName, label: string) =>
    html`<button
      type="button"
      role="tab"
      aria-selected=${props.view === view}
      class=${props.view === view ? 'tab selected' : 'tab'}
      data-testid=${`view-${view}`}
      onClick=${() => props.onView(view)}
    >
      ${label}
    </button>`;
  return html`<nav class="tabs" role="tablist">${tab('watch', 'Watch')}${tab('configure', 'Configure')}</nav>`;
}

/**
 * The lab's configuration: the pending changes (commit, revert, export, import), the typed forms of the common
 * tasks (a node from a profile, routing domains and routes, dial string rewriting) and the browser over every
 * object. A change any of them makes bumps a counter the others reload on.
 */
export function ConfigureView(props: { gw: LabGateway; onUnauthenticated: (scope: Scope) => void }) {
  const api = useMemo(() => configurationApi(props.gw), [props.gw]);
  const [changes, changed] = useReducer((count: number) => count + 1, 0);
  const common = { api, changes, onChanged: changed, onUnauthenticated: props.onUnauthenticated };
  return html`<main class="grid configure">
    <${PendingChanges} ...${common} />
    <${NodeForm} ...${common} />
    <${RoutingForms} ...${common} />
    <${RewritingForm} ...${common} />
    <${ConfigPanel} ...${common} />
  </main>`;
}
