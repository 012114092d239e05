import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../src/app/persistence/Database.js';
import { DatabaseKind } from '../../../src/shared/infrastructure/persistence/DatabaseKind.js';
import { TypeOrmUnitOfWork } from '../../../src/shared/infrastructure/persistence/TypeOrmUnitOfWork.js';
import { testDatabaseUrl } from '../../support/testConfig.js';
import { openTestDatabase } from '../../support/testDatabase.js';

/** One PostgreSQL store the configuration suites run on, migrated, with a unit of work over it. */
export interface TestStore {
  readonly name: string;
  readonly dataSource: DataSource;
  readonly unitOfWork: TypeOrmUnitOfWork;
  /** Empties every table but the labs, then makes sure the given labs exist. */
  reset(labs?: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOpener {
  readonly name: string;
  open(): Promise<TestStore>;
}

async function ensureLabs(dataSource: DataSource, labs: readonly string[]): Promise<void> {
  for (const lab of labs) {
    await dataSource.query('INSERT INTO lab (id, display_name) VALUES ($1, $1) ON CONFLICT (id) DO NOTHING', [lab]);
  }
}

/**
 * The stores of the configuration suites: always the embedded engine (in memory), and the PostgreSQL server
 * of TEST_DATABASE_URL when it is set (wiped and migrated once, tables truncated before each test).
 */
export function testStores(): StoreOpener[] {
  const embedded: StoreOpener = {
    name: 'embedded PostgreSQL',
    async open() {
      const dataSource = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
      const unitOfWork = new TypeOrmUnitOfWork(dataSource, new DatabaseKind(true));
      return {
        name: 'embedded PostgreSQL', dataSource, unitOfWork,
        async reset(labs = []) {
          const rows: Array<{ tablename: string }> = await dataSource.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('schema_migration', 'lab')");
          if (rows.length > 0) await dataSource.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} CASCADE`);
          await dataSource.query("DELETE FROM lab WHERE id <> 'default'");
          await ensureLabs(dataSource, labs);
        },
        close: () => dataSource.destroy(),
      };
    },
  };
  if (!testDatabaseUrl()) return [embedded];
  const server: StoreOpener = {
    name: 'PostgreSQL server',
    async open() {
      const db = await openTestDatabase();
      const unitOfWork = new TypeOrmUnitOfWork(db.dataSource, new DatabaseKind(false));
      return {
        name: 'PostgreSQL server', dataSource: db.dataSource, unitOfWork,
        async reset(labs = []) { await db.reset(); await ensureLabs(db.dataSource, labs); },
        close: () => db.close(),
      };
    },
  };
  return [embedded, server];
}
