import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import type { Scope } from './api.js';
import type { ConfigurationApi, NamedEntry } from './configApi.js';
import { DoneNote, Field, numberOrText, onSubmit, RefusalNote, useSubmit, valueOf, type Refusal } from './forms.js';
import { useLoaded } from './loaded.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

/** What a node is made from: a system profile (a PBX, a platform), a provider profile (a carrier), a phone registrar. */
type NodeKind = 'system' | 'provider' | 'registrar';

const KINDS: ReadonlyArray<{ value: NodeKind; label: string }> = [
  { value: 'system', label: 'PBX or platform (system profile)' },
  { value: 'provider', label: 'SIP trunk carrier (provider profile)' },
  { value: 'registrar', label: 'SIP phone registrar' },
];

/** The fields this form has inputs for (a refusal's other findings are listed under the form). */
const PLACED = [
  'profile',
  'displayName',
  'udpTcpPort',
  'tlsPort',
  'routingDomains',
  'credentials',
  'region',
  'sipDomain',
];

/** The text fields of the form, as typed. */
interface NodeDraft {
  displayName: string;
  udpTcpPort: string;
  tlsPort: string;
  routingDomains: string;
  username: string;
  password: string;
  region: string;
  sipDomain: string;
}

const EMPTY: NodeDraft = {
  displayName: '',
  udpTcpPort: '',
  tlsPort: '',
  routingDomains: '',
  username: '',
  password: '',
  region: '',
  sipDomain: '',
};

/** The request body of the kind's operation, from what was typed (what is left empty is not sent). */
function nodeBody(kind: NodeKind, draft: NodeDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { displayName: draft.displayName };
  const udpTcpPort = numberOrText(draft.udpTcpPort);
  const tlsPort = numberOrText(draft.tlsPort);
  if (udpTcpPort !== undefined) body['udpTcpPort'] = udpTcpPort;
  if (tlsPort !== undefined) body['tlsPort'] = tlsPort;
  const domains = draft.routingDomains
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (domains.length > 0) body['routingDomains'] = domains;
  if (kind === 'provider') {
    if (draft.username !== '' || draft.password !== '')
      body['credentials'] = { username: draft.username, password: draft.password };
    if (draft.region.trim() !== '') body['region'] = draft.region.trim();
  }
  if (kind === 'registrar' && draft.sipDomain.trim() !== '') body['sipDomain'] = draft.sipDomain.trim();
  return body;
}

/**
 * A node from a profile, as the product's wizard makes one: nodes/addSystem (version 3) from a system profile,
 * nodes/addProvider (version 2) from a provider profile, nodes/addSipPhoneRegistrar. Nothing is checked here: the
 * gateway checks the request, and its findings are shown beside the inputs they name.
 */
export function NodeForm(props: {
  api: ConfigurationApi;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [kind, setKind] = useState<NodeKind>('system');
  const [profile, setProfile] = useState('');
  const [draft, setDraft] = useState<NodeDraft>(EMPTY);
  const submit = useSubmit(props.onUnauthenticated);
  const set = (name: keyof NodeDraft) => (e: Event) => setDraft({ ...draft, [name]: valueOf(e) });
  const add = () =>
    void submit.run(async () => {
      const body = nodeBody(kind, draft);
      const made =
        kind === 'system'
          ? await props.api.addSystem(profile, body)
          : kind === 'provider'
            ? await props.api.addProvider(profile, body)
            : await props.api.addRegistrar(body);
      props.onChanged();
      setDraft(EMPTY);
      return `added node ${draft.displayName}: ${made.length} objects (${made.map((entry) => entry.displayName).join(', ')})`;
    });
  return html`<section class="panel control config-form" data-testid="node-form">
    <h2>Add a node <span class="muted">from a profile, as the wizard does; not committed until you commit</span></h2>
    <form onSubmit=${onSubmit(add)}>
      <${KindAndProfile}
        api=${props.api}
        kind=${kind}
        profile=${profile}
        refusal=${submit.refusal}
        onKind=${(chosen: NodeKind) => {
          setKind(chosen);
          submit.clear();
        }}
        onProfile=${setProfile}
      />
      <${Field} label="Name" field="displayName" refusal=${submit.refusal}>
        <input name="displayName" value=${draft.displayName} onInput=${set('displayName')} />
      <//>
      <div class="row">
        <${Field} label="UDP/TCP port" field="udpTcpPort" refusal=${submit.refusal}>
          <input name="udpTcpPort" size="6" value=${draft.udpTcpPort} onInput=${set('udpTcpPort')} />
        <//>
        <${Field} label="TLS port" field="tlsPort" refusal=${submit.refusal}>
          <input name="tlsPort" size="6" value=${draft.tlsPort} onInput=${set('tlsPort')} />
        <//>
      </div>
      <${Field}
        label="Routing domains"
        field="routingDomains"
        refusal=${submit.refusal}
        hint="names or ids, comma-separated; optional"
      >
        <input name="routingDomains" value=${draft.routingDomains} onInput=${set('routingDomains')} />
      <//>
      ${kind === 'provider' ? html`<${ProviderFields} draft=${draft} set=${set} refusal=${submit.refusal} />` : ''}
      ${
        kind === 'registrar'
          ? html`<${Field} label="SIP domain" field="sipDomain" refusal=${submit.refusal} hint="optional">
              <input name="sipDomain" value=${draft.sipDomain} onInput=${set('sipDomain')} />
            <//>`
          : ''
      }
      <${RefusalNote} refusal=${submit.refusal} placed=${PLACED} testId="node-refusal" />
      <${DoneNote} done=${submit.done} testId="node-done" />
      <button type="submit" data-testid="node-add" disabled=${submit.busy}>Add the node</button>
    </form>
  </section>`;
}

/** The kind of node, and the profile it is made from (the first of the kind's profiles until one is picked). */
function KindAndProfile(props: {
  api: ConfigurationApi;
  kind: NodeKind;
  profile: string;
  refusal: Refusal | undefined;
  onKind: (kind: NodeKind) => void;
  onProfile: (profile: string) => void;
}) {
  const { kind } = props;
  const profiles = useLoaded<NamedEntry[]>(
    () =>
      kind === 'system'
        ? props.api.systemProfiles()
        : kind === 'provider'
          ? props.api.providerProfiles()
          : Promise.resolve([]),
    [kind],
  );
  const listed = profiles.data ?? [];
  // the profile shown is the one sent: the first of the kind's until another is picked
  useEffect(() => {
    if (!listed.some((entry) => entry.id === props.profile)) props.onProfile(listed[0]?.id ?? '');
  }, [profiles.data]);
  return html`<${Field} label="Kind" field="kind" refusal=${undefined}>
      <select name="kind" value=${kind} onChange=${(e: Event) => props.onKind(valueOf(e) as NodeKind)}>
        ${KINDS.map((entry) => html`<option value=${entry.value}>${entry.label}</option>`)}
      </select>
    <//>
    ${
      kind === 'registrar'
        ? ''
        : html`<${Field} label="Profile" field="profile" refusal=${props.refusal}>
            <select name="profile" value=${props.profile} onChange=${(e: Event) => props.onProfile(valueOf(e))}>
              ${listed.map((entry) => html`<option value=${entry.id}>${entry.displayName}</option>`)}
            </select>
          <//>`
    }
    <${Problem} error=${profiles.error} />`;
}

/** A carrier's credentials (its customers authenticate toward it) and region. */
function ProviderFields(props: {
  draft: NodeDraft;
  set: (name: keyof NodeDraft) => (e: Event) => void;
  refusal: Refusal | undefined;
}) {
  const { draft, set, refusal } = props;
  return html`<${Field}
      label="Credentials"
      field="credentials"
      refusal=${refusal}
      hint="the account the carrier gave you"
    >
      <span class="row">
        <input name="username" placeholder="user name" value=${draft.username} onInput=${set('username')} />
        <input
          name="password"
          type="password"
          placeholder="password"
          autocomplete="new-password"
          value=${draft.password}
          onInput=${set('password')}
        />
      </span>
    <//>
    <${Field} label="Region" field="region" refusal=${refusal} hint="optional">
      <input name="region" value=${draft.region} onInput=${set('region')} />
    <//>`;
}
