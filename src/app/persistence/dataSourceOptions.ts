import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { embeddedDriver } from './EmbeddedDatabase.js';
import { makeDirectory } from './DataDirLock.js';
import { MIGRATIONS } from '../../migrations/index.js';

export interface StoreSettings {
  /** A PostgreSQL server URL; undefined for the embedded engine. */
  readonly databaseUrl: string | undefined;
  /** Directory of the embedded engine's files; undefined keeps them in memory. */
  readonly dataDir: string | undefined;
}

/**
 * The one place that knows how to reach the store. Schema changes only through the listed migrations
 * (synchronize is off everywhere); entities and migrations are listed, never globbed. The embedded engine
 * runs on `driver` when one is given (see startEmbeddedDatabase), else on a new one over the data directory.
 */
export function dataSourceOptions(settings: StoreSettings, driver?: unknown): DataSourceOptions {
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
  if (!driver && settings.dataDir) makeDirectory(settings.dataDir);
  return { ...common, driver: driver ?? embeddedDriver(settings.dataDir), extra: { max: 1 } } as DataSourceOptions;
}
