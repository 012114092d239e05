import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { BatchingMonitorSinks } from './BatchingMonitorSinks.js';
import { DiskGuardedMonitorSinks } from './DiskGuardedMonitorSinks.js';
import { MonitorRepository } from './MonitorRepository.js';

/** What the monitor holds and has lost for one lab, from counters kept in memory (no I/O): for metrics and benchmarks. */
export interface MonitorFigureSet {
  /** Rows held in the monitor's store. */
  readonly callRecords: number;
  readonly sipMessages: number;
  readonly recordings: number;
  readonly storedBytes: number;
}

/** The monitor's figures: rows held per lab, and rows written, dropped and waiting since the start (all labs). */
@injectable()
export class MonitorFigures {
  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(BatchingMonitorSinks) private readonly sinks: BatchingMonitorSinks,
    @inject(DiskGuardedMonitorSinks) private readonly disk: DiskGuardedMonitorSinks,
  ) {}

  of(lab: LabId): MonitorFigureSet {
    const usage = this.store.usage(lab);
    return {
      callRecords: usage.calls,
      sipMessages: usage.messages,
      recordings: usage.recordings,
      storedBytes: usage.bytes,
    };
  }

  /** Rows the sinks lost (monitor unreachable, queues over their bound, a write failed twice, a full disk), of every kind. */
  droppedRows(): number {
    const { dropped } = this.sinks.counters();
    return [...Object.values(dropped), ...Object.values(this.disk.dropped())].reduce((sum, n) => sum + n, 0);
  }

  /** Rows waiting in the sinks' queues. */
  pendingRows(): number {
    return this.sinks.counters().pendingRows;
  }
}
