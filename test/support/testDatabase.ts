import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../src/app/persistence/Database.js';
import { testDatabaseUrl } from './testConfig.js';
import { wipeServerDatabase } from './TestGateway.js';

/** Tables that survive a reset: the migrations' own bookkeeping and the labs. */
const KEPT = new Set(['schema_migration', 'lab']);

/**
 * The database of the integration suites: migrated once when opened (a server database is wiped first),
 * then emptied table by table before each test with `reset`.
 */
export async function openTestDatabase(): Promise<{ dataSource: DataSource; embedded: boolean; reset(): Promise<void>; close(): Promise<void> }> {
  const url = testDatabaseUrl();
  if (url) await wipeServerDatabase(url);
  const dataSource = await openDatabase({ databaseUrl: url, dataDir: undefined });
  return {
    dataSource,
    embedded: !url,
    async reset() {
      const rows: Array<{ tablename: string }> = await dataSource.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      const tables = rows.map((r) => r.tablename).filter((t) => !KEPT.has(t));
      if (tables.length > 0) await dataSource.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} CASCADE`);
      await dataSource.query("DELETE FROM lab WHERE id <> 'default'");
    },
    async close() {
      await dataSource.destroy();
    },
  };
}
