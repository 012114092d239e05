import type { Container } from 'inversify';
import pino from 'pino';
import type { AppConfig } from '../config/AppConfig.js';
import { ConfigError } from '../config/loadConfig.js';
import { DataDirLock } from '../persistence/DataDirLock.js';
import { holdsCluster } from '../persistence/EmbeddedTemplate.js';
import { PinoLogger } from '../../shared/infrastructure/PinoLogger.js';
import { EXIT } from './exitCodes.js';

/** The lab whose user is unblocked, and how to print. */
export interface UnblockOptions {
  readonly lab: string;
  readonly json: boolean;
  readonly logLevelSet: boolean;
}

/**
 * `gwsim admin unblock <user> [--lab LAB]`: lifts a user's block (above all the built-in administrator's) on the store of a
 * stopped gateway. It takes the same data-directory lock as `gwsim serve` (so it is refused while a gateway
 * runs on the directory), builds the same container without serving HTTP or running start-up tasks, and
 * calls the identity context's UnblockUser use case. Prints one line (or JSON); resolves with the exit code.
 */
export async function unblock(user: string, config: AppConfig, output: UnblockOptions): Promise<number> {
  // Logs go to stderr, so that stdout carries only the outcome (--json is for scripts).
  const logger = PinoLogger.create(
    output.logLevelSet ? config.logLevel : 'warn',
    pino.destination({ fd: 2, sync: true }),
    config.logFormat,
  );
  let lock: DataDirLock | undefined;
  try {
    lock = await lockStore(config);
  } catch (error) {
    return usageError(error);
  }
  // A signal while the store is open lets the (short) command finish, so the engine's files are closed cleanly.
  const ignore = () => logger.warn({}, 'finishing the unblock before stopping');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', ignore);
  try {
    return await unblockInStore(user, config, logger, output);
  } catch (error) {
    console.error(`gwsim: admin unblock failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failure;
  } finally {
    await lock?.release();
    process.off('SIGINT', ignore);
    process.off('SIGTERM', ignore);
    logger.flush();
  }
}

/** A ConfigError printed as one line (exit code usage); any other error thrown on. */
function usageError(error: unknown): number {
  if (error instanceof ConfigError) {
    console.error(`gwsim: ${error.message}`);
    return EXIT.usage;
  }
  throw error;
}

/** Checks that the configuration names a store to unblock in, and takes its data directory's lock (if it has one). */
async function lockStore(config: AppConfig): Promise<DataDirLock | undefined> {
  if (config.ephemeral) {
    throw ConfigError.unusable(
      'GWSIM_EPHEMERAL',
      "an ephemeral store keeps no users to unblock: name the gateway's data directory (GWSIM_DATA_DIR or --data-dir) or its DATABASE_URL (--database-url)",
    );
  }
  if (config.dataDir && !holdsCluster(config.dataDir)) {
    throw ConfigError.unusable(
      'GWSIM_DATA_DIR',
      `there is no gwsim store in ${config.dataDir}: name the gateway's data directory with GWSIM_DATA_DIR or --data-dir`,
    );
  }
  return config.dataDir ? await DataDirLock.acquire(config.dataDir, () => undefined) : undefined;
}

/** Builds the container on the store (no HTTP, no start-up tasks), unblocks the user and stops it again. */
async function unblockInStore(
  user: string,
  config: AppConfig,
  logger: PinoLogger,
  output: UnblockOptions,
): Promise<number> {
  const { GatewaySimulator } = require('../GatewaySimulator.js') as typeof import('../GatewaySimulator.js');
  const { describeStore } = require('../persistence/Database.js') as typeof import('../persistence/Database.js');
  const store = describeStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let simulator;
  try {
    simulator = await GatewaySimulator.create({ config, logger, runStartupTasks: false });
  } catch (error) {
    return usageError(error);
  }
  try {
    return await unblockUser(simulator.container, user, store, output);
  } finally {
    await simulator.stop(0);
  }
}

/** Runs UnblockUser on the lab and prints its outcome; a lab or user the store does not have is a failure. */
async function unblockUser(
  container: Container,
  user: string,
  store: string,
  { lab, json }: UnblockOptions,
): Promise<number> {
  const { UnblockUser } =
    require('../../contexts/identity/index.js') as typeof import('../../contexts/identity/index.js');
  const { LabDirectory } =
    require('../../shared/application/LabDirectory.js') as typeof import('../../shared/application/LabDirectory.js');
  const { DomainError } =
    require('../../shared/domain/DomainError.js') as typeof import('../../shared/domain/DomainError.js');
  const directory = container.get(LabDirectory);
  await directory.load();
  const labId = await directory.lookup(lab);
  if (!labId) {
    console.error(`gwsim: there is no lab '${lab}' in ${store} (--lab names one of its labs: gwsim labs list)`);
    return EXIT.failure;
  }
  try {
    const outcome = await container.get(UnblockUser).execute(labId.id, user);
    if (json) console.log(JSON.stringify({ user, lab, ...outcome }));
    else if (outcome.wasBlocked)
      console.log(
        `unblocked '${user}' (user id ${outcome.userId}, ${outcome.displayName}) in lab '${lab}' of ${store}: it may log in again`,
      );
    else
      console.log(
        `'${user}' (user id ${outcome.userId}, ${outcome.displayName}) was not blocked in lab '${lab}' of ${store}; its failed-login count is reset`,
      );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') {
      console.error(
        `gwsim: there is no user '${user}' in lab '${lab}' of ${store} (a user is named by its id, local user name or display name)`,
      );
      return EXIT.failure;
    }
    throw error;
  }
}
