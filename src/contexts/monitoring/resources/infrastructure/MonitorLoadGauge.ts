import { inject, injectable, optional } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../history/application/BatchingMonitorSinks.js';
import { LiveSessions } from '../../history/application/MonitorSinks.js';
import { MonitorRepository } from '../../history/application/MonitorRepository.js';
import { LoadGauge } from '../domain/LoadGauge.js';

/** A row waiting in the sinks' queues costs about this much memory (a SIP message with SDP is around 1 kB). */
const BYTES_PER_PENDING_ROW = 1500;

/**
 * The load the gateway carries: live sessions from the session simulator (LiveSessions, bound by the simulation
 * context; 0 when nothing binds it), stored bytes from the monitor store's counters, and the sinks' queues.
 */
@injectable()
export class MonitorLoadGauge extends LoadGauge {
  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(BatchingMonitorSinks) private readonly sinks: BatchingMonitorSinks,
    @inject(LiveSessions) @optional() private readonly live: LiveSessions | undefined,
  ) {
    super();
  }

  activeSessions(lab: LabId): number {
    return this.live?.count(lab) ?? 0;
  }

  storedBytes(lab: LabId): number {
    return this.store.usage(lab).bytes;
  }

  bufferedBytes(): number {
    return this.sinks.counters().pendingRows * BYTES_PER_PENDING_ROW;
  }
}
