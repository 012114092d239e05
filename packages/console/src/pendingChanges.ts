import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import type { Scope } from './api.js';
import type { ConfigurationApi, ConfigurationStatus } from './configApi.js';
import { diffConfigurations, readConfigFile, type ObjectChange } from './configDiff.js';
import { DoneNote, onSubmit, RefusalNote, useSubmit } from './forms.js';
import { usePoll } from './hooks.js';
import { useLoaded } from './loaded.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

/**
 * The two files compared: the working configuration (coreConfig/get) and the committed one (the simulator's
 * /_sim/labs/{lab}/configuration/committed; the gateway's API downloads only the working one), read here and
 * compared object by object.
 */
async function pendingChanges(api: ConfigurationApi): Promise<readonly ObjectChange[]> {
  const [working, committed] = await Promise.all([api.working(), api.committed()]);
  return diffConfigurations(await readConfigFile(working.blob), await readConfigFile(committed.blob));
}

/** Saves a blob under a name, as a download of the page. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The working configuration against the committed one: the state (coreConfig/status/get, every 5 s) and the
 * changes a commit would publish, object by object and member by member (computed here from the two files, see
 * pendingChanges); commit, revert (asked twice), export (a download of the working file) and import (an upload,
 * not committed; view-only with commit protection).
 */
export function PendingChanges(props: {
  api: ConfigurationApi;
  changes: number;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const status = usePoll(props.api.status, 5000, props.onUnauthenticated);
  // a change made in another panel is shown at once, not at the next poll
  useEffect(() => status.reload(), [props.changes]);
  const diff = useLoaded(
    () => pendingChanges(props.api),
    [props.changes, status.data?.lastChangeTime, status.data?.lastCommitTime],
  );
  const submit = useSubmit(props.onUnauthenticated);
  const [reverting, setReverting] = useState(false);
  const act = (what: () => Promise<unknown>, said: string) =>
    void submit.run(async () => {
      await what();
      setReverting(false);
      status.reload();
      props.onChanged();
      return said;
    });
  const exportFile = () =>
    void submit.run(async () => {
      const file = await props.api.working();
      save(file.blob, file.fileName);
      return `exported the working configuration as ${file.fileName}`;
    });
  const changes = diff.data ?? [];
  return html`<section class="panel wide control" data-testid="pending-changes">
    <h2>
      Pending changes
      <span class="count" data-testid="pending-count">${diff.data ? changes.length : '…'}</span>
      <span class="muted">the working configuration against the committed one, which the gateway runs</span>
    </h2>
    <${Problem} error=${status.error ?? diff.error} />
    ${status.data ? html`<${StatusLine} status=${status.data} found=${diff.data ? changes : undefined} />` : ''}
    <div class="actions">
      <button
        type="button"
        data-testid="config-commit"
        disabled=${submit.busy}
        onClick=${() => act(props.api.commit, 'committed: the gateway runs the working configuration now')}
      >
        Commit
      </button>
      ${
        reverting
          ? html`<span>Drop every pending change?</span>
              <button
                type="button"
                data-testid="config-revert-confirm"
                disabled=${submit.busy}
                onClick=${() => act(props.api.revert, 'reverted to the committed configuration')}
              >
                Yes, revert
              </button>
              <button type="button" onClick=${() => setReverting(false)}>Keep them</button>`
          : html`<button
              type="button"
              data-testid="config-revert"
              disabled=${submit.busy}
              onClick=${() => setReverting(true)}
            >
              Revert…
            </button>`
      }
      <button type="button" data-testid="config-export" disabled=${submit.busy} onClick=${exportFile}>Export</button>
      <${ImportForm}
        busy=${submit.busy}
        onImport=${(file: File, protect: boolean) => act(() => props.api.importFile(file, protect), `imported ${file.name}${protect ? ' (view only: commit protection)' : ''}; not committed yet`)}
      />
    </div>
    <${RefusalNote} refusal=${submit.refusal} testId="pending-refusal" />
    <${DoneNote} done=${submit.done} testId="pending-done" />
    ${diff.data ? html`<${ChangesTable} changes=${changes} />` : diff.error ? '' : html`<p class="muted">Comparing…</p>`}
  </section>`;
}

/** The state in words, and the gateway's own counts beside what the comparison found. */
function StatusLine(props: { status: ConfigurationStatus; found: readonly ObjectChange[] | undefined }) {
  const { status, found } = props;
  const counts = status.changedObjects;
  const count = (change: ObjectChange['change']) => found?.filter((entry) => entry.change === change).length;
  const agree =
    found === undefined ||
    (count('added') === counts.added && count('removed') === counts.removed && count('modified') === counts.modified);
  const what = status.hasUncommittedChanges
    ? `${counts.added} added, ${counts.modified} modified, ${counts.removed} removed`
    : 'nothing to commit';
  const facts = [
    `${status.workingObjectCount} objects`,
    `last commit ${status.lastCommitTime ?? 'never'}`,
    status.importedFileName ? `imported ${status.importedFileName}` : '',
    status.commitProtection ? 'commit protection: view only' : '',
  ].filter((fact) => fact !== '');
  return html`<p data-testid="pending-status" data-state=${status.state}>
    <strong>${status.state}</strong>${`: ${what} `}<span class="muted">(${facts.join('; ')})</span>
    ${agree ? '' : html` <span class="notice">the configuration changed while it was compared; it is compared again</span>`}
  </p>`;
}

/** Each changed object: how, its sort and name, and the members that differ (a secret's values are not shown). */
function ChangesTable(props: { changes: readonly ObjectChange[] }) {
  if (props.changes.length === 0)
    return html`<p class="muted" data-testid="pending-none">
      No pending change: the working configuration is the committed one.
    </p>`;
  return html`<div class="scroll">
    <table class="keep-key changes" data-testid="pending-table">
      <thead>
        <tr>
          <th>Object</th>
          <th>Change</th>
          <th>Members</th>
        </tr>
      </thead>
      <tbody>
        ${props.changes.map(
          (entry) =>
            html`<tr key=${entry.id} data-id=${entry.id} data-change=${entry.change} class=${`change-${entry.change}`}>
              <td>
                <strong>${entry.displayName}</strong>
                <div class="muted">${entry.sort}</div>
              </td>
              <td>${entry.change}</td>
              <td><${Members} entry=${entry} /></td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The members of a changed object: every one that differs for a modified object, a count for added or removed. */
function Members(props: { entry: ObjectChange }) {
  const { entry } = props;
  if (entry.change !== 'modified') return html`<span class="muted">${entry.members.length} members</span>`;
  return html`<ul class="members">
    ${entry.members.map(
      (member) =>
        html`<li key=${member.member} data-member=${member.member}>
          <code>${member.member}</code>:
          ${member.secret ? html`<span class="muted">(a secret: changed)</span>` : html`<del>${member.before ?? '(none)'}</del> → <ins>${member.after ?? '(none)'}</ins>`}
        </li>`,
    )}
  </ul>`;
}

/** A configuration file to import (coreConfig/set), view-only with commit protection. */
function ImportForm(props: { busy: boolean; onImport: (file: File, commitProtection: boolean) => void }) {
  const [file, setFile] = useState<File | undefined>(undefined);
  const [protect, setProtect] = useState(false);
  return html`<form
    class="inline"
    data-testid="config-import"
    onSubmit=${onSubmit(() => file && props.onImport(file, protect))}
  >
    <input
      type="file"
      name="file"
      accept=".xzconfig,.json"
      onChange=${(e: Event) => setFile((e.target as HTMLInputElement).files?.[0])}
    />
    <label
      ><input
        type="checkbox"
        checked=${protect}
        onChange=${(e: Event) => setProtect((e.target as HTMLInputElement).checked)}
      />
      view only</label
    >
    <button type="submit" disabled=${props.busy || !file}>Import</button>
  </form>`;
}
