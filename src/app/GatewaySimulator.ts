import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { MessagePort } from 'node:worker_threads';
import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock } from '../shared/domain/Clock.js';
import type { IdGenerator } from '../shared/domain/IdGenerator.js';
import type { RandomSource } from '../shared/domain/RandomSource.js';
import type { Logger } from '../shared/application/Logger.js';
import { Authenticator } from '../shared/application/Authenticator.js';
import { StartupTask } from '../shared/application/StartupTask.js';
import { BackgroundService } from '../shared/application/BackgroundService.js';
import { LabLeases } from '../shared/application/LabLeases.js';
import type { AppConfig } from './config/AppConfig.js';
import { buildContainer } from './container.js';
import { createHttpApp } from './http/HttpApp.js';
import { SERVED_OPERATIONS } from './operations.js';
import type { OperationDefinition } from '../shared/interface/http/Operation.js';
import { describeStore, prepareDatabase } from './persistence/Database.js';
import { databaseSession as engineSession, type EmbeddedDatabase as EmbeddedEngine } from './persistence/EmbeddedDatabase.js';
import { PortDatabase as PortEngine } from './persistence/PortDatabase.js';
import { SimulatorThread } from './SimulatorThread.js';
import { UnitOfWork } from '../shared/application/UnitOfWork.js';
import type { ApiThreadLeases } from '../shared/infrastructure/ThreadLabLeases.js';
import { ThreadCommits } from '../shared/infrastructure/persistence/ThreadCommits.js';
import { HttpListener } from './HttpListener.js';
import { LabPortListeners } from './LabPortListeners.js';
import { InProcessGatewayRequests } from './http/InProcessGatewayRequests.js';
import { readSimulatorFigures, registerSimulatorMetrics } from './metrics/simulatorMetrics.js';
import { describeMonitorStore, monitorStoreSettings, prepareMonitorDatabase } from './persistence/monitorDatabase.js';
import { MonitorAvailability, type MonitorTuning } from '../contexts/monitoring/index.js';
import type { DemoOutcome } from './demo/DemoLoader.js';

export interface SimulatorOptions {
  readonly config: AppConfig;
  readonly logger: Logger;
  /** 'memory' runs every port on in-memory adapters (no database at all). */
  readonly store?: 'database' | 'memory';
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly ids?: IdGenerator;
  /** False for administrative commands (gwsim admin …) that open the store without serving: no seeding, no start-up tasks. */
  readonly runStartupTasks?: boolean;
  /** The embedded engine when the caller started it already (see startEmbeddedEngine). */
  readonly engine?: Promise<EmbeddedEngine>;
  /** Export Node's process metrics at /_sim/metrics (on for `gwsim serve`; off in tests, which run many simulators in one process). */
  readonly processMetrics?: boolean;
  /** Pacing of the monitor's sinks and retention (tests); the defaults otherwise. */
  readonly monitorTuning?: MonitorTuning;
  /**
   * `gwsim serve`: create resolves (and the API is served) before an embedded monitor store is open; the monitor
   * answers as a component still starting (503 MONITOR_UNREACHABLE, `monitor` a text status in version/get,
   * /_sim/ready not ready) until it is, and then the background services and the demo's traffic start. A server
   * monitor store is always waited for (it opens at once, and an unreachable one is a configuration error).
   */
  readonly deferMonitor?: boolean;
  /** Called when the deferred part of the start (see deferMonitor) fails; the caller stops the simulator. */
  readonly onDeferredFailure?: (error: unknown) => void;
  /**
   * `gwsim serve` on the embedded engine with the simulator thread on: the labs' simulators (engines, SIP, media,
   * history) run in a worker thread of their own (SimulatorThread), on sessions of this thread's engines, and this
   * thread serves the API, forwarding the labs' live requests there.
   */
  readonly simulatorThread?: boolean;
  /**
   * Inside the simulator's thread: the key forwarded requests are signed with and the sessions of the engines of
   * the thread that started it (no migrations run here, no store is made).
   */
  readonly inSimulatorThread?: {
    readonly key: Buffer;
    readonly store: MessagePort;
    readonly monitor: MessagePort | undefined;
    /** The two threads' counts of committed write units (ThreadCommits). */
    readonly commits: SharedArrayBuffer;
  };
}

/** The reason the monitor reports while its deferred store opens. */
export const MONITOR_STARTING = 'it is starting';

/** The running gateway simulator: store, container, start-up tasks, HTTP listener, graceful stop. */
export class GatewaySimulator {
  private listener: HttpListener | undefined;
  private labPorts: Promise<void> | undefined;
  /** The simulator's thread, when it runs in one (see SimulatorOptions.simulatorThread). */
  private thread: SimulatorThread | undefined;
  private stopping: Promise<void> | undefined;
  private readonly running: BackgroundService[] = [];
  /** What the demo loader did at this start; undefined when the demo is off (or not yet known, see `started`). */
  demo: DemoOutcome | undefined;
  /**
   * Settles once the whole start is done: the monitor's store open, the background services started, the demo's
   * traffic running. Resolved when create resolves, except with deferMonitor; it rejects when that part failed.
   */
  started: Promise<void> = Promise.resolve();

  private constructor(
    readonly container: Container,
    private readonly dataSource: DataSource | undefined,
    private readonly monitorDataSource: DataSource | undefined,
    private readonly options: SimulatorOptions,
  ) {}

  static async create(options: SimulatorOptions): Promise<GatewaySimulator> {
    const { config, logger } = options;
    const settings = { databaseUrl: config.databaseUrl, dataDir: config.ephemeral ? undefined : config.dataDir };
    // The monitor's store opens beside the main one (administrative commands never touch it: they keep none).
    const monitorSettings = options.store === 'memory' || options.runStartupTasks === false ? undefined : monitorStoreSettings(config);
    const inThread = options.inSimulatorThread;
    const monitorPrepared = monitorSettings
      ? prepareMonitorDatabase(monitorSettings, inThread?.monitor ? new PortEngine(inThread.monitor) : undefined)
      : undefined;
    const engine = inThread ? Promise.resolve(engineSession(inThread.store)) : options.engine;
    monitorPrepared?.catch(() => undefined);
    let prepared: Awaited<ReturnType<typeof prepareDatabase>> | undefined;
    let monitor: Awaited<ReturnType<typeof prepareMonitorDatabase>> | undefined;
    try {
      prepared = options.store === 'memory' ? undefined : await prepareDatabase(settings, engine);
      monitor = await monitorPrepared;
    } catch (error) {
      await closeQuietly(prepared, await monitorPrepared?.catch(() => undefined));
      throw error;
    }
    const dataSource = prepared?.dataSource;
    const monitorDataSource = monitor?.dataSource;
    try {
      // Built while the stores open (nothing here touches them yet).
      const threadKey = options.simulatorThread === true && !config.databaseUrl && prepared ? randomBytes(32) : undefined;
      const commits = inThread?.commits ?? ThreadCommits.buffer();
      const thread = inThread ? { role: 'simulator' as const, key: inThread.key, commits } : threadKey ? { role: 'api' as const, key: threadKey, commits } : undefined;
      const container = buildContainer({
        config, logger, dataSource, embedded: !config.databaseUrl, monitorDataSource, monitorTuning: options.monitorTuning,
        clock: options.clock, random: options.random, ids: options.ids, processMetrics: options.processMetrics, thread,
      });
      if (prepared) {
        await prepared.opened;
        logger.info({ store: describeStore(settings) }, 'store open, schema up to date');
      }
      const deferred = options.deferMonitor === true && options.runStartupTasks !== false && monitorSettings?.kind === 'embedded';
      const monitorOpened = async () => {
        if (!monitor || !monitorSettings) return;
        await monitor.opened;
        logger.info({ store: describeMonitorStore(monitorSettings) }, 'monitor store open, schema up to date');
      };
      if (!deferred) await monitorOpened();
      const tasks = options.runStartupTasks !== false && container.isBound(StartupTask) ? container.getAll(StartupTask) : [];
      // Started in order (a subscriber is in place before the tasks whose events it hears) and run together: the
      // tasks are independent, and the administrator's password check (a scrypt) overlaps the store work.
      for (const task of tasks.filter((t) => t.first)) await task.run();
      const outcomes = await Promise.allSettled(tasks.filter((t) => !t.first).map((task) => task.run()));
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      const simulator = new GatewaySimulator(container, dataSource, monitorDataSource, options);
      // with the simulator in a thread of its own, its figures are that thread's (told once a second)
      const ownFigures = readSimulatorFigures(container);
      registerSimulatorMetrics(container, threadKey ? () => ({ ...ownFigures(), ...simulator.thread?.figures() }) : ownFigures);
      const startThread = async () => {
        if (!threadKey) return;
        const storeSession = await (await engine)?.attachSession?.();
        if (!storeSession) throw new Error('the embedded engine cannot give the simulator thread a session');
        const monitorSession = await monitor?.attachSession?.();
        simulator.thread = await SimulatorThread.start({ config, key: threadKey, commits, store: storeSession, monitor: monitorSession, logger, unitOfWork: container.get(UnitOfWork), leases: container.get(LabLeases) as ApiThreadLeases, onFailure: (error) => options.onDeferredFailure?.(error) });
      };
      if (options.runStartupTasks !== false) {
        const demo = config.demo ? require('./demo/DemoLoader.js') as typeof import('./demo/DemoLoader.js') : undefined;
        // The demo's configuration is in place before anything is served; its traffic waits for the monitor.
        const installed = demo ? await demo.installDemo(container) : false;
        const availability = container.isBound(MonitorAvailability) ? container.get(MonitorAvailability) : undefined;
        const rest = async () => {
          if (deferred) {
            await monitorOpened();
            availability?.storeUnreachable(undefined);
          }
          await simulator.startServices();
          await startThread();
          if (demo) simulator.demo = await demo.startDemoTraffic(container, installed);
        };
        if (deferred) {
          availability?.storeUnreachable(MONITOR_STARTING);
          simulator.started = rest().catch((error: unknown) => {
            logger.error({ err: error }, 'the monitor or the background services failed to start');
            options.onDeferredFailure?.(error);
            throw error;
          });
          simulator.started.catch(() => undefined);
        } else {
          await rest();
        }
      }
      return simulator;
    } catch (error) {
      await closeQuietly(prepared, monitor);
      throw error;
    }
  }

  /** Starts the HTTP listener on the operation table (tests may add operations of their own); resolves with the bound address. */
  async listen(port = this.options.config.port, host = this.options.config.host, operations: readonly OperationDefinition[] = SERVED_OPERATIONS): Promise<AddressInfo> {
    const listener = await HttpListener.bind(port, host);
    this.serve(listener, operations);
    return listener.address;
  }

  /** Serves the management API on a listener bound earlier (see HttpListener.bind); the simulator's stop closes it. */
  serve(listener: HttpListener, operations: readonly OperationDefinition[] = SERVED_OPERATIONS): void {
    // The simulator's thread serves the API for the requests forwarded to it; the labs' own ports are the API thread's.
    const labPorts = this.options.inSimulatorThread === undefined;
    const handler = createHttpApp(this.container, operations).callback();
    listener.serve(handler);
    this.listener = listener;
    // where the other processes of a shared server forward this process's labs' live requests
    const { address, port } = listener.address;
    const host = this.options.config.advertiseUrl ?? `http://${address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address}:${port}`;
    this.container.get(LabLeases).advertise(host.replace(/\/+$/, ''));
    this.container.get(InProcessGatewayRequests).attach(handler);
    // the labs made with a port of their own, served there too (a port that cannot be had is logged)
    if (labPorts) this.labPorts = this.container.get(LabPortListeners).attach(handler, listener.address.address);
  }

  get address(): AddressInfo | undefined {
    return this.listener?.address;
  }

  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes the store. Idempotent. */
  stop(graceMs = 10000): Promise<void> {
    this.stopping ??= this.doStop(graceMs);
    return this.stopping;
  }

  /** The background services (simulator pump, monitor sinks), started in binding order. */
  private async startServices(): Promise<void> {
    const services = this.container.isBound(BackgroundService) ? this.container.getAll(BackgroundService) : [];
    try {
      for (const service of services) {
        await service.start();
        this.running.push(service);
      }
    } catch (error) {
      await this.stopServices();
      if (this.dataSource?.isInitialized) await this.dataSource.destroy();
      if (this.monitorDataSource?.isInitialized) await this.monitorDataSource.destroy();
      throw error;
    }
  }

  /** Stops the started services in reverse order; one that fails to stop is logged and the rest still stop. */
  private async stopServices(): Promise<void> {
    while (this.running.length > 0) {
      const service = this.running.pop()!;
      try {
        await service.stop();
      } catch (error) {
        this.options.logger.error({ err: error, service: service.name }, 'a background service failed to stop');
      }
    }
  }

  private async doStop(graceMs: number): Promise<void> {
    await this.labPorts;
    await Promise.all([this.listener?.close(graceMs), this.container.get(LabPortListeners).closeAll(graceMs)]);
    await this.started.catch(() => undefined);
    // the simulator's thread first: its sessions of the engines end before they close
    await this.thread?.stop();
    await this.stopServices();
    if (this.container.isBound(Authenticator)) this.container.get(Authenticator).endAllSessions();
    if (this.dataSource?.isInitialized) await this.dataSource.destroy();
    if (this.monitorDataSource?.isInitialized) await this.monitorDataSource.destroy();
  }
}

/** Closes stores that were opening when start-up failed (each once it settled). */
async function closeQuietly(...stores: Array<{ readonly dataSource: DataSource; readonly opened: Promise<void> } | undefined>): Promise<void> {
  for (const store of stores) {
    if (!store) continue;
    await store.opened.catch(() => undefined);
    if (store.dataSource.isInitialized) await store.dataSource.destroy().catch(() => undefined);
  }
}
