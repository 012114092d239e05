import type { LabId } from '../../../../shared/domain/LabId.js';
import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../domain/MonitorRecords.js';

/**
 * The session simulator's write port into the monitor. Every method only enqueues and returns at once: the
 * monitor's sinks write in batches (multi-row INSERT every ~100 ms or N rows), in its own store, never inside a
 * lab's configuration write unit. What the monitor's settings say not to keep (SIP flow recording off, call
 * history off) is dropped here; when the monitor is unreachable nothing is kept either, as on the real product.
 */
export abstract class MonitorSinks {
  abstract recordCall(lab: LabId, entry: CallHistoryEntry): void;
  abstract recordMessages(lab: LabId, messages: readonly SipMessageEntry[]): void;
  abstract recordRecording(lab: LabId, entry: RecordingEntry): void;
  /** Whether SIP messages would be kept now (the simulator may skip building them when not). */
  abstract keepsMessages(lab: LabId): boolean;

  /** Resolves once what was recorded so far is in the store (a scenario's check reads the history up to its instant). */
  async flush(): Promise<void> {
    // sinks that write at once hold nothing back
  }
}

/**
 * How many sessions the lab's gateway carries now, as a port the simulator implements (resources/get and
 * the metrics read it). 0 when no simulator is bound.
 */
export abstract class LiveSessions {
  abstract count(lab: LabId): number;
}
