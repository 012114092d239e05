import { inject, injectable, optional } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { MonitorSettingsCache } from '../../settings/application/MonitorSettingsCache.js';
import { MonitorAvailability } from './MonitorAvailability.js';
import { MonitorRepository } from './MonitorRepository.js';
import { MonitorTuning } from './MonitorTuning.js';

/**
 * What retention does in this thread: `trims` (it re-reads the store's counters, and keeps the rows within the
 * maximum), or `follows` (another thread writes and trims them — the simulator's thread, see SimulatorThread — and
 * this one only re-reads the counters once a second, so that what it answers from them, such as callHistory/get's
 * total, follows; one trimming thread of two is enough work).
 */
export class RetentionRole {
  constructor(readonly role: 'trims' | 'follows' = 'trims') {}
}

/** How often a thread whose retention follows re-reads the counters. */
export const FOLLOW_USAGE_MS = 1000;

/**
 * Keeps each lab's call history within its configured maximum: every retentionIntervalMs it reads the store's
 * counters again (other processes on a server database store rows too) and deletes the oldest calls beyond it (with
 * their SIP messages and recordings), retentionChunk calls per statement, outside any request. It also probes a
 * store marked unreachable, and marks it reachable again once it answers.
 */
@injectable()
export class MonitorRetention extends BackgroundService {
  readonly name = 'monitor retention';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
    @inject(MonitorSettingsCache) private readonly settings: MonitorSettingsCache,
    @inject(MonitorTuning) private readonly tuning: MonitorTuning,
    @inject(Logger) private readonly logger: Logger,
    @inject(RetentionRole) @optional() private readonly role: RetentionRole = new RetentionRole(),
  ) {
    super();
  }

  async start(): Promise<void> {
    this.stopped = false;
    const interval =
      this.role.role === 'follows'
        ? Math.min(FOLLOW_USAGE_MS, this.tuning.retentionIntervalMs)
        : this.tuning.retentionIntervalMs;
    this.timer = setInterval(() => {
      void this.runOnce();
    }, interval);
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
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * A store marked unreachable is asked again now (resolves with whether it can be reached): the retention pass does
   * it every round, and a simulator that catches up with a lab does it before its calls are recorded.
   */
  async probe(): Promise<boolean> {
    if (!this.availability.storeDown()) return true;
    try {
      await this.store.ping();
      this.availability.storeUnreachable(undefined);
      this.logger.info({}, 'the monitor store can be reached again');
      return true;
    } catch {
      return false;
    }
  }

  private async pass(): Promise<void> {
    if (!(await this.probe())) return;
    // the counters read again first: on a server database other processes store and trim the same labs' rows
    try {
      await this.store.open();
    } catch (error) {
      this.logger.warn({ err: error }, "the monitor's counters could not be read again; the next pass tries again");
      return;
    }
    if (this.role.role === 'follows') return;
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
