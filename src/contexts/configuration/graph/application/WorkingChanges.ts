import { injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject } from '../domain/ConfigObject.js';

/** What one write unit of a lab changed in the working revision, as the repository stored it. */
export class UnitChanges {
  readonly saved = new Map<string, ConfigObject>();
  readonly removed = new Set<string>();
  /** A whole-revision move (import, clean, revert, factory install) or a write not seen here: only a reload is right. */
  whole = true;
  /** The lab's revision when the unit began (read on first need). */
  base: number | undefined;
}

/**
 * The changes of the write unit of each lab that runs through WorkingConfiguration.run, recorded by the
 * repository as it stores them (see TrackingConfigurationRepository), so the unit and the readers after it can
 * take the graph held in memory and apply them instead of reading the whole revision again.
 */
@injectable()
export class WorkingChanges {
  private readonly open = new Map<LabId, UnitChanges>();

  begin(lab: LabId): UnitChanges {
    const changes = new UnitChanges();
    this.open.set(lab, changes);
    return changes;
  }

  end(lab: LabId, changes: UnitChanges): void {
    if (this.open.get(lab) === changes) this.open.delete(lab);
  }

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
