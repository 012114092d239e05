import { injectable } from 'inversify';
import type { LabId } from '../../domain/LabId.js';
import type { LabRevisions } from '../../application/LabRevisions.js';
import { TransactionScope } from '../TransactionScope.js';
import { InMemoryUnitOfWork } from './InMemoryUnitOfWork.js';

/**
 * The in-memory units of work that also count each lab's write units (LabRevisions), so state kept in memory
 * by a LabReadCache is read again after every write, as on the database stores. There is no rollback in memory:
 * a write unit that failed may have changed something, so it counts too.
 */
@injectable()
export class RevisionCountingUnitOfWork extends InMemoryUnitOfWork implements LabRevisions {
  private readonly revisions = new Map<LabId, number>();

  override write<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    if (TransactionScope.current()) return super.write(lab, work);
    // Counted as the work ends, before the after-commit work (event subscribers) runs.
    let onCommit: Array<() => void> = [];
    return super
      .write(lab, async () => {
        const revision = (this.revisions.get(lab) ?? 0) + 1;
        this.unitBegun(lab, revision);
        let ok = false;
        try {
          const result = await work();
          ok = true;
          return result;
        } finally {
          this.revisions.set(lab, revision);
          onCommit = this.unitEnded(lab, ok);
        }
      })
      .then((result) => {
        for (const committedWork of onCommit) committedWork();
        return result;
      });
  }

  async current(lab: LabId): Promise<number | undefined> {
    return this.known(lab);
  }

  known(lab: LabId): number | undefined {
    return TransactionScope.current() ? undefined : (this.revisions.get(lab) ?? 0);
  }

  async seen(lab: LabId): Promise<number | undefined> {
    return this.revisions.get(lab) ?? 0;
  }
}
