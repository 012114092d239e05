import { inject, injectable } from 'inversify';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '../../domain/DomainError.js';
import type { LabId } from '../../domain/LabId.js';
import type { LabRevisions } from '../../application/LabRevisions.js';
import { UnitOfWork } from '../../application/UnitOfWork.js';
import { Mutex } from '../Mutex.js';
import { TransactionScope, assertSameLab, runAfterCommit, type Scope } from '../TransactionScope.js';
import { DatabaseKind } from './DatabaseKind.js';

/** Locks the lab's row for the transaction and counts the write: one statement, answering the new revision. */
const BUMP_REVISION =
  'WITH bumped AS (UPDATE lab SET revision = revision + 1 WHERE id = $1 RETURNING revision) SELECT revision FROM bumped';
const READ_REVISION = 'SELECT revision FROM lab WHERE id = $1';

function revisionOf(rows: unknown): number | undefined {
  const row = (rows as Array<{ revision: string | number }>)[0];
  return row === undefined ? undefined : Number(row.revision);
}

/**
 * Units of work on TypeORM. A write is one transaction that first locks the lab's row (bumping its revision),
 * so writes of one lab are serialised across requests (and processes, on a server). The embedded engine has a
 * single connection: there every unit, read or write, takes one process-wide lock so transactions never interleave.
 *
 * It also answers the labs' revisions (LabRevisions). The embedded engine serves one process (its data directory
 * is locked), so the revision this process last committed is the lab's revision and costs no query; on a server
 * other processes write too, so each `current` asks the lab's row (one primary-key read).
 */
@injectable()
export class TypeOrmUnitOfWork extends UnitOfWork implements LabRevisions {
  private readonly embeddedLock = new Mutex();
  /**
   * Embedded engine only: the revision of each lab as of the last commit (or first look), and how many units the
   * other thread sharing the engine had committed when it was taken (see ThreadCommits).
   */
  private readonly knownRevisions = new Map<LabId, { readonly revision: number; readonly others: number }>();
  /** Server only: the revision read on its way for each lab, and the one callers queued behind it share. */
  private readonly probes = new Map<
    LabId,
    { inFlight?: Promise<number | undefined>; next?: Promise<number | undefined> }
  >();

  constructor(
    @inject(DataSource) private readonly dataSource: DataSource,
    @inject(DatabaseKind) private readonly kind: DatabaseKind,
  ) {
    super();
  }

  /** On a server a read is one REPEATABLE READ transaction, so all its queries see one snapshot. */
  read<T>(work: () => Promise<T>): Promise<T> {
    if (TransactionScope.current()) return work();
    if (this.kind.embedded && !this.kind.shared) {
      return this.embeddedLock.runExclusive(() =>
        TransactionScope.run({ mode: 'read', handle: this.dataSource.manager, afterCommit: [] }, work),
      );
    }
    if (this.kind.embedded) {
      // Another thread writes too: a transaction keeps the engine to this read until it ends (DatabaseSessions), so
      // nothing commits meanwhile and the default isolation is a snapshot already.
      return this.embeddedLock.runExclusive(() =>
        this.dataSource.transaction((manager: EntityManager) =>
          TransactionScope.run({ mode: 'read', handle: manager, afterCommit: [] }, work),
        ),
      );
    }
    return this.dataSource.transaction('REPEATABLE READ', (manager: EntityManager) =>
      TransactionScope.run({ mode: 'read', handle: manager, afterCommit: [] }, work),
    );
  }

  async write<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    const outer = TransactionScope.current();
    if (outer?.mode === 'write') {
      assertSameLab(outer, lab);
      return work();
    }
    if (outer) throw new Error('a write unit cannot start inside a read unit');
    const transaction = async () => {
      const committed = await this.dataSource.transaction(async (manager: EntityManager) => {
        const revision = revisionOf(await manager.query(BUMP_REVISION, [lab]));
        // inside the transaction, which keeps the engine to itself: every unit the other thread counted so far is
        // under this revision
        const others = this.kind.threads?.others() ?? 0;
        if (revision === undefined) throw DomainError.notFound('Lab', lab);
        const scope: Scope = { mode: 'write', lab, handle: manager, afterCommit: [] };
        this.unitBegun(lab, revision);
        let result: T;
        try {
          result = await TransactionScope.run(scope, work);
        } catch (error) {
          this.unitEnded(lab, false);
          throw error;
        }
        return { result, scope, revision, others, onCommit: this.unitEnded(lab, true) };
      });
      // Still under the embedded lock: no unit can read the lab between the commit and this line.
      if (this.kind.embedded) {
        this.knownRevisions.set(lab, { revision: committed.revision, others: committed.others });
        this.kind.threads?.committed();
      }
      for (const committedWork of committed.onCommit) committedWork();
      return committed;
    };
    const { result, scope } = this.kind.embedded
      ? await this.embeddedLock.runExclusive(transaction)
      : await transaction();
    await runAfterCommit(scope);
    return result;
  }

  async current(lab: LabId): Promise<number | undefined> {
    if (TransactionScope.current()) return undefined;
    if (this.kind.embedded) {
      const known = this.known(lab);
      if (known !== undefined) return known;
      this.knownRevisions.delete(lab);
      return this.read(() => this.seen(lab));
    }
    return this.probe(lab);
  }

  /**
   * Embedded engine, outside a unit: the revision this process knows, still current unless the other thread sharing
   * the engine committed since.
   */
  known(lab: LabId): number | undefined {
    if (!this.kind.embedded || TransactionScope.current()) return undefined;
    const known = this.knownRevisions.get(lab);
    return known !== undefined && known.others === (this.kind.threads?.others() ?? 0) ? known.revision : undefined;
  }

  /**
   * Server only: the lab's revision from a read sent after this call began, shared by the callers that wait
   * together. While a read is on its way (sent before a caller came), callers wait for it to end and share the one
   * sent next, so under load one lab costs at most one read in flight and one queued, and still no caller is
   * answered from a read older than its own call (a write committed before the call is always counted).
   */
  private probe(lab: LabId): Promise<number | undefined> {
    let state = this.probes.get(lab);
    if (!state) this.probes.set(lab, (state = {}));
    const probes = state;
    const send = (): Promise<number | undefined> => {
      const read = this.readRevision(lab);
      probes.inFlight = read;
      const clear = () => {
        if (probes.inFlight === read) probes.inFlight = undefined;
      };
      read.then(clear, clear);
      return read;
    };
    if (!probes.inFlight) return send();
    if (!probes.next) {
      const next = probes.inFlight
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          probes.next = undefined;
          return send();
        });
      probes.next = next;
    }
    return probes.next;
  }

  private async readRevision(lab: LabId): Promise<number | undefined> {
    // Straight on the driver's pool when it has one (node-postgres): a TypeORM query runner per call costs more
    // than the one-row read itself.
    const pool = (
      this.dataSource.driver as unknown as {
        master?: { query?: (text: string, values: unknown[]) => Promise<{ rows: unknown }> };
      }
    ).master;
    if (typeof pool?.query === 'function') return revisionOf((await pool.query(READ_REVISION, [lab])).rows);
    return revisionOf(await this.dataSource.query(READ_REVISION, [lab]));
  }

  async seen(lab: LabId): Promise<number | undefined> {
    const scope = TransactionScope.current();
    if (!scope) throw new Error('LabRevisions.seen works inside a unit of work');
    const revision = revisionOf(await (scope.handle as EntityManager).query(READ_REVISION, [lab]));
    if (this.kind.embedded && revision !== undefined && scope.mode === 'read' && !this.knownRevisions.has(lab)) {
      // with another thread on the engine the read is a transaction that keeps the engine to itself
      // (DatabaseSessions): every unit that thread counted so far is under this revision
      this.knownRevisions.set(lab, { revision, others: this.kind.threads?.others() ?? 0 });
    }
    return revision;
  }
}
