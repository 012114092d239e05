import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork, type WriteUnitObserver } from '../../../../shared/application/UnitOfWork.js';
import { ConfigObject } from '../domain/ConfigObject.js';
import type { IndexedGraph } from '../domain/GraphView.js';

/** What one write unit of a lab changed in the working revision, as the repository stored it. */
export class UnitChanges {
  readonly saved = new Map<string, ConfigObject>();
  readonly removed = new Set<string>();
  /** A whole-revision move (import, clean, revert, factory install) or a write not seen here: only a reload is right. */
  whole = true;
  /** The lab's revision when the unit began (it commits as the next one). */
  constructor(readonly base: number) {}

  /** `graph` (the working revision at `base`) with these changes applied; the same graph when there are none. */
  applyTo(graph: IndexedGraph): IndexedGraph {
    return this.saved.size + this.removed.size === 0 ? graph : graph.patched(this.saved.values(), this.removed);
  }
}

/**
 * The changes of the write unit of each lab, as the repository stores them (see TrackingConfigurationRepository),
 * for every write unit the unit of work runs (it tells this observer of each). The unit's own `graph` and, once
 * it committed, the graph held in memory take them instead of reading the whole revision again; a unit that
 * changed no object (a login, a user added, a commit) carries the graph held in memory over to its revision.
 */
@injectable()
export class WorkingChanges implements WriteUnitObserver {
  private readonly open = new Map<LabId, UnitChanges>();
  private committed: (lab: LabId, changes: UnitChanges) => void = () => undefined;

  constructor(@inject(UnitOfWork) unitOfWork: UnitOfWork) {
    unitOfWork.observe(this);
  }

  /** Who hears of each unit that committed, with its changes (the graph held in memory). */
  onCommitted(listener: (lab: LabId, changes: UnitChanges) => void): void {
    this.committed = listener;
  }

  begun(lab: LabId, revision: number): void {
    this.open.set(lab, new UnitChanges(revision - 1));
  }

  ended(lab: LabId, ok: boolean): (() => void) | undefined {
    const changes = this.open.get(lab);
    this.open.delete(lab);
    if (!ok || !changes) return undefined;
    return () => this.committed(lab, changes);
  }

  /** The changes of the unit of the lab running now, if it is observed. */
  current(lab: LabId): UnitChanges | undefined {
    return this.open.get(lab);
  }

  /** The object as stored: its version is the one the store gave it (one above the one it was saved with). */
  saved(object: ConfigObject): void {
    const changes = this.open.get(object.lab);
    if (!changes) return;
    changes.removed.delete(object.id);
    changes.saved.set(object.id, new ConfigObject(object.lab, { ...object.snapshot(), version: object.version + 1 }));
  }

  removed(lab: LabId, ids: readonly string[]): void {
    const changes = this.open.get(lab);
    if (!changes) return;
    for (const id of ids) {
      changes.saved.delete(id);
      changes.removed.add(id);
    }
  }

  replaced(lab: LabId): void {
    const changes = this.open.get(lab);
    if (changes) changes.whole = false;
  }
}
