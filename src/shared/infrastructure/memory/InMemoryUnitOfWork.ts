import { injectable } from 'inversify';
import type { LabId } from '../../domain/LabId.js';
import { UnitOfWork } from '../../application/UnitOfWork.js';
import { Mutex } from '../Mutex.js';
import { TransactionScope, assertSameLab, runAfterCommit, type Scope } from '../TransactionScope.js';

/**
 * Units of work for the in-memory adapters: writes are serialised and run their after-commit work;
 * there is no rollback, so in-memory repositories must validate before they mutate.
 */
@injectable()
export class InMemoryUnitOfWork extends UnitOfWork {
  private readonly mutex = new Mutex();

  read<T>(work: () => Promise<T>): Promise<T> {
    if (TransactionScope.current()) return work();
    return TransactionScope.run({ mode: 'read', handle: undefined, afterCommit: [] }, work);
  }

  async write<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    const outer = TransactionScope.current();
    if (outer?.mode === 'write') {
      assertSameLab(outer, lab);
      return work();
    }
    if (outer) throw new Error('a write unit cannot start inside a read unit');
    const scope: Scope = { mode: 'write', lab, handle: undefined, afterCommit: [] };
    const result = await this.mutex.runExclusive(() => TransactionScope.run(scope, work));
    await runAfterCommit(scope);
    return result;
  }
}
