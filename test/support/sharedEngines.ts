import { DataSource } from 'typeorm';
import { WorkerDatabase } from '../../src/app/persistence/WorkerDatabase.js';
import { PortDatabase } from '../../src/app/persistence/PortDatabase.js';
import { databaseSession, type EmbeddedDatabase } from '../../src/app/persistence/EmbeddedDatabase.js';
import { loadTemplate } from '../../src/app/persistence/EmbeddedTemplate.js';
import { openDatabase } from '../../src/app/persistence/Database.js';
import { prepareMonitorDatabase } from '../../src/app/persistence/monitorDatabase.js';
import type { QueryableDatabase } from '../../src/app/persistence/DatabasePool.js';

/**
 * The embedded engines the acceptance suites' gateways run on: one for the configuration store and one for the
 * monitor's, started once per test process and migrated once (booting an engine from the template cost a gateway
 * most of its second-long start). Each gateway gets a session of each (closing its stores closes only the
 * sessions) on data put back to the state the migrations left: every table emptied, the rows the migrations wrote
 * written again, the sequences set back.
 */
export interface SharedEngines {
  /** Puts both engines' data back to the freshly migrated state. */
  reset(): Promise<void>;
  /** A session of the configuration store's engine, as SimulatorOptions.engine takes it. */
  mainSession(): Promise<EmbeddedDatabase>;
  /** A session of the monitor's engine, as SimulatorOptions.monitorEngine takes it. */
  monitorSession(): Promise<QueryableDatabase>;
}

/** What one engine held right after its migrations, to put back before each gateway. */
interface FreshState {
  readonly tables: readonly string[];
  readonly rows: ReadonlyArray<{ readonly table: string; readonly json: string }>;
  readonly sequences: ReadonlyArray<{ readonly name: string; readonly value: string; readonly called: boolean }>;
}

/** The migrations' own bookkeeping (every store's), which a reset keeps. */
const BOOKKEEPING = 'schema_migration';

let shared: Promise<SharedEngines> | undefined;

/** The process's shared engines, started and migrated on first use; they end with the process. */
export function sharedEngines(): Promise<SharedEngines> {
  shared ??= start();
  return shared;
}

async function start(): Promise<SharedEngines> {
  const template = await loadTemplate();
  const image = template ? new Uint8Array(await template.arrayBuffer()) : undefined;
  const main = new WorkerDatabase({ ...(image ? { image } : {}) });
  const monitor = new WorkerDatabase({ ...(image ? { image } : {}) });
  await Promise.all([main.ready, monitor.ready]);
  const mainSettings = { databaseUrl: undefined, dataDir: undefined };
  await closeAfter(await openDatabase(mainSettings, Promise.resolve(databaseSession(await main.attachSession()))));
  const preparedMonitor = await prepareMonitorDatabase(
    { kind: 'embedded', dataDir: undefined },
    new PortDatabase(await monitor.attachSession()),
  );
  await preparedMonitor.opened;
  await closeAfter(preparedMonitor.dataSource);
  const fresh = await Promise.all([capture(main), capture(monitor)]);
  return {
    reset: async () => {
      await Promise.all([restore(main, fresh[0]), restore(monitor, fresh[1])]);
    },
    mainSession: async () => databaseSession(await main.attachSession()),
    monitorSession: async () => new PortDatabase(await monitor.attachSession()),
  };
}

async function closeAfter(dataSource: DataSource): Promise<void> {
  if (dataSource.isInitialized) await dataSource.destroy();
}

interface Rows<T> {
  readonly rows: T[];
}

async function capture(engine: WorkerDatabase): Promise<FreshState> {
  const tables = (
    (await engine.query(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename <> $1 ORDER BY 1`,
      [BOOKKEEPING],
    )) as Rows<{ name: string }>
  ).rows.map((row) => row.name);
  const rows: Array<{ table: string; json: string }> = [];
  for (const table of tables) {
    const {
      rows: [held],
    } = (await engine.query(`SELECT coalesce(json_agg(t), '[]')::text AS json FROM ${table} t`)) as Rows<{
      json: string;
    }>;
    if (held && held.json !== '[]') rows.push({ table, json: held.json });
  }
  const sequences = (
    (await engine.query(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, coalesce(last_value, start_value)::text AS value,
            last_value IS NOT NULL AS called
     FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    )) as Rows<{ name: string; value: string; called: boolean }>
  ).rows;
  return { tables, rows, sequences };
}

async function restore(engine: WorkerDatabase, fresh: FreshState): Promise<void> {
  // one simple query: PostgreSQL runs its statements in one implicit transaction (an explicit BEGIN in the middle
  // of the text would hold the engine's other sessions off for good: EngineSessions reads only a statement's start)
  const statements = [
    `TRUNCATE ${fresh.tables.join(', ')} CASCADE`,
    ...fresh.rows.map(
      ({ table, json }) =>
        `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, ${literal(json)})`,
    ),
    ...fresh.sequences.map(({ name, value, called }) => `SELECT setval(${literal(name)}, ${value}, ${called})`),
  ];
  await engine.exec(statements.join(';\n'));
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
