import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../../../monitoring/index.js';

/** Where the engine hands what its calls produced (the monitor's sinks, for one lab). Enqueue-only. */
export interface CallRecorder {
  /** Whether messages are kept now: when not, the engine does not build them. */
  keepsMessages(): boolean;
  messages(batch: readonly SipMessageEntry[]): void;
  call(entry: CallHistoryEntry): void;
  recording(entry: RecordingEntry): void;
}

/** What the gates read, refreshed at most about once a second by the application (never per call). */
export interface GateSnapshot {
  /** Whether this system holds the active role of its hot standby pair. */
  readonly thisSystemActive: boolean;
  /** The system identifier the calls carry (the side of the pair this system is). */
  readonly systemIdentifier: string;
  readonly maintenance: boolean;
  /** Concurrent routed sessions the active licenses grant (facility telrtSession). */
  readonly capacity: number;
  /** The machine's CPU load in percent as the overload control sees it (0: not strained). */
  readonly cpuLoad: number;
}
