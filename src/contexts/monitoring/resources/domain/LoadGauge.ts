import type { LabId } from '../../../../shared/domain/LabId.js';

/**
 * How busy the lab's gateway is, as a port: the session simulator reports its load here, and resource
 * readings grow with it. Before the simulator runs, the load is 0 (an idle gateway).
 */
export abstract class LoadGauge {
  /** Concurrent sessions in the lab. */
  abstract activeSessions(lab: LabId): number;
  /** Bytes of stored call history, recordings and traces in the lab. */
  abstract storedBytes(lab: LabId): number;
}
