import { inject, injectable } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { MonitorSettingsCache } from '../../settings/application/MonitorSettingsCache.js';
import { MonitorAvailability } from './MonitorAvailability.js';
import { MonitorStore } from './MonitorStore.js';
import { MonitorTuning } from './MonitorTuning.js';

/**
 * Keeps each lab's call history within its configured maximum: every retentionIntervalMs it deletes the oldest
 * calls beyond it (with their SIP messages and recordings), retentionChunk calls per statement, outside any
 * request. It also probes a store marked unreachable, and marks it reachable again once it answers.
 */
@injectable()
export class MonitorRetention extends BackgroundService {
  readonly name = 'monitor retention';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    @inject(MonitorStore) private readonly store: MonitorStore,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
    @inject(MonitorSettingsCache) private readonly settings: MonitorSettingsCache,
    @inject(MonitorTuning) private readonly tuning: MonitorTuning,
    @inject(Logger) private readonly logger: Logger,
  ) {
    super();
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.timer = setInterval(() => { void this.runOnce(); }, this.tuning.retentionIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over every lab (a pass still running is joined, never doubled). Resolves with the calls deleted. */
  runOnce(): Promise<void> {
    this.running ??= this.pass().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async pass(): Promise<void> {
    if (this.availability.storeDown()) {
      try {
        await this.store.ping();
        this.availability.storeUnreachable(undefined);
        this.logger.info({}, 'the monitor store can be reached again');
      } catch {
        return;
      }
    }
    for (const lab of this.store.labs()) {
      if (this.stopped) return;
      try {
        const { maximumRecords } = (await this.settings.settings(lab)).callHistory;
        while (!this.stopped && this.store.usage(lab).calls > maximumRecords) {
          const removed = await this.store.trimCalls(lab, maximumRecords, this.tuning.retentionChunk);
          if (removed.calls === 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        this.logger.warn({ err: error, lab }, 'monitor retention failed for a lab; it is tried again on the next pass');
      }
    }
  }
}
