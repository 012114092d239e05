import { inject, injectable, optional } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabReadCache } from '../../../../shared/application/LabReadCache.js';
import { LabRevisions } from '../../../../shared/application/LabRevisions.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../domain/ConfigurationRepository.js';
import { IndexedGraph, type GraphView } from '../domain/GraphView.js';
import { WorkingChanges, type UnitChanges } from './WorkingChanges.js';

/**
 * The working configuration graph of a lab held in memory and kept current by the lab's revision
 * (LabReadCache): read from the store once, read again after any committed write of the lab in another process
 * on the same server. Each write unit of this process hands its changes over when it commits (`advance`, through
 * WorkingChanges), so a write here — of the configuration or of anything else of the lab — costs the next read
 * nothing. Every read operation of the typed
 * views answers from here. Inside a unit of work it reads through (the unit's own view).
 */
@injectable()
export class ConfigurationReader {
  private readonly cache: LabReadCache<IndexedGraph>;

  constructor(
    @inject(LabRevisions) revisions: LabRevisions,
    @inject(UnitOfWork) unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    // Only with the repository that records its writes there (the container's): otherwise nothing is carried over.
    @inject(WorkingChanges) @optional() changes?: WorkingChanges,
  ) {
    this.cache = new LabReadCache(revisions, unitOfWork, async (lab) => new IndexedGraph(await this.objects.list(lab)));
    changes?.onCommitted((lab, unit) => this.advance(lab, unit));
  }

  /** The lab's working revision, read-only and shared: never mutate an object of it (take `copy()`). */
  working(lab: LabId): Promise<GraphView> {
    return this.cache.get(lab);
  }

  /** The graph kept for exactly this revision of the lab, if any (nothing is read). */
  keptAt(lab: LabId, revision: number): IndexedGraph | undefined {
    const kept = this.cache.peek(lab);
    return kept && kept.revision === revision ? kept.value : undefined;
  }

  /** The lab's state was replaced as a whole (a snapshot restored): the next read loads the revision again. */
  forget(lab: LabId): void {
    this.cache.forget(lab);
  }

  /** A write unit that began at `changes.base` committed these changes: keep the graph they lead to. */
  advance(lab: LabId, changes: UnitChanges): void {
    if (!changes.whole) return;
    const base = this.keptAt(lab, changes.base);
    if (!base) return;
    this.cache.put(lab, changes.base + 1, changes.applyTo(base));
  }
}
