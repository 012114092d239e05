/**
 * A lab's state as a snapshot holds it: every row the lab has in each lab-keyed table of the main store, without
 * its `lab_id` (written back under the id of the lab it is restored into), column by column as the store's JSON
 * rendering gives it (to_jsonb), so a restore writes back exactly what was read.
 */
export interface LabState {
  readonly tables: { readonly [table: string]: ReadonlyArray<Readonly<Record<string, unknown>>> };
}

/** What the list and every answer say of a snapshot. */
export interface SnapshotSummary {
  readonly name: string;
  readonly createdAt: Date;
  /** The lab it was taken in (an imported snapshot: the lab of the file). */
  readonly sourceLab: string;
  /** The source lab's revision (its count of committed write units) when it was taken. */
  readonly labRevision: number;
  /** The store's schema it was taken on: the name of the latest migration. */
  readonly schema: string;
  /** Rows of the state, all tables together (configuration objects of both revisions, users, roles, settings, …). */
  readonly objects: number;
  /** Size of the state as stored (JSON text, bytes). */
  readonly bytes: number;
}

/** A stored snapshot with its state (for export). */
export interface StoredSnapshot extends SnapshotSummary {
  readonly state: LabState;
}
