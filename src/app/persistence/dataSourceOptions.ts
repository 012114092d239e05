import { mkdirSync } from 'node:fs';
import type { DataSourceOptions } from 'typeorm';
import { PGliteDriver } from 'typeorm-pglite';
import { ENTITIES } from './entities.js';
import { holdsCluster } from './EmbeddedTemplate.js';
import { MIGRATIONS } from '../../migrations/index.js';

export interface StoreSettings {
  /** A PostgreSQL server URL; undefined for the embedded engine. */
  readonly databaseUrl: string | undefined;
  /** Directory of the embedded engine's files; undefined keeps them in memory. */
  readonly dataDir: string | undefined;
}

/**
 * The one place that knows how to reach the store. Schema changes only through the listed migrations
 * (synchronize is off everywhere); entities and migrations are listed, never globbed. A new embedded store
 * starts from `template` (an initialised cluster, see EmbeddedTemplate) when one is given.
 */
export function dataSourceOptions(settings: StoreSettings, template?: Blob): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migration',
    synchronize: false,
    migrationsRun: false,
    logging: false,
  };
  if (settings.databaseUrl) {
    return { ...common, url: settings.databaseUrl, extra: { max: 10, connectionTimeoutMillis: 5000 } };
  }
  if (settings.dataDir) mkdirSync(settings.dataDir, { recursive: true });
  const fresh = !settings.dataDir || !holdsCluster(settings.dataDir);
  const loadDataDir = fresh ? template : undefined;
  const driver = new PGliteDriver({ ...(settings.dataDir ? { dataDir: settings.dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) }).driver;
  return { ...common, driver, extra: { max: 1 } } as DataSourceOptions;
}
