import type { LabId } from '../domain/LabId.js';
import type { LabRevisions } from './LabRevisions.js';
import type { UnitOfWork } from './UnitOfWork.js';

interface Entry<T> {
  readonly revision: number;
  readonly value: T;
}

/**
 * State of a lab read from the store once and kept in memory while the lab's revision stays where it was read:
 * any committed write unit of the lab, in this process or another one on the same server, makes the next `get`
 * read it again. `load` runs inside a read unit and must return a value nobody mutates (it is shared by every
 * caller until the next write). Called inside a unit of work, `get` reads through without keeping anything, so
 * a write unit never sees (or leaves behind) state that differs from its own view.
 */
export class LabReadCache<T> {
  private readonly entries = new Map<LabId, Entry<T>>();
  private readonly loading = new Map<LabId, Promise<Entry<T> | undefined>>();

  constructor(
    private readonly revisions: LabRevisions,
    private readonly unitOfWork: UnitOfWork,
    private readonly load: (lab: LabId) => Promise<T>,
  ) {}

  get(lab: LabId): Promise<T> {
    const kept = this.keptNow(lab);
    return kept ? Promise.resolve(kept.value) : this.fetch(lab);
  }

  /**
   * What `get` would answer when that is known at once (no unit of work running, the store's adapter knows the lab's
   * revision without asking it, LabRevisions.known, and the value kept is of that revision); else undefined.
   */
  current(lab: LabId): T | undefined {
    return this.keptNow(lab)?.value;
  }

  private keptNow(lab: LabId): Entry<T> | undefined {
    const revision = this.revisions.known?.(lab);
    if (revision === undefined) return undefined;
    const entry = this.entries.get(lab);
    return entry && entry.revision === revision ? entry : undefined;
  }

  private async fetch(lab: LabId): Promise<T> {
    const revision = await this.revisions.current(lab);
    if (revision === undefined) return this.unitOfWork.read(() => this.load(lab));
    const entry = this.entries.get(lab);
    if (entry && entry.revision === revision) return entry.value;
    const fresh = await this.reload(lab);
    // A write that committed while the reload read is not in what it read: the revision it saw says so.
    if (fresh && fresh.revision >= revision) return fresh.value;
    return this.unitOfWork.read(() => this.load(lab));
  }

  /** What is kept for the lab, with the revision it was read at (nothing is read). */
  peek(lab: LabId): { readonly revision: number; readonly value: T } | undefined {
    return this.entries.get(lab);
  }

  /**
   * Keeps a value the caller derived for a revision it knows exactly (a write unit that committed as `revision`,
   * applied to the value kept for the revision before it), unless something newer is kept already.
   */
  put(lab: LabId, revision: number, value: T): void {
    const kept = this.entries.get(lab);
    if (!kept || kept.revision < revision) this.entries.set(lab, { revision, value });
  }

  /** Forgets what is kept of one lab (its state was replaced as a whole: the next get reads the store). */
  forget(lab: LabId): void {
    this.entries.delete(lab);
  }

  /** Forgets everything kept (the next get of each lab reads the store). */
  clear(): void {
    this.entries.clear();
  }

  /** One reload per lab at a time: callers that miss together share it. */
  private reload(lab: LabId): Promise<Entry<T> | undefined> {
    let running = this.loading.get(lab);
    if (!running) {
      running = this.unitOfWork
        .read(async () => {
          const revision = await this.revisions.seen(lab);
          const value = await this.load(lab);
          return revision === undefined ? undefined : { revision, value };
        })
        .then((entry) => {
          const kept = this.entries.get(lab);
          if (entry && (!kept || kept.revision <= entry.revision)) this.entries.set(lab, entry);
          return entry;
        })
        .finally(() => this.loading.delete(lab));
      this.loading.set(lab, running);
    }
    return running;
  }
}
