import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import type { Scope } from './api.js';
import type { ConfigurationApi, NamedEntry, RouteEntry, RoutingDomainEntry } from './configApi.js';
import { DoneNote, Field, numberOrText, onSubmit, RefusalNote, useSubmit, valueOf, type Refusal } from './forms.js';
import { useLoaded } from './loaded.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

const TARGET = 'establishment.routingTargets[0]';
const FAILOVER = 'establishment.routingTargets[1]';
const FILTER = 'filters[0]';

/** The fields the route form has inputs for. */
const ROUTE_FIELDS = ['displayName', 'establishment.action', TARGET, FAILOVER, FILTER];

/** Checkboxes of the nodes, the checked ones by id. */
function NodeChoice(props: {
  nodes: readonly NamedEntry[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  name: string;
}) {
  if (props.nodes.length === 0) return html`<span class="muted">no node yet</span>`;
  return html`<span class="choices">
    ${props.nodes.map(
      (node) =>
        html`<label key=${node.id} class="choice"
          ><input
            type="checkbox"
            name=${props.name}
            value=${node.id}
            checked=${props.chosen.includes(node.id)}
            onChange=${(e: Event) =>
              props.onChange(
                (e.target as HTMLInputElement).checked
                  ? [...props.chosen, node.id]
                  : props.chosen.filter((id) => id !== node.id),
              )}
          />
          ${node.displayName}</label
        >`,
    )}
  </span>`;
}

/**
 * Routing domains and their routes (/api/routingDomains/..., version 1): the domains with the nodes they take
 * calls from and their routes in order, a domain to add (its name and source nodes), and a route to add at the
 * end of a domain: the nodes and numbers it takes, its action, its target and a failover target.
 */
export function RoutingForms(props: {
  api: ConfigurationApi;
  changes: number;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const domains = useLoaded(props.api.routingDomains, [props.changes]);
  const nodes = useLoaded(props.api.nodes, [props.changes]);
  const names = new Map((nodes.data ?? []).map((node) => [node.id, node.displayName]));
  const name = (id: string) => names.get(id) ?? id;
  return html`<section class="panel control config-form" data-testid="routing-forms">
    <h2>Routing <span class="muted">routing domains and their routes, in the working configuration</span></h2>
    <${Problem} error=${domains.error ?? nodes.error} />
    ${(domains.data ?? []).map((domain) => html`<${DomainRoutes} key=${domain.id} domain=${domain} name=${name} />`)}
    <${DomainForm}
      api=${props.api}
      nodes=${nodes.data ?? []}
      onChanged=${props.onChanged}
      onUnauthenticated=${props.onUnauthenticated}
    />
    <${RouteForm}
      api=${props.api}
      nodes=${nodes.data ?? []}
      domains=${domains.data ?? []}
      onChanged=${props.onChanged}
      onUnauthenticated=${props.onUnauthenticated}
    />
  </section>`;
}

/** A route's filter and targets in words. */
function routeText(route: RouteEntry, name: (id: string) => string): string {
  const filter = route.filters?.[0];
  const from = filter?.sourceNodeIds?.map(name).join(', ') || 'any node';
  const to = filter?.destinationDialString?.wildcardPattern ?? 'any number';
  const targets = route.establishment?.routingTargets?.map((target) => name(target.destinationNodeId)).join(', then ');
  return `from ${from} to ${to}${targets ? ` → ${targets}` : ''}`;
}

/** One domain: the nodes it takes calls from, and its routes in order. */
function DomainRoutes(props: { domain: RoutingDomainEntry; name: (id: string) => string }) {
  const { domain, name } = props;
  return html`<div class="domain" data-domain=${domain.displayName}>
    <h3>
      ${domain.displayName}
      <span class="muted">calls from ${domain.sourceNodeIds.map(name).join(', ') || 'no node'}</span>
    </h3>
    ${
      domain.routes.length === 0
        ? html`<p class="muted">No route yet.</p>`
        : html`<ol class="routes">
            ${domain.routes.map(
              (route) =>
                html`<li key=${route.id} data-route=${route.displayName}>
                  <strong>${route.displayName}</strong>
                  <span class=${`action action-${route.establishment?.action ?? 'ACCEPT'}`}
                    >${route.establishment?.action ?? 'ACCEPT'}</span
                  >
                  <div class="muted">${routeText(route, name)}</div>
                </li>`,
            )}
          </ol>`
    }
  </div>`;
}

/** A routing domain: its name and the nodes it takes calls from (routingDomains/add). */
function DomainForm(props: {
  api: ConfigurationApi;
  nodes: readonly NamedEntry[];
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [displayName, setDisplayName] = useState('');
  const [sourceNodes, setSourceNodes] = useState<string[]>([]);
  const submit = useSubmit(props.onUnauthenticated);
  const add = () =>
    void submit.run(async () => {
      const added = await props.api.addRoutingDomain({ displayName, sourceNodes });
      props.onChanged();
      setDisplayName('');
      setSourceNodes([]);
      return `added routing domain ${added.displayName}`;
    });
  return html`<form class="subform" data-testid="domain-form" onSubmit=${onSubmit(add)}>
    <h3>Add a routing domain</h3>
    <${Field} label="Name" field="displayName" refusal=${submit.refusal}>
      <input name="displayName" value=${displayName} onInput=${(e: Event) => setDisplayName(valueOf(e))} />
    <//>
    <${Field} label="Takes calls from" field="sourceNodes" refusal=${submit.refusal}>
      <${NodeChoice} name="sourceNodes" nodes=${props.nodes} chosen=${sourceNodes} onChange=${setSourceNodes} />
    <//>
    <${RefusalNote} refusal=${submit.refusal} placed=${['displayName', 'sourceNodes']} testId="domain-refusal" />
    <${DoneNote} done=${submit.done} testId="domain-done" />
    <button type="submit" data-testid="domain-add" disabled=${submit.busy}>Add the routing domain</button>
  </form>`;
}

interface RouteDraft {
  domain: string;
  displayName: string;
  action: string;
  from: string[];
  pattern: string;
  target: string;
  failover: string;
  failoverCodes: string;
  addPrefix: string;
  deleteLeading: string;
}

const NEW_ROUTE: RouteDraft = {
  domain: '',
  displayName: '',
  action: 'ACCEPT',
  from: [],
  pattern: '',
  target: '',
  failover: '',
  failoverCodes: '408,500-599',
  addPrefix: '',
  deleteLeading: '',
};

/** The route as routes/add takes it, from what was typed (an empty target is sent empty: the gateway names it). */
function routeBody(draft: RouteDraft): Record<string, unknown> {
  const deleteLeading = numberOrText(draft.deleteLeading);
  const rewriting =
    draft.addPrefix !== '' || deleteLeading !== undefined
      ? {
          destinationDialStringRewriting: {
            segments: [{ prefix: draft.addPrefix, delLeading: deleteLeading ?? 0, source: 'MOST_APPROPRIATE' }],
          },
        }
      : {};
  const targets: Record<string, unknown>[] = [
    { destinationNodeId: draft.target, routingForwardProfileId: '', ...rewriting },
  ];
  if (draft.failover !== '') {
    targets[0]!['failoverStatusMatch'] = { telStatusList: ['ERROR'], sipStatusCodes: draft.failoverCodes };
    targets.push({ destinationNodeId: draft.failover, routingForwardProfileId: '', ...rewriting });
  }
  return {
    displayName: draft.displayName,
    enabled: true,
    establishment: { action: draft.action, ...(draft.action === 'ACCEPT' ? { routingTargets: targets } : {}) },
    filters: [
      { sourceNodeIds: draft.from, destinationDialString: { type: 'WILDCARD', wildcardPattern: draft.pattern } },
    ],
  };
}

/** A select of the nodes (an empty choice first). */
function NodeSelect(props: {
  name: string;
  nodes: readonly NamedEntry[];
  value: string;
  onChange: (id: string) => void;
  none: string;
}) {
  return html`<select name=${props.name} value=${props.value} onChange=${(e: Event) => props.onChange(valueOf(e))}>
    <option value="">${props.none}</option>
    ${props.nodes.map((node) => html`<option value=${node.id}>${node.displayName}</option>`)}
  </select>`;
}

/** A route at the end of a domain (routes/add, establishment): filter, action, target, failover, number rewriting. */
function RouteForm(props: {
  api: ConfigurationApi;
  nodes: readonly NamedEntry[];
  domains: readonly RoutingDomainEntry[];
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [draft, setDraft] = useState<RouteDraft>(NEW_ROUTE);
  const submit = useSubmit(props.onUnauthenticated);
  const domain = draft.domain || props.domains[0]?.id || '';
  const set = (name: keyof RouteDraft) => (e: Event) => setDraft({ ...draft, [name]: valueOf(e) });
  const add = () =>
    void submit.run(async () => {
      const added = await props.api.addRoute(domain, routeBody(draft));
      props.onChanged();
      setDraft({ ...NEW_ROUTE, domain });
      return `added route ${added.displayName}`;
    });
  const refusal: Refusal | undefined = submit.refusal;
  return html`<form class="subform" data-testid="route-form" onSubmit=${onSubmit(add)}>
    <h3>Add a route <span class="muted">at the end of the domain's routes (the first that matches wins)</span></h3>
    <${Field} label="Routing domain" field="routingDomain" refusal=${refusal}>
      <select name="domain" value=${domain} onChange=${set('domain')}>
        ${props.domains.map((entry) => html`<option value=${entry.id}>${entry.displayName}</option>`)}
      </select>
    <//>
    <${Field} label="Name" field="displayName" refusal=${refusal}>
      <input name="displayName" value=${draft.displayName} onInput=${set('displayName')} />
    <//>
    <${Field} label="Calls from" field=${`${FILTER}.sourceNodeIds`} refusal=${refusal}>
      <${NodeChoice}
        name="from"
        nodes=${props.nodes}
        chosen=${draft.from}
        onChange=${(from: string[]) => setDraft({ ...draft, from })}
      />
    <//>
    <${Field}
      label="To numbers"
      field=${`${FILTER}.destinationDialString`}
      refusal=${refusal}
      hint="a wildcard: 0* takes every number starting with 0, * every number"
    >
      <input name="pattern" value=${draft.pattern} onInput=${set('pattern')} />
    <//>
    <${Field} label="Action" field="establishment.action" refusal=${refusal}>
      <select name="action" value=${draft.action} onChange=${set('action')}>
        ${['ACCEPT', 'REJECT', 'IGNORE'].map((action) => html`<option value=${action}>${action}</option>`)}
      </select>
    <//>
    <${TargetInputs} draft=${draft} nodes=${props.nodes} refusal=${refusal} onDraft=${setDraft} />
    <${RefusalNote} refusal=${refusal} placed=${ROUTE_FIELDS} testId="route-refusal" />
    <${DoneNote} done=${submit.done} testId="route-done" />
    <button type="submit" data-testid="route-add" disabled=${submit.busy || props.domains.length === 0}>
      Add the route
    </button>
  </form>`;
}

/** Where the route sends a call: its target, a failover target and on which statuses, and the number rewritten. */
function TargetInputs(props: {
  draft: RouteDraft;
  nodes: readonly NamedEntry[];
  refusal: Refusal | undefined;
  onDraft: (draft: RouteDraft) => void;
}) {
  const { draft, refusal } = props;
  const set = (name: keyof RouteDraft) => (e: Event) => props.onDraft({ ...draft, [name]: valueOf(e) });
  return html`<${Field} label="Route to" field=${TARGET} refusal=${refusal}>
      <${NodeSelect}
        name="target"
        nodes=${props.nodes}
        value=${draft.target}
        none="(pick a node)"
        onChange=${(target: string) => props.onDraft({ ...draft, target })}
      />
    <//>
    <div class="row">
      <${Field} label="Then, on failure, to" field=${FAILOVER} refusal=${refusal}>
        <${NodeSelect}
          name="failover"
          nodes=${props.nodes}
          value=${draft.failover}
          none="(no failover)"
          onChange=${(failover: string) => props.onDraft({ ...draft, failover })}
        />
      <//>
      <${Field} label="on SIP statuses" field=${`${TARGET}.failoverStatusMatch`} refusal=${refusal}>
        <input name="failoverCodes" size="12" value=${draft.failoverCodes} onInput=${set('failoverCodes')} />
      <//>
    </div>
    <div class="row">
      <${Field} label="Delete leading digits" field=${`${TARGET}.destinationDialStringRewriting`} refusal=${refusal}>
        <input name="deleteLeading" size="4" value=${draft.deleteLeading} onInput=${set('deleteLeading')} />
      <//>
      <${Field}
        label="then add prefix"
        field="addPrefix"
        refusal=${refusal}
        hint="optional: 0301234567 with 1 and +49 → +49301234567"
      >
        <input name="addPrefix" size="8" value=${draft.addPrefix} onInput=${set('addPrefix')} />
      <//>
    </div>`;
}
