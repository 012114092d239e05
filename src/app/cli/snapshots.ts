import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';

export type SnapshotsAction =
  | { readonly kind: 'list' }
  | { readonly kind: 'save'; readonly name: string; readonly replace: boolean }
  | { readonly kind: 'restore'; readonly name: string }
  | { readonly kind: 'export'; readonly name: string; readonly output?: string }
  | { readonly kind: 'import'; readonly name: string; readonly file: string }
  | { readonly kind: 'remove'; readonly name: string };

export interface SnapshotsOptions extends ControlOptions {
  /** Seals and opens the secrets of a file (--passphrase or GWSIM_SNAPSHOT_PASSPHRASE). */
  readonly passphrase?: string | undefined;
}

interface SnapshotView {
  name: string;
  createdAt: string;
  sourceLab: string;
  labRevision: number;
  objects: number;
  bytes: number;
}

/** The snapshot endpoints' fields and header, as the command line names them. */
const NAMES = {
  name: '<name>',
  file: '<file>',
  replace: '--replace',
  passphrase: '--passphrase',
  'x-gwsim-passphrase': '--passphrase or GWSIM_SNAPSHOT_PASSPHRASE',
};

export function describeSnapshot(snapshot: SnapshotView): string {
  return `${snapshot.name}\t${snapshot.createdAt}\tfrom ${snapshot.sourceLab} at revision ${snapshot.labRevision}\t${snapshot.objects} rows, ${snapshot.bytes} bytes`;
}

/**
 * `gwsim snapshots list|save NAME [--replace]|restore NAME|export NAME [-o FILE]|import NAME FILE|remove NAME`
 * against a running gwsim's `/_sim/labs/{lab}/snapshots`. Exit codes: 0 done, 1 refused (the message names the
 * field) or unreachable, 2 a file that cannot be read or written.
 */
export async function snapshots(action: SnapshotsAction, options: SnapshotsOptions): Promise<number> {
  const base = labPath(options.lab, '/snapshots');
  const one = (name: string) => `${base}/${encodeURIComponent(name)}`;
  const passphrase: Record<string, string> = options.passphrase ? { 'x-gwsim-passphrase': options.passphrase } : {};
  const command = `snapshots ${action.kind}`;
  const request = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    extra: { body?: unknown; headers?: Record<string, string> } = {},
  ) => controlRequest({ command, method, path, names: NAMES, ...extra }, options);
  let answer: { json: unknown } | { code: number };
  switch (action.kind) {
    case 'list':
      answer = await request('GET', base);
      break;
    case 'save':
      answer = await request('POST', base, {
        body: { name: action.name, ...(action.replace ? { replace: true } : {}) },
      });
      break;
    case 'restore':
      answer = await request('POST', `${one(action.name)}/restore`);
      break;
    case 'export':
      answer = await request('GET', one(action.name), { headers: passphrase });
      break;
    case 'remove':
      answer = await request('DELETE', one(action.name));
      break;
    case 'import': {
      let content: Buffer;
      try {
        content = readFileSync(action.file);
      } catch (error) {
        console.error(
          `gwsim: ${command}: cannot read ${action.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
        return EXIT.usage;
      }
      const form = new FormData();
      form.set('file', new Blob([content], { type: 'application/json' }), path.basename(action.file));
      answer = await request('PUT', one(action.name), { body: form, headers: passphrase });
      break;
    }
  }
  if ('code' in answer) return answer.code;
  if (action.kind === 'export') {
    const text = `${JSON.stringify(answer.json, null, 2)}\n`;
    if (action.output === undefined) {
      process.stdout.write(text);
      return EXIT.ok;
    }
    try {
      writeFileSync(action.output, text);
    } catch (error) {
      console.error(
        `gwsim: ${command}: cannot write ${action.output}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
      return EXIT.usage;
    }
    console.log(`exported: ${action.name} to ${action.output}`);
    return EXIT.ok;
  }
  if (options.json) console.log(JSON.stringify(answer.json));
  else if (action.kind === 'list') {
    const list = (answer.json as { snapshots: SnapshotView[] }).snapshots;
    console.log(list.length === 0 ? `lab '${options.lab}' has no snapshots` : list.map(describeSnapshot).join('\n'));
  } else {
    const done = { save: 'saved', restore: 'restored', import: 'imported', remove: 'removed' }[action.kind];
    console.log(`${done}: ${describeSnapshot(answer.json as SnapshotView)}`);
  }
  return EXIT.ok;
}
