import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MONITOR_SCHEMA } from '../../contexts/monitoring/index.js';
import { MONITOR_MIGRATIONS } from '../../migrations/monitor/index.js';
import { ConfigError } from '../config/loadConfig.js';
import { makeDirectory } from './DataDirLock.js';
import { redactedUrl } from './Database.js';
import { holdsCluster, loadTemplate, seedDataDir } from './EmbeddedTemplate.js';
import type { MessagePort } from 'node:worker_threads';
import { databaseDriver, type QueryableDatabase } from './DatabasePool.js';
import { WorkerDatabase } from './WorkerDatabase.js';
import { BACKGROUND_NICENESS } from '../threadPriority.js';

/**
 * Where the monitor keeps call history, SIP messages and recordings: a database apart from the configuration's.
 * - server: MONITOR_DATABASE_URL when set, else the main DATABASE_URL; either way its tables live in schema `monitor`;
 * - embedded: a second embedded engine, its files in `<dataDir>/monitor` (in memory when the main store is).
 */
export type MonitorStoreSettings =
  | { readonly kind: 'server'; readonly url: string; readonly variable: 'MONITOR_DATABASE_URL' | 'DATABASE_URL' }
  | { readonly kind: 'embedded'; readonly dataDir: string | undefined };

/** The monitor store of a configuration (see MonitorStoreSettings). */
export function monitorStoreSettings(config: {
  databaseUrl: string | undefined;
  monitorDatabaseUrl?: string | undefined;
  dataDir: string | undefined;
  ephemeral: boolean;
}): MonitorStoreSettings {
  if (config.monitorDatabaseUrl)
    return { kind: 'server', url: config.monitorDatabaseUrl, variable: 'MONITOR_DATABASE_URL' };
  if (config.databaseUrl) return { kind: 'server', url: config.databaseUrl, variable: 'DATABASE_URL' };
  return {
    kind: 'embedded',
    dataDir: config.ephemeral || !config.dataDir ? undefined : path.join(config.dataDir, 'monitor'),
  };
}

export function describeMonitorStore(settings: MonitorStoreSettings): string {
  if (settings.kind === 'server') return `PostgreSQL server ${redactedUrl(settings.url)}, schema ${MONITOR_SCHEMA}`;
  return settings.dataDir ? `embedded PostgreSQL in ${settings.dataDir}` : 'embedded PostgreSQL in memory (ephemeral)';
}

/** The monitor's DataSource options: its own migrations (bookkeeping in `monitor.schema_migration`), no entities (it writes SQL). */
export function monitorDataSourceOptions(settings: MonitorStoreSettings, driver?: unknown): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    schema: MONITOR_SCHEMA,
    entities: [],
    migrations: MONITOR_MIGRATIONS,
    migrationsTableName: 'schema_migration',
    synchronize: false,
    migrationsRun: false,
    logging: false,
  };
  if (settings.kind === 'server')
    return { ...common, url: settings.url, extra: { max: 4, connectionTimeoutMillis: 5000 } };
  return { ...common, driver, extra: { max: 1 } } as DataSourceOptions;
}

/** The monitor's DataSource made but still opening: `opened` settles once it is initialised and its schema is up to date. */
export interface PreparedMonitorDatabase {
  readonly dataSource: DataSource;
  readonly opened: Promise<void>;
  /** A session of the embedded engine for another thread (the simulator's); undefined on a server. */
  readonly attachSession?: () => Promise<MessagePort>;
}

/**
 * Opens the monitor's store and brings its schema up to date; answers at once with the DataSource (the container is
 * built while it opens). The embedded engine always runs in a worker thread of its own, so that heavy writes of
 * call history and SIP messages never stall the configuration's reads. A server that cannot be reached is a
 * ConfigError naming the variable that chose it. A failed open leaves nothing running.
 */
export async function prepareMonitorDatabase(
  settings: MonitorStoreSettings,
  session?: QueryableDatabase,
): Promise<PreparedMonitorDatabase> {
  let driver: unknown;
  let database: WorkerDatabase | undefined;
  if (session) {
    // the simulator's thread: a session of the engine the API's thread opened (and brought up to date)
    driver = databaseDriver(session);
  } else if (settings.kind === 'embedded') {
    let image: Uint8Array | undefined;
    if (!settings.dataDir) {
      const template = await loadTemplate();
      if (template) image = new Uint8Array(await template.arrayBuffer());
    } else {
      makeDirectory(settings.dataDir);
      if (!holdsCluster(settings.dataDir)) await seedDataDir(settings.dataDir);
    }
    database = new WorkerDatabase({
      ...(settings.dataDir ? { dataDir: settings.dataDir } : {}),
      ...(image ? { image } : {}),
      niceness: BACKGROUND_NICENESS,
    });
    driver = databaseDriver(database);
  }
  const dataSource = new DataSource(monitorDataSourceOptions(settings, driver));
  const opened = (async () => {
    try {
      if (database) await database.ready;
      await dataSource.initialize();
    } catch (error) {
      await database?.close();
      if (settings.kind === 'server') throw unreachable(settings, error);
      throw error;
    }
    try {
      // The bookkeeping table lives in the schema, so the schema comes first (the first migration would make it too).
      await dataSource.query(`CREATE SCHEMA IF NOT EXISTS ${MONITOR_SCHEMA}`);
      if (await dataSource.showMigrations()) await dataSource.runMigrations({ transaction: 'each' });
    } catch (error) {
      await dataSource.destroy();
      throw error;
    }
  })();
  opened.catch(() => undefined); // observed by whoever awaits it
  const worker = database;
  return { dataSource, opened, ...(worker ? { attachSession: () => worker.attachSession() } : {}) };
}

/** prepareMonitorDatabase, waited for. */
export async function openMonitorDatabase(settings: MonitorStoreSettings): Promise<DataSource> {
  const { dataSource, opened } = await prepareMonitorDatabase(settings);
  await opened;
  return dataSource;
}

function unreachable(settings: Extract<MonitorStoreSettings, { kind: 'server' }>, error: unknown): ConfigError {
  const message =
    error instanceof Error ? error.message.replaceAll(settings.url, redactedUrl(settings.url)).trim() : String(error);
  return ConfigError.unusable(
    settings.variable,
    `cannot use the PostgreSQL server of ${settings.variable} ${redactedUrl(settings.url)} for the monitor (${message}): start the server (and create the database), or correct ${settings.variable}`,
  );
}
