import type { AppConfig } from '../config/AppConfig.js';
import { ConfigError } from '../config/loadConfig.js';
import { HttpListener } from '../HttpListener.js';
import { DataDirLock } from '../persistence/DataDirLock.js';
import { startEmbeddedDatabaseWorker, type EmbeddedDatabase } from '../persistence/EmbeddedDatabase.js';
import { PinoLogger } from '../../shared/infrastructure/PinoLogger.js';
import { BACKGROUND_NICENESS, lowerNodeThreads } from '../threadPriority.js';
import type { GatewaySimulator } from '../GatewaySimulator.js';
import { EXIT } from './exitCodes.js';

/**
 * `gwsim serve`. Start-up runs in an order that fails before the store is touched: the configuration was
 * checked by the caller; then the data-directory lock is taken, the port is bound (answering 503 STARTING
 * until the API is ready), the embedded engine is started in a worker thread, and only then are the
 * application's modules loaded (on this thread, while the engine boots on the other core), the store opened
 * and migrated and the start-up tasks run.
 * SIGTERM/SIGINT stop the process at any stage: before the store opens at once, while it opens once it is
 * open (killing the engine mid-write could damage its files), afterwards after in-flight requests.
 * A second signal exits at once. Resolves with the exit code once everything is closed.
 */
export async function serve(config: AppConfig, explicitAdminPassword: boolean): Promise<number> {
  const logger = PinoLogger.create(config.logLevel, undefined, config.logFormat);
  if (config.adminPasswordIsDefault) {
    const why = explicitAdminPassword || process.env['GWSIM_ADMIN_PASSWORD'] !== undefined ? 'GWSIM_ADMIN_PASSWORD is the well-known default' : 'GWSIM_ADMIN_PASSWORD is not set';
    logger.warn({ user: 'anadmin' }, `${why}: the administrator 'anadmin' has the well-known password 'anadmin'`);
  }

  let stopReason: { code: number } | undefined;
  let wake: () => void = () => undefined;
  const stopRequested = new Promise<void>((resolve) => { wake = resolve; });
  const requestStop = (code: number) => { stopReason ??= { code }; wake(); };
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) { logger.warn({ signal }, 'second signal: exiting at once'); logger.flush(); process.exit(EXIT.failure); }
    logger.info({ signal }, simulator ? 'shutting down: finishing in-flight requests' : 'shutting down: start-up is abandoned');
    requestStop(EXIT.ok);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let lock: DataDirLock | undefined;
  let listener: HttpListener | undefined;
  let engine: Promise<EmbeddedDatabase> | undefined;
  let simulator: GatewaySimulator | undefined;
  let exitCode: number = EXIT.ok;
  try {
    if (config.dataDir) {
      lock = await DataDirLock.acquire(config.dataDir, (error) => {
        logger.error({ dataDir: config.dataDir, err: error }, 'the data-directory lock is lost (the directory was removed or cannot be written): stopping');
        requestStop(EXIT.failure);
      });
    }
    if (!stopReason) listener = await bind(config);
    if (!stopReason && !config.databaseUrl && config.simulatorThread === true) {
      // before any worker thread starts: the simulator's collections run on these too (see lowerNodeThreads)
      logger.debug({ threads: lowerNodeThreads(BACKGROUND_NICENESS), niceness: BACKGROUND_NICENESS }, 'Node\'s own threads run behind the API\'s thread');
    }
    if (!stopReason && !config.databaseUrl) {
      // In a worker thread: it boots on one core while the modules below load on the other.
      // A new data directory gets its copy of the template first, so the worker boots it while the modules load.
      const started = await startEmbeddedDatabaseWorker(config.dataDir, (error) => {
        logger.error({ err: error }, 'the embedded engine stopped: stopping');
        requestStop(EXIT.failure);
      });
      engine = Promise.resolve(started);
    }
    if (!stopReason) {
      // Loaded here, not at the top: the checks above fail fast, and the engine boots while these load.
      const { GatewaySimulator } = require('../GatewaySimulator.js') as typeof import('../GatewaySimulator.js');
      simulator = await GatewaySimulator.create({
        config, logger, engine, processMetrics: true, simulatorThread: config.simulatorThread === true,
        // Served while the monitor's own engine still boots: it is a component of its own, and reports itself starting.
        deferMonitor: true, onDeferredFailure: () => requestStop(EXIT.failure),
      });
      simulator.serve(listener!);
    }
    if (!stopReason) {
      const { address } = listener!;
      logger.info({ url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}` }, 'gwsim is serving the management API');
      await stopRequested;
    }
    exitCode = stopReason?.code ?? EXIT.ok;
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.flush();
      console.error(`gwsim: ${error.message}`);
      exitCode = EXIT.usage;
    } else {
      logger.error({ err: error }, 'start-up failed');
      logger.flush();
      console.error(`gwsim: could not start: ${error instanceof Error ? error.message : String(error)}`);
      exitCode = EXIT.failure;
    }
  }
  try {
    if (simulator) await simulator.stop();
    else {
      await listener?.close(0);
      if (engine) await (await engine.catch(() => undefined))?.close();
    }
    await lock?.release();
    if (exitCode === EXIT.ok || stopReason) logger.info({}, 'stopped');
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    exitCode = EXIT.failure;
  }
  logger.flush();
  return exitCode;
}

async function bind(config: AppConfig): Promise<HttpListener> {
  try {
    return await HttpListener.bind(config.port, config.host);
  } catch (error) {
    throw listenProblem(error, config.port, config.host) ?? error;
  }
}

/** A listen failure caused by PORT or HOST, as a configuration error naming the variable; undefined for others. */
function listenProblem(error: unknown, port: number, host: string): ConfigError | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'EADDRINUSE': return new ConfigError('PORT', `${port} is already in use on ${host}`);
    case 'EACCES': return new ConfigError('PORT', `${port} cannot be listened on without privileges`);
    case 'EADDRNOTAVAIL': return new ConfigError('HOST', `'${host}' is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME': return new ConfigError('HOST', `'${host}' does not resolve to an address (${String(code)})`);
    default: return undefined;
  }
}
