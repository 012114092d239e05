import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { MonitorSettingsCache } from '../../settings/application/MonitorSettingsCache.js';
import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../domain/MonitorRecords.js';
import { MessageRows } from './MessageRows.js';
import { MonitorAvailability } from './MonitorAvailability.js';
import { MonitorSinks } from './MonitorSinks.js';
import { MonitorRepository, type LabRow } from './MonitorRepository.js';
import { MonitorTuning } from './MonitorTuning.js';

type Kind = 'calls' | 'messages' | 'recordings';

/** Rows cut together: written as one INSERT per table. */
class Batch {
  readonly calls: LabRow<CallHistoryEntry>[] = [];
  /** Kept as JSON outside the heap from the moment they are recorded (see MessageRows). */
  readonly messages = new MessageRows();
  readonly recordings: LabRow<RecordingEntry>[] = [];

  get size(): number {
    return this.calls.length + this.messages.length + this.recordings.length;
  }
}

export interface SinkCounters {
  /** Rows waiting to be written. */
  readonly pendingRows: number;
  /** Rows written to the store. */
  readonly written: Readonly<Record<Kind, number>>;
  /** Rows lost: the monitor unreachable, queues over their bound, or a write that failed twice. */
  readonly dropped: Readonly<Record<Kind, number>>;
  /** Rows not kept because the settings say so (call history or SIP flow recording off). */
  readonly notKept: Readonly<Record<Kind, number>>;
  /** Batches written. */
  readonly batches: number;
}

const zero = (): Record<Kind, number> => ({ calls: 0, messages: 0, recordings: 0 });

/**
 * The simulator's write port into the monitor, and the background service that writes what it gets. Every
 * record call only enqueues (never waits, never throws). Rows are cut into a batch every flushIntervalMs or as
 * soon as one table's queue holds batchRows rows; batches are written one after the other, one multi-row
 * INSERT per table each. A batch whose write fails is tried once more, then dropped with a log line. At most
 * maxPendingRows wait: beyond, the oldest SIP messages go first (then the oldest calls and recordings), and
 * every dropped row is counted. While the lab's monitor is unreachable, nothing is kept. stop() writes all
 * that waits.
 */
@injectable()
export class BatchingMonitorSinks extends MonitorSinks implements BackgroundService {
  readonly name = 'monitor sinks';
  private queue = new Batch();
  private readonly cut: Batch[] = [];
  private pending = 0;
  private draining: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly written = zero();
  private readonly dropped = zero();
  private readonly notKept = zero();
  private batches = 0;

  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
    @inject(MonitorSettingsCache) private readonly settings: MonitorSettingsCache,
    @inject(MonitorTuning) private readonly tuning: MonitorTuning,
    @inject(Logger) private readonly logger: Logger,
  ) {
    super();
  }

  async start(): Promise<void> {
    await this.store.open();
    this.timer = setInterval(() => this.cutBatch(), this.tuning.flushIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    this.stopped = true;
  }

  /** Cuts what is queued and resolves once everything cut so far is written (or dropped). */
  override async flush(): Promise<void> {
    this.cutBatch();
    while (this.draining) await this.draining;
  }

  counters(): SinkCounters {
    return {
      pendingRows: this.pending,
      written: { ...this.written },
      dropped: { ...this.dropped },
      notKept: { ...this.notKept },
      batches: this.batches,
    };
  }

  recordCall(lab: LabId, entry: CallHistoryEntry): void {
    if (!this.accepts(lab, 'calls', 1)) return;
    if (!this.settings.current(lab).callHistory.enabled) {
      this.notKept.calls += 1;
      return;
    }
    this.enqueue('calls', { lab, row: entry });
  }

  recordMessages(lab: LabId, messages: readonly SipMessageEntry[]): void {
    if (messages.length === 0 || !this.accepts(lab, 'messages', messages.length)) return;
    const flow = this.settings.current(lab).sipFlow;
    if (!flow.enabled) {
      this.notKept.messages += messages.length;
      return;
    }
    for (const message of messages) {
      this.queue.messages.add(lab, message, flow.maximumMessageLength);
      this.enqueued('messages');
    }
  }

  recordRecording(lab: LabId, entry: RecordingEntry): void {
    if (!this.accepts(lab, 'recordings', 1)) return;
    this.enqueue('recordings', { lab, row: entry });
  }

  keepsMessages(lab: LabId): boolean {
    return !this.stopped && this.availability.status(lab).reachable && this.settings.current(lab).sipFlow.enabled;
  }

  private accepts(lab: LabId, kind: Kind, rows: number): boolean {
    if (!this.stopped && this.availability.status(lab).reachable) return true;
    this.dropped[kind] += rows;
    return false;
  }

  private enqueue(kind: 'calls' | 'recordings', row: LabRow<CallHistoryEntry> | LabRow<RecordingEntry>): void {
    (this.queue[kind] as unknown[]).push(row);
    this.enqueued(kind);
  }

  /** One row more in the queue of `kind`: the bound, and the batch cut when that queue is full. */
  private enqueued(kind: Kind): void {
    this.pending += 1;
    if (this.pending > this.tuning.maxPendingRows) this.shed();
    if (this.queue[kind].length >= this.tuning.batchRows) this.cutBatch();
  }

  /** Drops the oldest rows waiting until the bound holds again: SIP messages first, then calls and recordings. */
  private shed(): void {
    for (const kind of ['messages', 'calls', 'recordings'] as const) {
      for (const batch of [...this.cut, this.queue]) {
        const excess = this.pending - this.tuning.maxPendingRows;
        if (excess <= 0) return;
        const removed =
          kind === 'messages'
            ? batch.messages.dropOldest(excess)
            : batch[kind].splice(0, Math.min(excess, batch[kind].length)).length;
        this.pending -= removed;
        this.dropped[kind] += removed;
      }
    }
  }

  private cutBatch(): void {
    if (this.queue.size === 0) return;
    this.cut.push(this.queue);
    this.queue = new Batch();
    this.startDrain();
  }

  private startDrain(): void {
    if (this.draining || this.cut.length === 0) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      this.startDrain();
    });
  }

  private async drain(): Promise<void> {
    for (let batch = this.cut.shift(); batch; batch = this.cut.shift()) {
      this.pending -= batch.size;
      await this.write(batch);
    }
  }

  private async write(batch: Batch): Promise<void> {
    const labs = new Set<LabId>([...batch.calls.map((r) => r.lab), ...batch.messages.labs()]);
    // What the lab's current settings say not to keep (the queue may have been filled before they were read).
    const settings = new Map(
      await Promise.all([...labs].map(async (lab) => [lab, await this.settings.settings(lab)] as const)),
    );
    const calls = batch.calls.filter((r) => settings.get(r.lab)!.callHistory.enabled);
    const messages = batch.messages.only((lab) => settings.get(lab)!.sipFlow.enabled);
    this.notKept.calls += batch.calls.length - calls.length;
    this.notKept.messages += batch.messages.length - messages.length;
    await this.insert('calls', calls, (rows) => this.store.insertCalls(rows));
    await this.insert('messages', messages, (rows) => this.store.insertMessages(rows));
    await this.insert('recordings', batch.recordings, (rows) => this.store.insertRecordings(rows));
    this.batches += 1;
  }

  private async insert<T extends { readonly length: number }>(
    kind: Kind,
    rows: T,
    insert: (rows: T) => Promise<void>,
  ): Promise<void> {
    if (rows.length === 0) return;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await insert(rows);
        this.written[kind] += rows.length;
        return;
      } catch (error) {
        if (attempt >= 2) {
          this.dropped[kind] += rows.length;
          this.logger.error(
            { err: error, table: kind, rows: rows.length },
            'the monitor could not store a batch twice: its rows are dropped',
          );
          return;
        }
      }
    }
  }
}
