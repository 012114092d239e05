import type { LabId } from '../../../../shared/domain/LabId.js';
import type { LabState, SnapshotSummary, StoredSnapshot } from '../domain/LabState.js';

/** What the store says of a lab's state: the tables it is made of, and the schema. */
export interface StateCatalog {
  /** The store's schema: the latest migration's name. */
  readonly schema: string;
  /** The lab-keyed tables a snapshot holds, parents before children (foreign keys). */
  readonly tables: readonly string[];
  /** Lab-keyed tables a snapshot leaves out on purpose. */
  readonly excluded: readonly string[];
}

/**
 * Snapshots of labs, kept in the main store (port). Every method runs inside the caller's unit of work: `save`
 * and `put` in the lab's write unit (the state is read in one statement, so one consistent view of the lab, and
 * stored with its row hashes), `restore` in the write unit of the lab restored into (it replaces every row the
 * lab has in every table of the catalog).
 */
export abstract class SnapshotRepository {
  /** Whether this store keeps snapshots at all (the in-memory stores do not). */
  abstract available(): boolean;
  abstract catalog(): Promise<StateCatalog>;
  abstract list(lab: LabId): Promise<SnapshotSummary[]>;
  abstract find(lab: LabId, name: string): Promise<SnapshotSummary | undefined>;
  abstract read(lab: LabId, name: string): Promise<StoredSnapshot | undefined>;
  /** Takes the lab's state now; undefined when the name is taken and `replace` is false. */
  abstract save(lab: LabId, name: string, createdAt: Date, replace: boolean): Promise<SnapshotSummary | undefined>;
  /** Stores an imported state under the name (replacing one of that name). */
  abstract put(
    lab: LabId,
    name: string,
    snapshot: { sourceLab: string; createdAt: Date; labRevision: number; schema: string; state: LabState },
  ): Promise<SnapshotSummary>;
  /** Checks that every row of `state` reads as a row of its table (types); the first that does not, as a field path and a message. */
  abstract check(state: LabState): Promise<{ field: string; message: string } | undefined>;
  /** Replaces the lab's state with the snapshot's (inside the lab's write unit); false when there is none. */
  abstract restore(lab: LabId, name: string): Promise<boolean>;
  abstract remove(lab: LabId, name: string): Promise<boolean>;
  abstract removeAll(lab: LabId): Promise<void>;
}
