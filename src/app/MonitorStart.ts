import type { Container } from 'inversify';
import { MonitorAvailability } from '../contexts/monitoring/index.js';
import type { SimulatorOptions } from './SimulatorOptions.js';
import type { SimulatorStores } from './SimulatorStores.js';

/** The reason the monitor reports while its deferred store opens. */
export const MONITOR_STARTING = 'it is starting';

/**
 * The monitor's store coming up: waited for before the start-up tasks, or, with deferMonitor on the embedded
 * engine, after the API is served (see SimulatorOptions.deferMonitor), the monitor answering as a component still
 * starting until then. What needs the monitor (background services, the simulator's thread, the demo's traffic)
 * runs once it is open.
 */
export class MonitorStart {
  readonly deferred: boolean;

  constructor(
    private readonly options: SimulatorOptions,
    private readonly stores: SimulatorStores,
    private readonly container: Container,
  ) {
    this.deferred =
      options.deferMonitor === true && options.runStartupTasks !== false && stores.monitorSettings?.kind === 'embedded';
  }

  /** Waits for the monitor's store, unless that is deferred. */
  async openUnlessDeferred(): Promise<void> {
    if (!this.deferred) await this.stores.monitorOpened(this.options.logger);
  }

  /**
   * Runs `rest` once the monitor's store is open: now, resolving once it is done, or, deferred, in the background;
   * `started` settles when it is done (a failure is logged and told to onDeferredFailure, and rejects it).
   */
  async whenOpen(rest: () => Promise<void>): Promise<{ readonly started: Promise<void> }> {
    const availability = this.container.isBound(MonitorAvailability)
      ? this.container.get(MonitorAvailability)
      : undefined;
    if (!this.deferred) {
      await rest();
      return { started: Promise.resolve() };
    }
    availability?.storeUnreachable(MONITOR_STARTING);
    const started = (async () => {
      await this.stores.monitorOpened(this.options.logger);
      availability?.storeUnreachable(undefined);
      await rest();
    })().catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'the monitor or the background services failed to start');
      this.options.onDeferredFailure?.(error);
      throw error;
    });
    started.catch(() => undefined);
    return { started };
  }
}
