import { DEFAULT_LAB, isLabId, labNotFound, type LabId } from '../domain/LabId.js';

/** A lab as the directory lists it. */
export interface LabEntry {
  readonly id: LabId;
  readonly displayName: string;
  readonly createdAt: Date;
  /** The port the lab is also served on, at its root; undefined when none. */
  readonly port?: number;
}

/**
 * Which labs exist (the `lab` table), held in memory after `load` so that every request can ask at no cost.
 * The default lab always exists. Adding a lab writes its row (which every write unit of the lab locks); removing
 * it deletes the row, and with it every row of the lab in the main store.
 */
export abstract class LabDirectory {
  /** Reads the labs into memory (once; later calls are free). */
  abstract load(): Promise<void>;
  abstract list(): readonly LabEntry[];
  abstract find(lab: string): LabEntry | undefined;
  abstract add(entry: LabEntry): Promise<void>;
  abstract remove(lab: LabId): Promise<void>;
  /**
   * Reads the labs again when other processes may have made or removed some (a PostgreSQL server shared by
   * several processes); free otherwise.
   */
  async refresh(): Promise<void> {
    // one process alone on its store: what it holds is what exists
  }

  /**
   * The lab of that name as the store holds it now (on a shared server: one primary-key read, so a lab made or
   * removed through another process is seen at once); the entry held in memory otherwise. A name no lab can have
   * (isLabId: a NUL, a slash, 8,000 characters) is none, without asking the store.
   */
  lookup(name: string): Promise<LabEntry | undefined> {
    return isLabId(name) ? this.read(name) : Promise.resolve(undefined);
  }

  /**
   * The lab a request names (a control path's `{lab}`, the `/labs/{lab}` prefix of a lab's gateway API), as the
   * store holds it now: its id, or a 404 LAB_NOT_FOUND naming `lab`.
   */
  async named(name: string): Promise<LabId> {
    const entry = await this.lookup(name);
    if (!entry) throw labNotFound(name);
    return entry.id;
  }

  /** `lookup` of a name that can be a lab's: the entry held in memory, unless the store says otherwise (a shared server). */
  protected async read(lab: LabId): Promise<LabEntry | undefined> {
    return this.find(lab);
  }
  /**
   * Whether a removed lab's name may name a new lab in this process. The in-memory stores keep nothing apart by
   * lab once removed, so they refuse it; the database stores always allow it.
   */
  reusable(_lab: string): boolean {
    return true;
  }

  /** Whether a lab can be dropped and made again in place (the database stores; not the in-memory ones). */
  resettable(): boolean {
    return true;
  }
}

/** Labs as they are listed: the default lab first, then in the order they were made. */
export function orderedLabs(labs: Iterable<LabEntry>): LabEntry[] {
  return [...labs].sort((a, b) =>
    a.id === DEFAULT_LAB
      ? -1
      : b.id === DEFAULT_LAB
        ? 1
        : a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
}
