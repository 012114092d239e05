import type { LabId } from '../../../../shared/domain/LabId.js';
import type { CallHistoryPage, CallHistoryQuery } from '../domain/CallHistoryQuery.js';
import type { CallHistoryEntry, RecordingEntry } from '../domain/MonitorRecords.js';
import type { StoredMessage } from '../domain/StoredMessage.js';
import type { MessageRows } from './MessageRows.js';

/** A row of a batch with its lab: a batch carries the rows of every lab. */
export interface LabRow<T> {
  readonly lab: LabId;
  readonly row: T;
}

/** What the store holds for a lab: rows per table and their size. Kept as counters, never counted per request. */
export interface MonitorUsage {
  readonly calls: number;
  readonly messages: number;
  readonly recordings: number;
  readonly bytes: number;
}

export const NO_USAGE: MonitorUsage = Object.freeze({ calls: 0, messages: 0, recordings: 0, bytes: 0 });

/** What one retention step removed. */
export interface TrimResult {
  readonly calls: number;
  readonly messages: number;
  readonly recordings: number;
}

/**
 * The monitor's own store (a database apart from the configuration's): call history, SIP messages and recordings
 * per lab, written in batches by the sinks and trimmed by retention. Each `insert…` writes its rows as one
 * statement per table (chunked only to stay under the database's parameter limit). A store that cannot be
 * reached throws; the adapter also tells MonitorAvailability.
 */
export abstract class MonitorRepository {
  /** Makes the counters current: read at start, and again by retention before each pass (others may write the store). */
  abstract open(): Promise<void>;
  abstract insertCalls(rows: readonly LabRow<CallHistoryEntry>[]): Promise<void>;
  abstract insertMessages(rows: MessageRows): Promise<void>;
  abstract insertRecordings(rows: readonly LabRow<RecordingEntry>[]): Promise<void>;

  abstract queryCalls(lab: LabId, query: CallHistoryQuery): Promise<CallHistoryPage>;
  /** The session's messages in time order (then in the order they were stored); only one system's when given. */
  abstract messagesOf(lab: LabId, sessionIdentifier: string, systemIdentifier?: string): Promise<StoredMessage[]>;
  abstract callOf(lab: LabId, sessionIdentifier: string): Promise<CallHistoryEntry | undefined>;
  abstract recording(lab: LabId, recordingId: string): Promise<RecordingEntry | undefined>;

  /**
   * Deletes up to `limit` of the lab's oldest calls (start time) beyond `keep`, with their messages and recordings;
   * beyond `keep` as the store counts them at that moment, so trims from several processes never delete more.
   */
  abstract trimCalls(lab: LabId, keep: number, limit: number): Promise<TrimResult>;

  /** The lab's counters (no I/O). */
  abstract usage(lab: LabId): MonitorUsage;
  /** The labs that hold rows (no I/O). */
  abstract labs(): LabId[];
  /** Answers when the store can be reached; throws otherwise. */
  abstract ping(): Promise<void>;
  /** Deletes everything kept of a removed lab (its calls, messages, recordings and usage). */
  abstract forgetLab(lab: LabId): Promise<void>;
}
