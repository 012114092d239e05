import type { AppConfig } from '../config/AppConfig.js';
import { ConfigError } from '../config/loadConfig.js';
import { advertisedSipHost } from '../config/advertisedSipHost.js';
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
    const why =
      explicitAdminPassword || process.env['GWSIM_ADMIN_PASSWORD'] !== undefined
        ? 'GWSIM_ADMIN_PASSWORD is the well-known default'
        : 'GWSIM_ADMIN_PASSWORD is not set';
    logger.warn({ user: 'anadmin' }, `${why}: the administrator 'anadmin' has the well-known password 'anadmin'`);
  }
  const stop = new StopRequest();
  const started: Started = {};
  stopOnSignals(logger, stop, () => started.simulator !== undefined);
  let exitCode = await startAndServe(withSipAdvertised(config, logger), logger, stop, started);
  exitCode = await shutDown(started, stop, exitCode, logger);
  logger.flush();
  return exitCode;
}

/**
 * The configuration with the address SIP advertises chosen once, and said, when the SIP listeners bind a wildcard
 * and GWSIM_SIP_ADVERTISE is not set (the simulator's thread takes the same address).
 */
function withSipAdvertised(config: AppConfig, logger: PinoLogger): AppConfig {
  if (config.sipAdvertise !== undefined) return config;
  const chosen = advertisedSipHost(config.sipHost ?? '127.0.0.1');
  if (chosen === undefined) return config;
  logger.info(
    { sipHost: config.sipHost, sipAdvertise: chosen },
    `SIP advertises ${chosen}; set GWSIM_SIP_ADVERTISE to change it`,
  );
  return { ...config, sipAdvertise: chosen };
}

/** Why the process stops, once that is asked for (the first request decides the exit code), and a promise of it. */
class StopRequest {
  reason: { readonly code: number } | undefined;
  readonly requested: Promise<void>;
  private wake: () => void = () => undefined;

  constructor() {
    this.requested = new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  request(code: number): void {
    this.reason ??= { code };
    this.wake();
  }
}

/** What start-up has opened so far: what shutDown closes. */
interface Started {
  lock?: DataDirLock;
  listener?: HttpListener;
  engine?: Promise<EmbeddedDatabase>;
  simulator?: GatewaySimulator;
}

/** SIGTERM and SIGINT ask for a stop with exit code 0; a second signal exits at once. */
function stopOnSignals(logger: PinoLogger, stop: StopRequest, serving: () => boolean): void {
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      logger.warn({ signal }, 'second signal: exiting at once');
      logger.flush();
      process.exit(EXIT.failure);
    }
    logger.info(
      { signal },
      serving() ? 'shutting down: finishing in-flight requests' : 'shutting down: start-up is abandoned',
    );
    stop.request(EXIT.ok);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Starts, then serves until a stop is asked for; resolves with the exit code (that of a start-up failure too). */
async function startAndServe(
  config: AppConfig,
  logger: PinoLogger,
  stop: StopRequest,
  started: Started,
): Promise<number> {
  try {
    await start(config, logger, stop, started);
    if (!stop.reason) {
      const { address } = started.listener!;
      logger.info(
        { url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}` },
        'gwsim is serving the management API',
      );
      await stop.requested;
    }
    return stop.reason?.code ?? EXIT.ok;
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.flush();
      console.error(`gwsim: ${error.message}`);
      return EXIT.usage;
    }
    logger.error({ err: error }, 'start-up failed');
    logger.flush();
    console.error(`gwsim: could not start: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failure;
  }
}

/**
 * The stages of start-up, each only while no stop was asked for: the data-directory lock, the port, the embedded
 * engine in its worker thread, then the application's modules, which start serving on the port.
 */
async function start(config: AppConfig, logger: PinoLogger, stop: StopRequest, started: Started): Promise<void> {
  if (config.dataDir) {
    started.lock = await DataDirLock.acquire(config.dataDir, (error) => {
      logger.error(
        { dataDir: config.dataDir, err: error },
        'the data-directory lock is lost (the directory was removed or cannot be written): stopping',
      );
      stop.request(EXIT.failure);
    });
  }
  if (!stop.reason) started.listener = await bind(config);
  if (!stop.reason && !config.databaseUrl && config.simulatorThread === true) {
    // before any worker thread starts: the simulator's collections run on these too (see lowerNodeThreads)
    logger.debug(
      { threads: lowerNodeThreads(BACKGROUND_NICENESS), niceness: BACKGROUND_NICENESS },
      "Node's own threads run behind the API's thread",
    );
  }
  if (!stop.reason && !config.databaseUrl) {
    // In a worker thread: it boots on one core while the modules below load on the other.
    // A new data directory gets its copy of the template first, so the worker boots it while the modules load.
    const database = await startEmbeddedDatabaseWorker(config.dataDir, (error) => {
      logger.error({ err: error }, 'the embedded engine stopped: stopping');
      stop.request(EXIT.failure);
    });
    started.engine = Promise.resolve(database);
  }
  if (!stop.reason) {
    // Loaded here, not at the top: the checks above fail fast, and the engine boots while these load.
    const { GatewaySimulator } = require('../GatewaySimulator.js') as typeof import('../GatewaySimulator.js');
    started.simulator = await GatewaySimulator.create({
      config,
      logger,
      engine: started.engine,
      processMetrics: true,
      simulatorThread: config.simulatorThread === true,
      // Served while the monitor's own engine still boots: it is a component of its own, and reports itself starting.
      deferMonitor: true,
      onDeferredFailure: () => stop.request(EXIT.failure),
    });
    started.simulator.serve(started.listener!);
    const simulator = started.simulator;
    // once the rest of the start is done (the monitor, the simulator's thread, the demo's traffic): where things are
    void simulator.started.then(
      () => {
        if (stop.reason) return; // stopping: nothing to find
        try {
          summarize(simulator, config, logger);
        } catch (error) {
          logger.warn({ err: error }, 'the start-up summary could not be made');
        }
      },
      () => undefined, // told already (onDeferredFailure)
    );
  }
}

/** The start-up summary (StartupSummary): the URLs, each lab and its listeners, every listener that failed. */
function summarize(simulator: GatewaySimulator, config: AppConfig, logger: PinoLogger): void {
  const { StartupSummary } = require('../StartupSummary.js') as typeof import('../StartupSummary.js');
  const { LabPortListeners } = require('../LabPortListeners.js') as typeof import('../LabPortListeners.js');
  const { LabDirectory } =
    require('../../shared/application/LabDirectory.js') as typeof import('../../shared/application/LabDirectory.js');
  const bound = simulator.address;
  if (!bound) return; // the listener closed meanwhile
  const { address, port } = bound;
  const host =
    address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
  const labPorts = simulator.container.get(LabPortListeners);
  new StartupSummary(logger, config.logFormat !== 'pretty').log({
    base: `http://${host}:${port}`,
    metricsToken: config.metricsToken !== undefined,
    labs: simulator.container.get(LabDirectory).list(),
    sip: simulator.labSip(),
    listeningPort: (lab) => labPorts.address(lab.id)?.port,
  });
}

/** Closes what start-up opened (the application, or the port and the engine), then the lock; resolves with the exit code. */
async function shutDown(started: Started, stop: StopRequest, exitCode: number, logger: PinoLogger): Promise<number> {
  try {
    if (started.simulator) await started.simulator.stop();
    else {
      await started.listener?.close(0);
      if (started.engine) await (await started.engine.catch(() => undefined))?.close();
    }
    await started.lock?.release();
    if (exitCode === EXIT.ok || stop.reason) logger.info({}, 'stopped');
    return exitCode;
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    return EXIT.failure;
  }
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
    case 'EADDRINUSE':
      return new ConfigError('PORT', `${port} is already in use on ${host}`);
    case 'EACCES':
      return new ConfigError('PORT', `${port} cannot be listened on without privileges`);
    case 'EADDRNOTAVAIL':
      return new ConfigError('HOST', `'${host}' is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new ConfigError('HOST', `'${host}' does not resolve to an address (${String(code)})`);
    default:
      return undefined;
  }
}
