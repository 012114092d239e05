import { PGliteDriver, getPGliteInstance } from 'typeorm-pglite';
import { PGliteInstance } from 'typeorm-pglite/dist/pglite-instance';
import { holdsCluster, loadTemplate, seedDataDir } from './EmbeddedTemplate.js';
import type { MessagePort } from 'node:worker_threads';
import { WorkerDatabase } from './WorkerDatabase.js';
import { databaseDriver } from './DatabasePool.js';
import { PortDatabase } from './PortDatabase.js';

/** The embedded engine, started: the TypeORM driver to build the DataSource on, and the engine's start. */
export interface EmbeddedDatabase {
  readonly driver: unknown;
  /** Settles once the engine runs. */
  readonly ready: Promise<void>;
  /**
   * Whether the DataSource may be initialised before `ready` (its queries wait in the worker); otherwise not
   * (typeorm-pglite would start a second engine in this thread).
   */
  readonly queuesBeforeReady: boolean;
  /** Stops the engine when no DataSource took it over (a stop during start-up); waits for it to have started. */
  close(): Promise<void>;
  /** A session of the engine for another thread (the simulator's), when the engine runs in a worker. */
  attachSession?(): Promise<MessagePort>;
}

/** The engine as a thread that was given a session of it sees it (the simulator's thread; see PortDatabase). */
export function databaseSession(port: MessagePort): EmbeddedDatabase {
  const database = new PortDatabase(port);
  return {
    driver: databaseDriver(database),
    ready: Promise.resolve(),
    queuesBeforeReady: true,
    close: () => database.close(),
  };
}

/**
 * Starts the embedded engine on a data directory (a new one first gets a copy of the template cluster) or in
 * memory (from the template tarball). Loads neither TypeORM's entities nor any context, so `gwsim serve` starts
 * it first and loads the application's modules while the engine boots.
 */
export async function startEmbeddedDatabase(dataDir: string | undefined): Promise<EmbeddedDatabase> {
  let template: Blob | undefined;
  if (!dataDir) template = await loadTemplate();
  else if (!holdsCluster(dataDir)) await seedDataDir(dataDir);
  const driver = embeddedDriver(dataDir, template);
  const ready = getPGliteInstance().then(() => undefined);
  ready.catch(() => undefined); // observed by whoever awaits it; never an unhandled rejection meanwhile
  return {
    driver,
    ready,
    queuesBeforeReady: false,
    close: async () => {
      await ready.catch(() => undefined);
      await PGliteInstance.close();
    },
  };
}

/** The TypeORM driver class of the embedded engine (typeorm-pglite keeps one engine per process). */
export function embeddedDriver(dataDir: string | undefined, template?: Blob): unknown {
  return new PGliteDriver({ ...(dataDir ? { dataDir } : {}), ...(template ? { loadDataDir: template } : {}) }).driver;
}

/**
 * Starts the embedded engine in a worker thread (WorkerDatabase): `gwsim serve` does, so the engine boots on
 * one core while the application's modules load on the other (the two took a second one after the other), and
 * queries run beside the request handling. The TypeORM driver is typeorm-pglite's, given the worker's engine as
 * its one engine of the process. `onFailure` hears of a worker that dies.
 */
export async function startEmbeddedDatabaseWorker(
  dataDir: string | undefined,
  onFailure: (error: Error) => void,
): Promise<EmbeddedDatabase> {
  let image: Uint8Array | undefined;
  if (!dataDir) {
    const template = await loadTemplate();
    if (template) image = new Uint8Array(await template.arrayBuffer());
  } else if (!holdsCluster(dataDir)) await seedDataDir(dataDir);
  const database = new WorkerDatabase({ ...(dataDir ? { dataDir } : {}), ...(image ? { image } : {}) }, onFailure);
  const driver = new PGliteDriver({}).driver;
  (PGliteInstance as unknown as { instance: unknown }).instance = database;
  return {
    driver,
    ready: database.ready,
    queuesBeforeReady: true,
    close: () => database.close(),
    attachSession: () => database.attachSession(),
  };
}
