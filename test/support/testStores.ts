import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/app/config/AppConfig.js';
import { openDatabase } from '../../src/app/persistence/Database.js';
import { openMonitorDatabase } from '../../src/app/persistence/monitorDatabase.js';
import { dataSourceOptions } from '../../src/app/persistence/dataSourceOptions.js';
import { embeddedDriver } from '../../src/app/persistence/EmbeddedDatabase.js';
import { loadTemplate } from '../../src/app/persistence/EmbeddedTemplate.js';
import { DatabaseKind } from '../../src/shared/infrastructure/persistence/DatabaseKind.js';
import { TypeOrmUnitOfWork } from '../../src/shared/infrastructure/persistence/TypeOrmUnitOfWork.js';

/**
 * The one place the tests open, wipe, reset and close databases. Suites ask for the stores to run on
 * (`storeTargets`), open each once per suite (`target.open()`: a server database is wiped, then every store is
 * migrated), reset it before each test (`store.reset(labs)`) and close it after the suite; they keep their own
 * repository wiring on top.
 */

/** Tables a reset keeps: the migrations' own bookkeeping and the labs. */
const KEPT_TABLES = ['schema_migration', 'lab'];

/** One opened database of a suite, with a unit of work over it. */
export interface TestStore {
  readonly kind: 'embedded' | 'server';
  readonly name: string;
  readonly dataSource: DataSource;
  /** Whether it is the embedded engine (what DatabaseKind needs). */
  readonly embedded: boolean;
  readonly unitOfWork: TypeOrmUnitOfWork;
  /**
   * Before each test: empties every table but the migrations' bookkeeping and the labs, deletes every lab but
   * `default`, then makes sure the given labs exist.
   */
  reset(labs?: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** false: the schema is left empty (a migration test runs the migrations itself). Default true. */
  readonly migrate?: boolean;
}

/** A database the suites run on: the embedded engine in memory, or the PostgreSQL server of TEST_DATABASE_URL. */
export interface DatabaseTarget {
  readonly kind: 'embedded' | 'server';
  readonly name: string;
  /** The server's URL; undefined for the embedded engine. */
  readonly databaseUrl: string | undefined;
  /** Opens it for one suite: a server database is wiped first, then the schema is migrated (unless told not to). */
  open(options?: OpenOptions): Promise<TestStore>;
}

/** The in-memory adapters: no database; the suite wires its in-memory repositories itself. */
export interface MemoryTarget {
  readonly kind: 'memory';
  readonly name: string;
}

export type StoreTarget = MemoryTarget | DatabaseTarget;

const MEMORY: MemoryTarget = { kind: 'memory', name: 'in-memory adapters' };

const EMBEDDED: DatabaseTarget = {
  kind: 'embedded',
  name: 'embedded PostgreSQL',
  databaseUrl: undefined,
  async open(options = {}) {
    const dataSource =
      options.migrate === false
        ? await new DataSource(
            dataSourceOptions(
              { databaseUrl: undefined, dataDir: undefined },
              embeddedDriver(undefined, await loadTemplate()),
            ),
          ).initialize()
        : await openDatabase({ databaseUrl: undefined, dataDir: undefined });
    return store('embedded', 'embedded PostgreSQL', dataSource);
  },
};

function server(url: string): DatabaseTarget {
  return {
    kind: 'server',
    name: 'the PostgreSQL server',
    databaseUrl: url,
    async open(options = {}) {
      await wipeServerDatabase(url);
      const dataSource =
        options.migrate === false
          ? await new DataSource(dataSourceOptions({ databaseUrl: url, dataDir: undefined })).initialize()
          : await openDatabase({ databaseUrl: url, dataDir: undefined });
      return store('server', 'the PostgreSQL server', dataSource);
    },
  };
}

/**
 * The stores to run on, in this order: the in-memory adapters (only with `memory: true`), the embedded engine,
 * and the PostgreSQL server of TEST_DATABASE_URL when it is set (its database name must contain 'test').
 */
export function storeTargets(options: { memory: true }): StoreTarget[];
export function storeTargets(options?: { memory?: false }): DatabaseTarget[];
export function storeTargets(options: { memory?: boolean } = {}): StoreTarget[] {
  const url = testDatabaseUrl();
  return [...(options.memory ? [MEMORY] : []), EMBEDDED, ...(url ? [server(url)] : [])];
}

/** The one database of suites that run on a single store: the server of TEST_DATABASE_URL when set, else the embedded engine. */
export function testDatabase(): DatabaseTarget {
  const url = testDatabaseUrl();
  return url ? server(url) : EMBEDDED;
}

/**
 * A store that outlives a gateway, for restart tests: the embedded engine with its files in a temporary directory,
 * or the PostgreSQL server of TEST_DATABASE_URL. Start every gateway with `config` (plus the test's own settings);
 * the first start wipes a server database (TestGateway's default), the later ones pass `keepData: true`.
 */
export interface DurableStore {
  readonly kind: 'embedded' | 'server';
  readonly name: string;
  readonly config: Partial<AppConfig>;
  /** Removes the temporary directory (nothing for the server). */
  dispose(): void;
}

/** The embedded engine on disk (a new temporary directory), and the server of TEST_DATABASE_URL when it is set. */
export function durableStores(): DurableStore[] {
  const url = testDatabaseUrl();
  return [onDisk(), ...(url ? [durableServer(url)] : [])];
}

/** The one durable store of a restart test on a single store: the server of TEST_DATABASE_URL when set, else the embedded engine on disk. */
export function durableTestStore(): DurableStore {
  const url = testDatabaseUrl();
  return url ? durableServer(url) : onDisk();
}

function onDisk(): DurableStore {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gwsim-test-store-'));
  return {
    kind: 'embedded',
    name: 'embedded PostgreSQL on disk',
    config: { databaseUrl: undefined, dataDir, ephemeral: false },
    dispose: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function durableServer(url: string): DurableStore {
  return { kind: 'server', name: 'the PostgreSQL server', config: { databaseUrl: url }, dispose: () => undefined };
}

/**
 * Opens (and migrates) the store at `databaseUrl` (undefined: the embedded engine in memory) keeping the data a
 * server database already holds: for benchmarks, which work in a lab of their own. The database name must
 * contain 'test'.
 */
export async function openKeepingData(databaseUrl: string | undefined): Promise<TestStore> {
  if (!databaseUrl) return EMBEDDED.open();
  assertTestDatabase(databaseUrl);
  return store('server', 'the PostgreSQL server', await openDatabase({ databaseUrl, dataDir: undefined }));
}

/** Drops every table of a PostgreSQL server test database, so migrations run from scratch. */
export async function wipeServerDatabase(url: string): Promise<void> {
  assertTestDatabase(url);
  const dataSource = new DataSource({ type: 'postgres', url });
  await dataSource.initialize();
  try {
    await dataSource.query('DROP SCHEMA IF EXISTS public CASCADE');
    await dataSource.query('CREATE SCHEMA public');
    // The monitor's tables (its own schema when it shares the server).
    await dataSource.query('DROP SCHEMA IF EXISTS monitor CASCADE');
  } finally {
    await dataSource.destroy();
  }
}

/** Wipes the server test database of TEST_DATABASE_URL when the suites run on one; the embedded store needs nothing. */
export async function wipeServerDatabaseIfAny(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) await wipeServerDatabase(url);
}

/**
 * The PostgreSQL server the database suites run on: TEST_DATABASE_URL (its database name must contain 'test'),
 * else undefined (the embedded engine in memory).
 */
export function testDatabaseUrl(): string | undefined {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) return undefined;
  assertTestDatabase(url);
  return url;
}

function assertTestDatabase(url: string): void {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!name.includes('test'))
    throw new Error(`refusing to run tests on database '${name}': its name must contain 'test'`);
}

function store(kind: 'embedded' | 'server', name: string, dataSource: DataSource): TestStore {
  const embedded = kind === 'embedded';
  const unitOfWork = new TypeOrmUnitOfWork(dataSource, new DatabaseKind(embedded));
  return {
    kind,
    name,
    dataSource,
    embedded,
    unitOfWork,
    async reset(labs = []) {
      // Listed each time: a suite's tests may migrate the schema (tables come and go).
      const rows: Array<{ tablename: string }> = await dataSource.query(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND NOT (tablename = ANY($1::text[]))",
        [KEPT_TABLES],
      );
      if (rows.length > 0) await dataSource.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} CASCADE`);
      await dataSource.query("DELETE FROM lab WHERE id <> 'default'");
      for (const lab of labs) {
        await dataSource.query('INSERT INTO lab (id, display_name) VALUES ($1, $1) ON CONFLICT (id) DO NOTHING', [lab]);
      }
    },
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}

/** One opened monitor store of a suite (its own DataSource, schema `monitor`). */
export interface MonitorTestStore {
  readonly kind: 'embedded' | 'server';
  readonly name: string;
  readonly dataSource: DataSource;
  /** Before each test: empties every monitor table. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface MonitorDatabaseTarget {
  readonly kind: 'embedded' | 'server';
  readonly name: string;
  /** Opens it for one suite: a server's monitor schema is dropped first, then migrated. */
  open(): Promise<MonitorTestStore>;
}

const MONITOR_TABLES = ['call_history', 'sip_message', 'recording', 'lab_usage'];

function monitorStore(kind: 'embedded' | 'server', name: string, dataSource: DataSource): MonitorTestStore {
  return {
    kind,
    name,
    dataSource,
    async reset() {
      await dataSource.query(`TRUNCATE ${MONITOR_TABLES.map((t) => `monitor.${t}`).join(', ')}`);
    },
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}

/** The monitor's stores to run on: its embedded engine (in memory, in a worker), and the server of TEST_DATABASE_URL when set. */
export function monitorStoreTargets(): MonitorDatabaseTarget[] {
  const url = testDatabaseUrl();
  const embedded: MonitorDatabaseTarget = {
    kind: 'embedded',
    name: 'the embedded monitor engine',
    open: async () =>
      monitorStore(
        'embedded',
        'the embedded monitor engine',
        await openMonitorDatabase({ kind: 'embedded', dataDir: undefined }),
      ),
  };
  if (!url) return [embedded];
  return [
    embedded,
    {
      kind: 'server',
      name: 'the PostgreSQL server (schema monitor)',
      async open() {
        await dropMonitorSchema(url);
        return monitorStore(
          'server',
          'the PostgreSQL server (schema monitor)',
          await openMonitorDatabase({ kind: 'server', url, variable: 'DATABASE_URL' }),
        );
      },
    },
  ];
}

/** Opens the monitor store of `databaseUrl` keeping its data (benchmarks; the name must contain 'test'); undefined: the embedded engine. */
export async function openMonitorKeepingData(databaseUrl: string | undefined): Promise<MonitorTestStore> {
  if (!databaseUrl)
    return monitorStore(
      'embedded',
      'the embedded monitor engine',
      await openMonitorDatabase({ kind: 'embedded', dataDir: undefined }),
    );
  assertTestDatabase(databaseUrl);
  return monitorStore(
    'server',
    'the PostgreSQL server (schema monitor)',
    await openMonitorDatabase({ kind: 'server', url: databaseUrl, variable: 'DATABASE_URL' }),
  );
}

async function dropMonitorSchema(url: string): Promise<void> {
  assertTestDatabase(url);
  const dataSource = new DataSource({ type: 'postgres', url });
  await dataSource.initialize();
  try {
    await dataSource.query('DROP SCHEMA IF EXISTS monitor CASCADE');
  } finally {
    await dataSource.destroy();
  }
}
