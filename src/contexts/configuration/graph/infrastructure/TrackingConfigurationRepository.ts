import type { LabId } from '../../../../shared/domain/LabId.js';
import type { WorkingChanges } from '../application/WorkingChanges.js';
import type { ConfigObject, ConfigObjectSnapshot } from '../domain/ConfigObject.js';
import {
  ConfigurationRepository,
  type DanglingReference,
  type Revision,
  type RevisionDiff,
} from '../domain/ConfigurationRepository.js';
import type { ObjectSort } from '../domain/ObjectSort.js';

/**
 * The repository every use case gets: the store's adapter, with each working-revision write it stored told to
 * WorkingChanges (after it succeeded), whoever made it. Reads pass straight through.
 */
export class TrackingConfigurationRepository extends ConfigurationRepository {
  constructor(
    private readonly inner: ConfigurationRepository,
    private readonly changes: WorkingChanges,
  ) {
    super();
  }

  find(lab: LabId, id: string, revision?: Revision): Promise<ConfigObject | undefined> {
    return this.inner.find(lab, id, revision);
  }
  findByDisplayName(
    lab: LabId,
    sort: ObjectSort,
    displayName: string,
    revision?: Revision,
  ): Promise<ConfigObject | undefined> {
    return this.inner.findByDisplayName(lab, sort, displayName, revision);
  }
  list(lab: LabId, sort?: ObjectSort, revision?: Revision): Promise<ConfigObject[]> {
    return this.inner.list(lab, sort, revision);
  }
  referrersOf(lab: LabId, id: string): Promise<ConfigObject[]> {
    return this.inner.referrersOf(lab, id);
  }
  diff(lab: LabId): Promise<RevisionDiff> {
    return this.inner.diff(lab);
  }
  count(lab: LabId, revision?: Revision): Promise<number> {
    return this.inner.count(lab, revision);
  }
  danglingReferences(lab: LabId, limit: number): Promise<DanglingReference[]> {
    return this.inner.danglingReferences(lab, limit);
  }
  publishWorking(lab: LabId): Promise<void> {
    return this.inner.publishWorking(lab);
  }

  async save(object: ConfigObject): Promise<void> {
    await this.inner.save(object);
    this.changes.saved(object);
  }

  async remove(lab: LabId, ids: readonly string[]): Promise<void> {
    await this.inner.remove(lab, ids);
    this.changes.removed(lab, ids);
  }

  async replaceWorking(lab: LabId, objects: readonly ConfigObjectSnapshot[]): Promise<void> {
    this.changes.replaced(lab);
    await this.inner.replaceWorking(lab, objects);
  }

  async restoreCommitted(lab: LabId): Promise<void> {
    this.changes.replaced(lab);
    await this.inner.restoreCommitted(lab);
  }
}
