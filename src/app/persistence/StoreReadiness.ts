import { inject, injectable } from 'inversify';
import { DataSource, type EntityManager } from 'typeorm';
import { ReadinessCheck } from '../../shared/application/ReadinessCheck.js';
import { UnitOfWork } from '../../shared/application/UnitOfWork.js';
import { TransactionScope } from '../../shared/infrastructure/TransactionScope.js';

/**
 * The store answers and its schema is up to date: one read unit (so on the embedded engine it waits its turn
 * on the single connection like any request) reads the applied migrations and compares them with the ones
 * this build lists. A server that cannot be reached, or a schema that another (newer or older) build left
 * with pending migrations, is not ready.
 */
@injectable()
export class StoreReadiness extends ReadinessCheck {
  readonly name = 'store';

  constructor(
    @inject(DataSource) private readonly dataSource: DataSource,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {
    super();
  }

  async check(): Promise<string | undefined> {
    let applied: Set<string>;
    try {
      applied = await this.unitOfWork.read(async () => {
        const manager = TransactionScope.current()!.handle as EntityManager;
        const table = this.dataSource.options.migrationsTableName ?? 'migrations';
        const rows = (await manager.query(`SELECT name FROM "${table}"`)) as Array<{ name: string }>;
        return new Set(rows.map((row) => row.name));
      });
    } catch (error) {
      return `the store does not answer (${errorCode(error)})`;
    }
    return pendingMigrations(this.dataSource, applied);
  }
}

/** Why a store whose applied migrations are `applied` is not up to date with this build's, or undefined. */
export function pendingMigrations(dataSource: DataSource, applied: ReadonlySet<string>): string | undefined {
  const pending = dataSource.migrations
    .map((migration) => migration.name ?? migration.constructor.name)
    .filter((name) => !applied.has(name));
  return pending.length > 0
    ? `${pending.length} migration(s) not applied: ${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', …' : ''}`
    : undefined;
}

/** A driver error's code (SQLSTATE or a connection error such as ECONNREFUSED), else the error's name. */
export function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}
