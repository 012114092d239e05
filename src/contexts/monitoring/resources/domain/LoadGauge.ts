import type { LabId } from '../../../../shared/domain/LabId.js';

/**
 * How busy the lab's gateway is, as a port: resource readings grow with it. Sessions come from the session
 * simulator (0 while none runs), stored bytes from the monitor's counters, buffered bytes from the monitor's
 * queues waiting to be written.
 */
export abstract class LoadGauge {
  /** Concurrent sessions in the lab. */
  abstract activeSessions(lab: LabId): number;
  /** Bytes of stored call history, recordings and traces in the lab. */
  abstract storedBytes(lab: LabId): number;
  /** Bytes held in memory waiting to be stored (all labs). */
  abstract bufferedBytes(): number;
}
