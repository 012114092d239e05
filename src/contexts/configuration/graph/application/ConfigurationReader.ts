import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabReadCache } from '../../../../shared/application/LabReadCache.js';
import { LabRevisions } from '../../../../shared/application/LabRevisions.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../domain/ConfigurationRepository.js';
import { IndexedGraph, type GraphView } from '../domain/GraphView.js';

/**
 * The working configuration graph of a lab held in memory and kept current by the lab's revision
 * (LabReadCache): read from the store once, read again after any committed write of the lab, in this process or
 * another one on the same server. Every read operation of the typed views answers from here. Inside a unit of
 * work it reads through (the unit's own view), so write use cases may use it too — though they should prefer
 * `WorkingConfiguration.graph`, which says so.
 */
@injectable()
export class ConfigurationReader {
  private readonly cache: LabReadCache<IndexedGraph>;

  constructor(
    @inject(LabRevisions) revisions: LabRevisions,
    @inject(UnitOfWork) unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {
    this.cache = new LabReadCache(revisions, unitOfWork, async (lab) => new IndexedGraph(await this.objects.list(lab)));
  }

  /** The lab's working revision, read-only and shared: never mutate an object of it (take `copy()`). */
  working(lab: LabId): Promise<GraphView> {
    return this.cache.get(lab);
  }
}
