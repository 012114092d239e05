import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import type { Scope } from './api.js';
import { type ConfigurationApi, type ObjectEntry, type SortEntry } from './configApi.js';
import { DoneNote, Field, onSubmit, RefusalNote, useSubmit, valueOf } from './forms.js';
import { useLoaded } from './loaded.js';
import { ObjectView } from './objectView.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

/** Which object the browser shows: a sort, and perhaps one of its objects. */
export interface Selection {
  readonly sort: string | undefined;
  readonly id: string | undefined;
}

/**
 * The configuration browser over the detached-objects API: the sorts with their kind and count, the objects of
 * the sort picked, and the object picked with its parameters (references are links to the objects they name),
 * to edit at its version or remove. Objects of a sort are added by name (and parameters as JSON) with a new id.
 */
export function ConfigPanel(props: {
  api: ConfigurationApi;
  changes: number;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [selection, setSelection] = useState<Selection>({ sort: undefined, id: undefined });
  const sorts = useLoaded(props.api.sorts, [props.changes]);
  const open = (sort: string, id?: string) => setSelection({ sort, id });
  return html`<section class="panel wide config control" data-testid="config-browser">
    <h2>
      Configuration objects
      <span class="muted">the working configuration, every object of every sort (detached objects)</span>
    </h2>
    <${Problem} error=${sorts.error} />
    <div class="browser">
      <${SortsColumn}
        sorts=${sorts.data ?? []}
        selected=${selection.sort}
        onOpen=${(sort: string) => setSelection({ sort, id: undefined })}
      />
      ${
        selection.sort
          ? html`<${SortObjects}
              key=${selection.sort}
              api=${props.api}
              sort=${selection.sort}
              kind=${sorts.data?.find((entry) => entry.sort === selection.sort)?.kind ?? ''}
              selected=${selection.id}
              changes=${props.changes}
              onOpen=${(id: string) => open(selection.sort!, id)}
              onChanged=${props.onChanged}
              onUnauthenticated=${props.onUnauthenticated}
            />`
          : html`<p class="muted column">Pick a sort.</p>`
      }
      ${
        selection.sort && selection.id
          ? html`<${ObjectView}
              key=${selection.id}
              api=${props.api}
              id=${selection.id}
              onOpen=${open}
              onRemoved=${() => {
                setSelection({ sort: selection.sort, id: undefined });
                props.onChanged();
              }}
              onChanged=${props.onChanged}
              onUnauthenticated=${props.onUnauthenticated}
            />`
          : ''
      }
    </div>
  </section>`;
}

/** The sorts with their kind and object count (the empty ones on request), one to pick. */
function SortsColumn(props: {
  sorts: readonly SortEntry[];
  selected: string | undefined;
  onOpen: (sort: string) => void;
}) {
  const [showEmpty, setShowEmpty] = useState(false);
  const listed = props.sorts.filter((entry) => showEmpty || entry.count > 0 || entry.sort === props.selected);
  return html`<div class="column" data-testid="config-sorts">
    <h3>
      Sorts
      <label class="muted"
        ><input
          type="checkbox"
          checked=${showEmpty}
          onChange=${(e: Event) => setShowEmpty((e.target as HTMLInputElement).checked)}
        />
        empty ones too</label
      >
    </h3>
    <div class="scroll list">
      <table class="pickable keep-key">
        <thead>
          <tr>
            <th>Sort</th>
            <th>Objects</th>
          </tr>
        </thead>
        <tbody>
          ${listed.map(
            (entry: SortEntry) =>
              html`<tr
                key=${entry.sort}
                data-sort=${entry.sort}
                class=${entry.sort === props.selected ? 'selected' : ''}
                tabindex="0"
                onClick=${() => props.onOpen(entry.sort)}
                onKeyDown=${(e: KeyboardEvent) => e.key === 'Enter' && props.onOpen(entry.sort)}
              >
                <td>
                  ${entry.sort}
                  <div class="muted">${entry.kind}</div>
                </td>
                <td>${entry.count}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </div>`;
}

/** The objects of one sort (name and id), and a form to add one. */
function SortObjects(props: {
  api: ConfigurationApi;
  sort: string;
  kind: string;
  selected: string | undefined;
  changes: number;
  onOpen: (id: string) => void;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const objects = useLoaded(() => props.api.objectsOf(props.sort), [props.sort, props.changes]);
  return html`<div class="column" data-testid="config-objects">
    <h3>${props.sort} <span class="muted">${props.kind}</span></h3>
    <${Problem} error=${objects.error} />
    ${
      objects.data && objects.data.length === 0
        ? html`<p class="muted">No object of this sort.</p>`
        : html`<div class="scroll list">
            <table class="pickable keep-key">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Id</th>
                </tr>
              </thead>
              <tbody>
                ${(objects.data ?? []).map(
                  (entry: ObjectEntry) =>
                    html`<tr
                      key=${entry.id}
                      data-id=${entry.id}
                      class=${entry.id === props.selected ? 'selected' : ''}
                      tabindex="0"
                      onClick=${() => props.onOpen(entry.id)}
                      onKeyDown=${(e: KeyboardEvent) => e.key === 'Enter' && props.onOpen(entry.id)}
                    >
                      <td>${entry.displayName}</td>
                      <td class="muted">${entry.id}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>`
    }
    <${AddObjectForm}
      api=${props.api}
      sort=${props.sort}
      onAdded=${(id: string) => {
        props.onChanged();
        props.onOpen(id);
      }}
      onUnauthenticated=${props.onUnauthenticated}
    />
  </div>`;
}

/**
 * Adds an object of the sort: a new id (made here), its name and any parameters as JSON; the catalog fills the
 * rest. The gateway checks it: its findings are shown by field.
 */
function AddObjectForm(props: {
  api: ConfigurationApi;
  sort: string;
  onAdded: (id: string) => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [name, setName] = useState('');
  const [parameters, setParameters] = useState('{}');
  const submit = useSubmit(props.onUnauthenticated);
  const add = () => {
    let given: Record<string, unknown>;
    try {
      given = JSON.parse(parameters || '{}') as Record<string, unknown>;
    } catch (error) {
      submit.refuse({
        message: 'The parameters are not JSON: nothing was sent.',
        code: undefined,
        stale: false,
        fields: [{ field: 'parameters', message: error instanceof Error ? error.message : String(error) }],
      });
      return;
    }
    const id = crypto.randomUUID();
    void submit.run(async () => {
      const added = await props.api.setObject(id, { ...given, sort: props.sort, displayName: name });
      props.onAdded(added.id);
      setName('');
      return `added ${added.sort} '${added.displayName}'`;
    });
  };
  return html`<form class="add-object" data-testid="config-add" onSubmit=${onSubmit(add)}>
    <h3>Add a ${props.sort}</h3>
    <${Field} label="Name" field="displayName" refusal=${submit.refusal}>
      <input name="displayName" value=${name} onInput=${(e: Event) => setName(valueOf(e))} />
    <//>
    <${Field}
      label="Parameters"
      field="parameters"
      refusal=${submit.refusal}
      hint="JSON, every value a string; the rest takes the catalog's defaults"
    >
      <textarea
        name="parameters"
        rows="3"
        spellcheck="false"
        value=${parameters}
        onInput=${(e: Event) => setParameters(valueOf(e))}
      ></textarea>
    <//>
    <${RefusalNote} refusal=${submit.refusal} placed=${['displayName', 'parameters']} testId="config-add-refusal" />
    <${DoneNote} done=${submit.done} testId="config-add-done" />
    <button type="submit" disabled=${submit.busy}>Add</button>
  </form>`;
}
