import { injectable } from 'inversify';
import { DEFAULT_LAB, type LabId } from '../../domain/LabId.js';
import { LabDirectory, orderedLabs, type LabEntry } from '../../application/LabDirectory.js';

/** The lab directory of the in-memory stores (tests): the default lab, and the labs added since. */
@injectable()
export class InMemoryLabDirectory extends LabDirectory {
  private readonly removed = new Set<string>();
  private readonly labs = new Map<string, LabEntry>([
    [DEFAULT_LAB, { id: DEFAULT_LAB, displayName: 'Default lab', createdAt: new Date(0) }],
  ]);

  async load(): Promise<void> {
    // nothing to read
  }

  list(): readonly LabEntry[] {
    return orderedLabs(this.labs.values());
  }

  find(lab: string): LabEntry | undefined {
    return this.labs.get(lab);
  }

  async add(entry: LabEntry): Promise<void> {
    this.labs.set(entry.id, entry);
  }

  async remove(lab: LabId): Promise<void> {
    this.labs.delete(lab);
    this.removed.add(lab);
  }

  override resettable(): boolean {
    return false;
  }

  override reusable(lab: string): boolean {
    return !this.removed.has(lab);
  }
}
