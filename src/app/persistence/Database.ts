import { DataSource } from 'typeorm';
import { ConfigError } from '../config/loadConfig.js';
import { dataSourceOptions, type StoreSettings } from './dataSourceOptions.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './EmbeddedDatabase.js';

/** A DataSource made but still opening: `opened` settles once it is initialised and its schema is up to date. */
export interface PreparedDatabase {
  readonly dataSource: DataSource;
  readonly opened: Promise<void>;
}

/**
 * Opens the store and brings its schema up to date by running the pending migrations, each in a transaction.
 * The embedded engine is started here unless `engine` was started earlier (gwsim serve starts it before it
 * loads the application's modules). Answers at once with the DataSource, so the caller can build what does not
 * touch the store while it opens: an engine in a worker takes queries before it runs (they wait there), an
 * engine in this thread is waited for first.
 * A PostgreSQL server that cannot be reached (or refuses the credentials, or lacks the database) is a
 * ConfigError naming DATABASE_URL, never a bare driver message.
 */
export async function prepareDatabase(
  settings: StoreSettings,
  database?: Promise<EmbeddedDatabase>,
): Promise<PreparedDatabase> {
  let driver: unknown;
  let started: EmbeddedDatabase | undefined;
  if (!settings.databaseUrl) {
    started = await (database ?? startEmbeddedDatabase(settings.dataDir));
    driver = started.driver;
  }
  const dataSource = new DataSource(dataSourceOptions(settings, driver));
  const opened = (async () => {
    if (started && !started.queuesBeforeReady) await started.ready;
    try {
      await (started?.queuesBeforeReady
        ? Promise.all([started.ready, dataSource.initialize()])
        : dataSource.initialize());
    } catch (error) {
      if (settings.databaseUrl) throw unreachable(settings.databaseUrl, error);
      throw error;
    }
    try {
      if (await dataSource.showMigrations()) await dataSource.runMigrations({ transaction: 'each' });
    } catch (error) {
      await dataSource.destroy();
      throw error;
    }
  })();
  opened.catch(() => undefined); // observed by whoever awaits it
  return { dataSource, opened };
}

/** prepareDatabase, waited for. */
export async function openDatabase(settings: StoreSettings, database?: Promise<EmbeddedDatabase>): Promise<DataSource> {
  const { dataSource, opened } = await prepareDatabase(settings, database);
  await opened;
  return dataSource;
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function unreachable(databaseUrl: string, error: unknown): ConfigError {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const text = typeof message === 'string' ? message.replaceAll(databaseUrl, redactedUrl(databaseUrl)).trim() : '';
  const cause = text !== '' ? text : typeof code === 'string' ? code : String(error);
  return ConfigError.unusable(
    'DATABASE_URL',
    `cannot use the PostgreSQL server of DATABASE_URL ${redactedUrl(databaseUrl)} (${cause}): start the server (and create the database), or correct DATABASE_URL (or --database-url)`,
  );
}

export function describeStore(settings: StoreSettings): string {
  if (settings.databaseUrl) return `PostgreSQL server ${redactedUrl(settings.databaseUrl)}`;
  return settings.dataDir ? `embedded PostgreSQL in ${settings.dataDir}` : 'embedded PostgreSQL in memory (ephemeral)';
}
