import type { LabState, StoredSnapshot } from './LabState.js';
import { invalidDocument } from './SnapshotErrors.js';

export const SNAPSHOT_FORMAT = 'gwsim-lab-snapshot';
export const SNAPSHOT_FORMAT_VERSION = 1;

/** The exported file (GET /_sim/labs/{lab}/snapshots/{name}); PUT reads the same. */
export interface SnapshotDocument {
  readonly format: typeof SNAPSHOT_FORMAT;
  readonly formatVersion: typeof SNAPSHOT_FORMAT_VERSION;
  /** The store's schema it was taken on (the latest migration's name): a file is read only by a gwsim on that schema. */
  readonly schema: string;
  readonly name: string;
  readonly sourceLab: string;
  /** ISO-8601 */
  readonly createdAt: string;
  readonly labRevision: number;
  readonly objects: number;
  /** How the secrets of `state` are sealed; null when it holds none. */
  readonly sealing: unknown;
  readonly state: LabState;
}

export function snapshotDocument(snapshot: StoredSnapshot, sealing: unknown, state: LabState): SnapshotDocument {
  return {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    schema: snapshot.schema,
    name: snapshot.name,
    sourceLab: snapshot.sourceLab,
    createdAt: snapshot.createdAt.toISOString(),
    labRevision: snapshot.labRevision,
    objects: snapshot.objects,
    sealing,
    state,
  };
}

/** What a file says once its header is checked (its state still sealed). */
export interface ParsedDocument {
  readonly sourceLab: string;
  readonly createdAt: Date;
  readonly labRevision: number;
  readonly sealing: unknown;
  readonly state: LabState;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a file's header and the shape of its state, in the order a reader needs them: the format, its version and
 * the schema first (a file of another gwsim is told as such, with what this one reads), then each field; the
 * first bad field is named. `tables` are the lab-keyed tables of this store's schema.
 */
export function parseSnapshotDocument(raw: unknown, schema: string, tables: readonly string[]): ParsedDocument {
  if (!isRecord(raw))
    throw invalidDocument('file', 'must be a JSON object (a file GET /_sim/labs/{lab}/snapshots/{name} exported)');
  if (raw['format'] !== SNAPSHOT_FORMAT)
    throw invalidDocument(
      'format',
      `this gwsim reads "${SNAPSHOT_FORMAT}" files; the file says ${JSON.stringify(raw['format'] ?? null).slice(0, 60)}`,
    );
  if (raw['formatVersion'] !== SNAPSHOT_FORMAT_VERSION) {
    throw invalidDocument(
      'formatVersion',
      `this gwsim reads formatVersion ${SNAPSHOT_FORMAT_VERSION}; the file says ${JSON.stringify(raw['formatVersion'] ?? null).slice(0, 40)}`,
    );
  }
  if (raw['schema'] !== schema) {
    throw invalidDocument(
      'schema',
      `this gwsim reads snapshots taken on schema ${schema}; the file was taken on ${JSON.stringify(raw['schema'] ?? null).slice(0, 80)} (export it again from a gwsim of this version)`,
    );
  }
  const sourceLab = raw['sourceLab'];
  if (typeof sourceLab !== 'string' || sourceLab === '' || sourceLab.length > 64)
    throw invalidDocument('sourceLab', 'must be a lab name (a string of 1 to 64 characters)');
  const createdAt = typeof raw['createdAt'] === 'string' ? new Date(raw['createdAt']) : undefined;
  if (!createdAt || Number.isNaN(createdAt.getTime()))
    throw invalidDocument('createdAt', 'must be an ISO-8601 instant');
  const labRevision = raw['labRevision'];
  if (typeof labRevision !== 'number' || !Number.isSafeInteger(labRevision) || labRevision < 0)
    throw invalidDocument('labRevision', 'must be a whole number, 0 or more');
  const state = raw['state'];
  if (!isRecord(state)) throw invalidDocument('state', 'must be an object ({tables: {...}})');
  const stateTables = state['tables'];
  if (!isRecord(stateTables))
    throw invalidDocument('state.tables', 'must be an object: each lab-keyed table of the store with its rows');
  for (const [table, rows] of Object.entries(stateTables)) {
    if (!tables.includes(table))
      throw invalidDocument(
        `state.tables.${table}`,
        `is not a table a lab's state holds on this schema (${tables.join(', ')})`,
      );
    if (!Array.isArray(rows)) throw invalidDocument(`state.tables.${table}`, 'must be an array of rows');
    rows.forEach((row, index) => {
      if (!isRecord(row))
        throw invalidDocument(`state.tables.${table}[${index}]`, 'must be an object (a row: column → value)');
    });
  }
  // a state is whole: a table left out would leave the lab without its rows (no administrator, no configuration state)
  const missing = tables.find((table) => !(table in stateTables));
  if (missing)
    throw invalidDocument(
      `state.tables.${missing}`,
      "is missing: a snapshot holds every table of a lab's state (an empty one as [])",
    );
  return {
    sourceLab,
    createdAt,
    labRevision,
    sealing: raw['sealing'] ?? null,
    state: { tables: stateTables as LabState['tables'] },
  };
}
