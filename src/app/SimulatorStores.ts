import type { DataSource } from 'typeorm';
import type { Logger } from '../shared/application/Logger.js';
import type { SimulatorOptions } from './SimulatorOptions.js';
import { describeStore, prepareDatabase, type PreparedDatabase } from './persistence/Database.js';
import type { StoreSettings } from './persistence/dataSourceOptions.js';
import { databaseSession, type EmbeddedDatabase } from './persistence/EmbeddedDatabase.js';
import {
  describeMonitorStore,
  monitorStoreSettings,
  prepareMonitorDatabase,
  type MonitorStoreSettings,
  type PreparedMonitorDatabase,
} from './persistence/monitorDatabase.js';
import { PortDatabase } from './persistence/PortDatabase.js';

/**
 * The simulator's stores while it starts: the main one and, beside it, the monitor's (administrative commands never
 * touch the monitor's: they keep none). Both are made at once and open while the container is built.
 */
export class SimulatorStores {
  private constructor(
    readonly settings: StoreSettings,
    readonly monitorSettings: MonitorStoreSettings | undefined,
    /** The embedded engine the main store runs on, when this thread was given one (see SimulatorOptions). */
    readonly engine: Promise<EmbeddedDatabase> | undefined,
    readonly main: PreparedDatabase | undefined,
    readonly monitor: PreparedMonitorDatabase | undefined,
  ) {}

  /** Makes both stores, which go on opening; a failure closes what was made. */
  static async open(options: SimulatorOptions): Promise<SimulatorStores> {
    const { config } = options;
    const settings = { databaseUrl: config.databaseUrl, dataDir: config.ephemeral ? undefined : config.dataDir };
    const monitorSettings =
      options.store === 'memory' || options.runStartupTasks === false ? undefined : monitorStoreSettings(config);
    const inThread = options.inSimulatorThread;
    const monitorPrepared = monitorSettings
      ? prepareMonitorDatabase(
          monitorSettings,
          inThread?.monitor ? new PortDatabase(inThread.monitor) : options.monitorEngine,
        )
      : undefined;
    const engine = inThread ? Promise.resolve(databaseSession(inThread.store)) : options.engine;
    monitorPrepared?.catch(() => undefined);
    let prepared: PreparedDatabase | undefined;
    try {
      prepared = options.store === 'memory' ? undefined : await prepareDatabase(settings, engine);
      const monitor = await monitorPrepared;
      return new SimulatorStores(settings, monitorSettings, engine, prepared, monitor);
    } catch (error) {
      await closeQuietly(prepared, await monitorPrepared?.catch(() => undefined));
      throw error;
    }
  }

  get dataSource(): DataSource | undefined {
    return this.main?.dataSource;
  }

  get monitorDataSource(): DataSource | undefined {
    return this.monitor?.dataSource;
  }

  /** Waits for the main store to be open with its schema up to date. */
  async mainOpened(logger: Logger): Promise<void> {
    if (!this.main) return;
    await this.main.opened;
    logger.info({ store: describeStore(this.settings) }, 'store open, schema up to date');
  }

  /** Waits for the monitor's store to be open with its schema up to date. */
  async monitorOpened(logger: Logger): Promise<void> {
    if (!this.monitor || !this.monitorSettings) return;
    await this.monitor.opened;
    logger.info({ store: describeMonitorStore(this.monitorSettings) }, 'monitor store open, schema up to date');
  }

  /** Closes the stores when start-up failed (each once it settled). */
  closeQuietly(): Promise<void> {
    return closeQuietly(this.main, this.monitor);
  }
}

async function closeQuietly(
  ...stores: Array<{ readonly dataSource: DataSource; readonly opened: Promise<void> } | undefined>
): Promise<void> {
  for (const store of stores) {
    if (!store) continue;
    await store.opened.catch(() => undefined);
    if (store.dataSource.isInitialized) await store.dataSource.destroy().catch(() => undefined);
  }
}
