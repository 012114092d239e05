/** An object of a configuration file (`.xzconfig`): what the file format says of each object. */
export interface FileObject {
  readonly id: string;
  readonly sort: string;
  readonly displayName: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly references?: Readonly<Record<string, readonly string[]>>;
  readonly common?: Readonly<Record<string, unknown>>;
  readonly note?: string;
  readonly metadata?: unknown;
}

/** One member that differs: its path (`parameters.udpTcpPort`), and its value before and after, as JSON text. */
export interface MemberChange {
  readonly member: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
  /** A password, secret or private key: its values are not shown, only that it changed. */
  readonly secret: boolean;
}

/** How one object differs between the committed configuration and the working one. */
export interface ObjectChange {
  readonly change: 'added' | 'removed' | 'modified';
  readonly id: string;
  readonly sort: string;
  readonly displayName: string;
  readonly members: readonly MemberChange[];
}

/** Reads a configuration file: gzip-compressed JSON (what the gateway writes), or plain JSON. */
export async function readConfigFile(blob: Blob): Promise<readonly FileObject[]> {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const text = gzipped
    ? await new Response(blob.stream().pipeThrough(new DecompressionStream('gzip'))).text()
    : await blob.text();
  const file = JSON.parse(text) as { objects?: FileObject[] };
  if (!Array.isArray(file.objects)) throw new Error('the configuration file holds no objects');
  return file.objects;
}

/** JSON with the keys of every object in order, so equal content gives equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const SECRET_NAME = /password|secret|passphrase|privatekey/i;

/** Whether a member holds a secret: by its name, or a PEM private key in its value. */
function isSecret(member: string, ...values: unknown[]): boolean {
  return SECRET_NAME.test(member) || values.some((value) => typeof value === 'string' && value.includes('PRIVATE KEY'));
}

/** The members of an object, flat: the name, each parameter, each reference slot, each common flag, the note. */
function membersOf(object: FileObject): Map<string, unknown> {
  const members = new Map<string, unknown>([['displayName', object.displayName]]);
  for (const [name, value] of Object.entries(object.parameters ?? {})) members.set(`parameters.${name}`, value);
  for (const [slot, ids] of Object.entries(object.references ?? {})) members.set(`references.${slot}`, ids);
  for (const [name, value] of Object.entries(object.common ?? {})) members.set(`common.${name}`, value);
  if (object.note !== undefined) members.set('note', object.note);
  if (object.metadata !== undefined) members.set('metadata', object.metadata);
  return members;
}

/** The members that differ between two versions of an object (one of them absent for an added or removed object). */
function memberChanges(before: FileObject | undefined, after: FileObject | undefined): MemberChange[] {
  const old = before ? membersOf(before) : new Map<string, unknown>();
  const now = after ? membersOf(after) : new Map<string, unknown>();
  const names = [...new Set([...old.keys(), ...now.keys()])].sort();
  const changes: MemberChange[] = [];
  for (const member of names) {
    const a = old.get(member);
    const b = now.get(member);
    const textA = a === undefined ? undefined : canonical(a);
    const textB = b === undefined ? undefined : canonical(b);
    if (textA === textB) continue;
    changes.push({ member, before: textA, after: textB, secret: isSecret(member, a, b) });
  }
  return changes;
}

const ORDER = { added: 0, modified: 1, removed: 2 } as const;

/**
 * How the working configuration differs from the committed one, object by object (by id, as the gateway's state
 * counts them): added, removed, and modified with the members that differ; in order of change, sort and name.
 */
export function diffConfigurations(
  working: readonly FileObject[],
  committed: readonly FileObject[],
): readonly ObjectChange[] {
  const before = new Map(committed.map((object) => [object.id, object]));
  const after = new Map(working.map((object) => [object.id, object]));
  const changes: ObjectChange[] = [];
  for (const object of working) {
    const old = before.get(object.id);
    const members = memberChanges(old, object);
    if (!old) changes.push({ change: 'added', ...named(object), members });
    else if (members.length > 0) changes.push({ change: 'modified', ...named(object), members });
  }
  for (const object of committed)
    if (!after.has(object.id))
      changes.push({ change: 'removed', ...named(object), members: memberChanges(object, undefined) });
  return changes.sort(
    (a, b) =>
      ORDER[a.change] - ORDER[b.change] || a.sort.localeCompare(b.sort) || a.displayName.localeCompare(b.displayName),
  );
}

function named(object: FileObject): { id: string; sort: string; displayName: string } {
  return { id: object.id, sort: object.sort, displayName: object.displayName };
}
