import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import type { Scope } from './api.js';
import type { ConfigurationApi, ObjectEntry, ObjectTree, WireObject } from './configApi.js';
import { DoneNote, FieldProblems, RefusalNote, useSubmit, type Refusal } from './forms.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

/** Members every object has that are not edited here: who it is, and the metadata (its version among them). */
const FIXED = new Set(['id', 'sort', 'metaData']);
/** A value longer than this is folded (a certificate, say) until opened. */
const LONG = 120;

/** The objects an object references, by id: the direct children of its object tree. */
export type Named = ReadonlyMap<string, ObjectEntry>;

function referenced(tree: ObjectTree): Named {
  return new Map(
    tree.children.map((child) => [
      child.object.id,
      { id: child.object.id, displayName: child.object.displayName, sort: child.object.sort },
    ]),
  );
}

/** The object's version, as metaData.anynodefe.version gives it. */
export function versionOf(object: WireObject): string | undefined {
  return object.metaData?.anynodefe?.version;
}

/** The text an input shows for a value: a string as it is, anything else as JSON. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 1);
}

/** A link to an object the value names. */
function ObjectLink(props: { target: ObjectEntry; onOpen: (sort: string, id: string) => void }) {
  const { target } = props;
  return html`<button
    type="button"
    class="link ref"
    data-ref=${target.id}
    title=${target.id}
    onClick=${() => props.onOpen(target.sort, target.id)}
  >
    ${target.displayName || target.id} <span class="muted">${target.sort}</span>
  </button>`;
}

/** The ids of referenced objects a value holds (nested records too, a route's destination node say). */
function idsIn(value: unknown, named: Named, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (named.has(value)) found.add(value);
  } else if (Array.isArray(value)) for (const item of value) idsIn(item, named, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) idsIn(item, named, found);
  return found;
}

/** A value as read: references as links, long text folded, records as JSON with the objects they name linked. */
function ValueCell(props: { value: unknown; named: Named; onOpen: (sort: string, id: string) => void }) {
  const { value, named } = props;
  if (typeof value === 'string') {
    const target = named.get(value);
    if (target) return html`<${ObjectLink} target=${target} onOpen=${props.onOpen} />`;
    if (value.length > LONG)
      return html`<details>
        <summary>${value.slice(0, 60)}… <span class="muted">(${value.length} characters)</span></summary>
        <pre>${value}</pre>
      </details>`;
    return html`<span class="value">${value === '' ? html`<span class="muted">(empty)</span>` : value}</span>`;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' && named.has(item)))
    return value.length === 0
      ? html`<span class="muted">(none)</span>`
      : html`${value.map((id) => html`<${ObjectLink} key=${id} target=${named.get(id as string)!} onOpen=${props.onOpen} />`)}`;
  const ids = [...idsIn(value, named)];
  return html`<pre>${JSON.stringify(value, null, 1)}</pre>
    ${ids.length > 0 ? html`<div class="muted">names ${ids.map((id) => html`<${ObjectLink} key=${id} target=${named.get(id)!} onOpen=${props.onOpen} />`)}</div>` : ''}`;
}

/** The changes to send: each member whose text was changed, read back as JSON where the value was not a string. */
function changesOf(
  object: WireObject,
  drafts: Readonly<Record<string, string>>,
): { readonly changes: Record<string, unknown> } | { readonly refusal: Refusal } {
  const changes: Record<string, unknown> = {};
  const fields: { field: string; message: string }[] = [];
  for (const [name, text] of Object.entries(drafts)) {
    const before = object[name];
    if (text === textOf(before)) continue;
    if (typeof before === 'string' || before === undefined) changes[name] = text;
    else {
      try {
        changes[name] = JSON.parse(text);
      } catch (error) {
        fields.push({ field: name, message: `not JSON: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
  }
  return fields.length > 0
    ? { refusal: { message: 'Some values are not JSON: nothing was sent.', code: undefined, stale: false, fields } }
    : { changes };
}

/**
 * One object of the working configuration: its members, references as links to the objects they name (from its
 * object tree). Edit sends the members changed with the version read (metaData.anynodefe.version), so a change
 * someone made meanwhile is a conflict, told in words with a reload; remove is asked twice, and a refusal
 * (referenced, protected) is shown in the gateway's words.
 */
export function ObjectView(props: {
  api: ConfigurationApi;
  id: string;
  onOpen: (sort: string, id: string) => void;
  onRemoved: () => void;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const { object, setObject, named, error, reload: read } = useObject(props.api, props.id);
  const [drafts, setDrafts] = useState<Record<string, string> | undefined>(undefined);
  const submit = useSubmit(props.onUnauthenticated);
  const reload = () => {
    setDrafts(undefined);
    submit.clear();
    read();
  };
  const save = () => {
    if (!object || !drafts) return;
    const checked = changesOf(object, drafts);
    if ('refusal' in checked) {
      submit.refuse(checked.refusal);
      return;
    }
    const version = versionOf(object);
    void submit.run(async () => {
      const saved = await props.api.setObject(object.id, { ...checked.changes, metaData: { anynodefe: { version } } });
      setObject(saved);
      setDrafts(undefined);
      props.onChanged();
      return `saved: version ${versionOf(saved) ?? '?'}`;
    });
  };
  if (!object)
    return html`<div class="column object">
      <${Problem} error=${error} />${error ? '' : html`<p class="muted">Loading…</p>`}
    </div>`;
  const members = Object.keys(object).filter((name) => !FIXED.has(name));
  return html`<div
    class="column object"
    data-testid="config-object"
    data-id=${object.id}
    data-version=${versionOf(object)}
  >
    <h3>${object.displayName} <span class="muted">${object.sort}, version ${versionOf(object) ?? '?'}</span></h3>
    <${Problem} error=${error} />
    <div class="actions">
      <${EditButtons}
        editing=${drafts !== undefined}
        busy=${submit.busy}
        onEdit=${() => {
          submit.clear();
          setDrafts(Object.fromEntries(members.map((name) => [name, textOf(object[name])])));
        }}
        onSave=${save}
        onCancel=${reload}
      />
      <${RemoveButton}
        api=${props.api}
        object=${object}
        onRemoved=${props.onRemoved}
        onUnauthenticated=${props.onUnauthenticated}
      />
    </div>
    ${submit.refusal?.stale ? html`<${Conflict} refusal=${submit.refusal} object=${object} onReload=${reload} />` : html`<${RefusalNote} refusal=${submit.refusal} placed=${drafts ? members : []} testId="object-refusal" />`}
    <${DoneNote} done=${submit.done} testId="object-done" />
    <${MembersTable}
      object=${object}
      members=${members}
      named=${named}
      drafts=${drafts}
      refusal=${submit.refusal}
      onDrafts=${setDrafts}
      onOpen=${props.onOpen}
    />
  </div>`;
}

/** Edit; while editing, save (at the version read) or cancel. */
function EditButtons(props: {
  editing: boolean;
  busy: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  return props.editing
    ? html`<button type="button" data-testid="object-save" disabled=${props.busy} onClick=${props.onSave}>Save</button>
        <button type="button" data-testid="object-cancel" onClick=${props.onCancel}>Cancel</button>`
    : html`<button type="button" data-testid="object-edit" onClick=${props.onEdit}>Edit</button>`;
}

/** The object read and the objects it references (its tree's first level); `reload` reads both again. */
function useObject(api: ConfigurationApi, id: string) {
  const [object, setObject] = useState<WireObject | undefined>(undefined);
  const [named, setNamed] = useState<Named>(new Map());
  const [error, setError] = useState<string | undefined>(undefined);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let alive = true;
    Promise.all([api.object(id), api.tree(id)]).then(
      ([read, tree]) => {
        if (!alive) return;
        setObject(read);
        setNamed(referenced(tree));
        setError(undefined);
      },
      (failed) => alive && setError(failed instanceof Error ? failed.message : String(failed)),
    );
    return () => {
      alive = false;
    };
  }, [id, reloads]);
  return { object, setObject, named, error, reload: () => setReloads((n) => n + 1) };
}

/** The object's members, one a row: as read (references as links), or as inputs while it is edited. */
function MembersTable(props: {
  object: WireObject;
  members: readonly string[];
  named: Named;
  drafts: Record<string, string> | undefined;
  refusal: Refusal | undefined;
  onDrafts: (drafts: Record<string, string>) => void;
  onOpen: (sort: string, id: string) => void;
}) {
  const { object, drafts } = props;
  return html`<div class="scroll">
    <table class="params keep-key" data-testid="object-members">
      <tbody>
        ${props.members.map(
          (name) =>
            html`<tr key=${name} data-member=${name}>
              <th>${name}</th>
              <td>
                ${
                  drafts
                    ? html`<${MemberInput}
                          name=${name}
                          value=${object[name]}
                          text=${drafts[name] ?? ''}
                          onText=${(text: string) => props.onDrafts({ ...drafts, [name]: text })}
                        />
                        <${FieldProblems} refusal=${props.refusal} field=${name} />`
                    : html`<${ValueCell} value=${object[name]} named=${props.named} onOpen=${props.onOpen} />`
                }
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The input of one member: a line for short text, a box for long text and for lists and records (JSON). */
function MemberInput(props: { name: string; value: unknown; text: string; onText: (text: string) => void }) {
  const multiline = typeof props.value !== 'string' || props.text.length > LONG || props.text.includes('\n');
  const onInput = (e: Event) => props.onText((e.target as HTMLInputElement).value);
  return multiline
    ? html`<textarea name=${props.name} rows="4" spellcheck="false" value=${props.text} onInput=${onInput}></textarea>`
    : html`<input name=${props.name} value=${props.text} onInput=${onInput} />`;
}

/** A stale version, in words: someone changed the object since it was read; reload to see it, then edit again. */
function Conflict(props: { refusal: Refusal; object: WireObject; onReload: () => void }) {
  return html`<div class="problem refusal conflict" role="alert" data-testid="object-conflict">
    <p>
      <strong>Someone changed ${props.object.displayName} since you opened it</strong>
      ${` (you edited version ${versionOf(props.object) ?? '?'}). Your changes were not saved, so theirs are not lost.`}
    </p>
    <p class="muted">${props.refusal.message}</p>
    <button type="button" data-testid="object-reload" onClick=${props.onReload}>Reload the object as it is now</button>
    <span class="muted"> then make your change again.</span>
  </div>`;
}

/** Remove, asked twice; what the gateway says against it (still referenced, protected) is shown in its words. */
function RemoveButton(props: {
  api: ConfigurationApi;
  object: WireObject;
  onRemoved: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [asking, setAsking] = useState(false);
  const submit = useSubmit(props.onUnauthenticated);
  const remove = () =>
    void submit.run(async () => {
      await props.api.removeObject(props.object.id);
      props.onRemoved();
      return `removed ${props.object.displayName}`;
    });
  return html`<span class="remove">
    ${
      asking
        ? html`<span>Remove ${props.object.displayName}?</span>
            <button type="button" data-testid="object-remove-confirm" disabled=${submit.busy} onClick=${remove}>
              Yes, remove
            </button>
            <button type="button" onClick=${() => setAsking(false)}>Keep it</button>`
        : html`<button type="button" data-testid="object-remove" onClick=${() => setAsking(true)}>Remove</button>`
    }
    <${RefusalNote} refusal=${submit.refusal} testId="object-remove-refusal" />
  </span>`;
}
