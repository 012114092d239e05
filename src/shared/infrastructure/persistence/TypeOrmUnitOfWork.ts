import { inject, injectable } from 'inversify';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '../../domain/DomainError.js';
import type { LabId } from '../../domain/LabId.js';
import { UnitOfWork } from '../../application/UnitOfWork.js';
import { Mutex } from '../Mutex.js';
import { TransactionScope, assertSameLab, runAfterCommit, type Scope } from '../TransactionScope.js';
import { DatabaseKind } from './DatabaseKind.js';

/**
 * Units of work on TypeORM. A write is one transaction that first locks the lab's row, so writes of one
 * lab are serialised across requests (and processes, on a server). The embedded engine has a single
 * connection: there every unit, read or write, takes one process-wide lock so transactions never interleave.
 */
@injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  private readonly embeddedLock = new Mutex();

  constructor(
    @inject(DataSource) private readonly dataSource: DataSource,
    @inject(DatabaseKind) private readonly kind: DatabaseKind,
  ) {
    super();
  }

  /** On a server a read is one REPEATABLE READ transaction, so all its queries see one snapshot. */
  read<T>(work: () => Promise<T>): Promise<T> {
    if (TransactionScope.current()) return work();
    if (this.kind.embedded) {
      return this.embeddedLock.runExclusive(() => TransactionScope.run({ mode: 'read', handle: this.dataSource.manager, afterCommit: [] }, work));
    }
    return this.dataSource.transaction('REPEATABLE READ', (manager: EntityManager) =>
      TransactionScope.run({ mode: 'read', handle: manager, afterCommit: [] }, work));
  }

  async write<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    const outer = TransactionScope.current();
    if (outer?.mode === 'write') {
      assertSameLab(outer, lab);
      return work();
    }
    if (outer) throw new Error('a write unit cannot start inside a read unit');
    const transaction = () => this.dataSource.transaction(async (manager: EntityManager) => {
      const locked: unknown[] = await manager.query('SELECT id FROM lab WHERE id = $1 FOR UPDATE', [lab]);
      if (locked.length === 0) throw DomainError.notFound('Lab', lab);
      const scope: Scope = { mode: 'write', lab, handle: manager, afterCommit: [] };
      const result = await TransactionScope.run(scope, work);
      return { result, scope };
    });
    const { result, scope } = this.kind.embedded ? await this.embeddedLock.runExclusive(transaction) : await transaction();
    await runAfterCommit(scope);
    return result;
  }
}
