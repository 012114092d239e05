import { randomBytes } from 'node:crypto';
import type { Container } from 'inversify';
import { buildContainer } from './container.js';
import { ThreadCommits } from '../shared/infrastructure/persistence/ThreadCommits.js';
import { DirectorySearches } from '../contexts/identity/index.js';
import type { SimulatorOptions } from './SimulatorOptions.js';
import type { SimulatorStores } from './SimulatorStores.js';

/** The container of a starting simulator, and what its thread of its own (if any) starts with. */
export interface SimulatorContainer {
  readonly container: Container;
  /** The key forwarded requests are signed with, when this thread serves the API and the simulator runs in one of its own. */
  readonly threadKey: Buffer | undefined;
  /** The two threads' counts of committed write units (ThreadCommits). */
  readonly commits: SharedArrayBuffer;
  /** The directory searches of logins in either thread (DirectorySearches). */
  readonly directorySearches: SharedArrayBuffer;
}

/**
 * Builds the container on the stores while they open (nothing here touches them yet), as the thread it runs in: the
 * API's thread of a simulator with a thread of its own (embedded engine only), the simulator's thread, or the one.
 */
export function buildSimulatorContainer(options: SimulatorOptions, stores: SimulatorStores): SimulatorContainer {
  const { config, logger } = options;
  const inThread = options.inSimulatorThread;
  const threadKey =
    options.simulatorThread === true && !config.databaseUrl && stores.main ? randomBytes(32) : undefined;
  const commits = inThread?.commits ?? ThreadCommits.buffer();
  const directorySearches = inThread?.directorySearches ?? DirectorySearches.buffer();
  const thread = inThread
    ? { role: 'simulator' as const, key: inThread.key, commits, directorySearches }
    : threadKey
      ? { role: 'api' as const, key: threadKey, commits, directorySearches }
      : undefined;
  const container = buildContainer({
    config,
    logger,
    dataSource: stores.dataSource,
    embedded: !config.databaseUrl,
    monitorDataSource: stores.monitorDataSource,
    monitorOpened: stores.monitor?.opened,
    monitorTuning: options.monitorTuning,
    clock: options.clock,
    random: options.random,
    ids: options.ids,
    processMetrics: options.processMetrics,
    thread,
  });
  return { container, threadKey, commits, directorySearches };
}
