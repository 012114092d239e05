import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { Authenticator } from '../shared/application/Authenticator.js';
import { BackgroundService } from '../shared/application/BackgroundService.js';
import { LabLeases } from '../shared/application/LabLeases.js';
import { buildSimulatorContainer } from './buildSimulatorContainer.js';
import { createHttpApp, requestListener } from './http/HttpApp.js';
import { SERVED_OPERATIONS } from './operations.js';
import type { OperationDefinition } from '../shared/interface/http/Operation.js';
import type { SimulatorThread } from './SimulatorThread.js';
import { HttpListener } from './HttpListener.js';
import { LabPortListeners } from './LabPortListeners.js';
import { InProcessGatewayRequests } from './http/InProcessGatewayRequests.js';
import type { DemoOutcome } from './demo/DemoLoader.js';
import type { SimulatorOptions } from './SimulatorOptions.js';
import { SimulatorStores } from './SimulatorStores.js';
import { MonitorStart } from './MonitorStart.js';
import { runStartupTasks } from './runStartupTasks.js';
import { exportSimulatorFigures } from './exportSimulatorFigures.js';
import { DemoStart } from './DemoStart.js';
import { startSimulatorThread } from './startSimulatorThread.js';
import { readLabSip, type LabSip } from './readLabSip.js';

export type { SimulatorOptions } from './SimulatorOptions.js';
export { MONITOR_STARTING } from './MonitorStart.js';

/** The running gateway simulator: store, container, start-up tasks, HTTP listener, graceful stop. */
export class GatewaySimulator {
  private listener: HttpListener | undefined;
  private labPorts: Promise<void> | undefined;
  /** The simulator's thread, when it runs in one (see SimulatorOptions.simulatorThread). */
  private thread: SimulatorThread | undefined;
  /** The HTTP application's handler once it serves (what the listener runs; tests send requests to it in process). */
  handler: RequestListener | undefined;
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

  /**
   * Starts a simulator, in this order: the stores are made (the monitor's beside the main one), the container is built
   * while they open, the main store is waited for, then the monitor's (unless deferred), the start-up tasks run
   * (seeding), the simulator's figures are exported, the demo's configuration is installed; then, once the monitor's
   * store is open (in the background when deferred), the background services, the simulator's thread and the demo's
   * traffic start. A failure closes the stores.
   */
  static async create(options: SimulatorOptions): Promise<GatewaySimulator> {
    const stores = await SimulatorStores.open(options);
    try {
      const built = buildSimulatorContainer(options, stores);
      const { container } = built;
      await stores.mainOpened(options.logger);
      const monitor = new MonitorStart(options, stores, container);
      await monitor.openUnlessDeferred();
      if (options.runStartupTasks !== false) await runStartupTasks(container);
      const simulator = new GatewaySimulator(container, stores.dataSource, stores.monitorDataSource, options);
      exportSimulatorFigures(container, built.threadKey ? () => simulator.thread?.figures() : undefined);
      if (options.runStartupTasks !== false) {
        const demo = await DemoStart.install(container, options.config);
        const { started } = await monitor.whenOpen(async () => {
          await simulator.startServices();
          simulator.thread = await startSimulatorThread(options, stores, built);
          if (demo) simulator.demo = await demo.startTraffic();
        });
        simulator.started = started;
      }
      return simulator;
    } catch (error) {
      await stores.closeQuietly();
      throw error;
    }
  }

  /** Starts the HTTP listener on the operation table (tests may add operations of their own); resolves with the bound address. */
  async listen(
    port = this.options.config.port,
    host = this.options.config.host,
    operations: readonly OperationDefinition[] = SERVED_OPERATIONS,
  ): Promise<AddressInfo> {
    const listener = await HttpListener.bind(port, host);
    this.serve(listener, operations);
    return listener.address;
  }

  /** Serves the management API on a listener bound earlier (see HttpListener.bind); the simulator's stop closes it. */
  serve(listener: HttpListener, operations: readonly OperationDefinition[] = SERVED_OPERATIONS): void {
    // The simulator's thread serves the API for the requests forwarded to it; the labs' own ports are the API thread's.
    const labPorts = this.options.inSimulatorThread === undefined;
    const handler = requestListener(createHttpApp(this.container, operations));
    listener.serve(handler);
    this.handler = handler;
    this.listener = listener;
    // where the other processes of a shared server forward this process's labs' live requests
    const { address, port } = listener.address;
    const host =
      this.options.config.advertiseUrl ??
      `http://${address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address}:${port}`;
    this.container.get(LabLeases).advertise(host.replace(/\/+$/, ''));
    this.container.get(InProcessGatewayRequests).attach(handler);
    // the labs made with a port of their own, served there too (a port that cannot be had is logged)
    if (labPorts) this.labPorts = this.container.get(LabPortListeners).attach(handler, listener.address.address);
  }

  get address(): AddressInfo | undefined {
    return this.listener?.address;
  }

  /** Each lab's real SIP as the labs' simulators have it (in their thread, as it started), for the start-up summary. */
  labSip(): readonly LabSip[] {
    return this.thread ? this.thread.sipAtStart : readLabSip(this.container);
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
