import { injectable } from 'inversify';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import {
  hasConditions,
  matchesQuery,
  newestFirst,
  type CallHistoryPage,
  type CallHistoryQuery,
} from '../../domain/CallHistoryQuery.js';
import type { CallHistoryEntry, RecordingEntry } from '../../domain/MonitorRecords.js';
import { callBytes, messageBytes, recordingBytes, type StoredMessage } from '../../domain/StoredMessage.js';
import type { MessageRows } from '../../application/MessageRows.js';
import {
  MonitorRepository,
  NO_USAGE,
  type LabRow,
  type MonitorUsage,
  type TrimResult,
} from '../../application/MonitorRepository.js';

interface LabData {
  readonly calls: Map<string, CallHistoryEntry>;
  readonly messages: Map<string, StoredMessage[]>;
  readonly recordings: Map<string, RecordingEntry>;
  usage: MonitorUsage;
}

/** The monitor's store in memory: for a gateway without a database (tests), held to the same contract as the TypeORM one. */
@injectable()
export class InMemoryMonitorRepository extends MonitorRepository {
  private readonly data = new Map<LabId, LabData>();
  /** Statements a database would have run, per table: the sinks' tests count batches with it. */
  readonly statements = { calls: 0, messages: 0, recordings: 0 };

  async open(): Promise<void> {}

  async ping(): Promise<void> {}

  async forgetLab(lab: LabId): Promise<void> {
    this.data.delete(lab);
  }

  private lab(lab: LabId): LabData {
    let data = this.data.get(lab);
    if (!data) {
      data = { calls: new Map(), messages: new Map(), recordings: new Map(), usage: NO_USAGE };
      this.data.set(lab, data);
    }
    return data;
  }

  private count(lab: LabId, change: Partial<MonitorUsage>): void {
    const data = this.lab(lab);
    const u = data.usage;
    data.usage = {
      calls: u.calls + (change.calls ?? 0),
      messages: u.messages + (change.messages ?? 0),
      recordings: u.recordings + (change.recordings ?? 0),
      bytes: u.bytes + (change.bytes ?? 0),
    };
  }

  async insertCalls(rows: readonly LabRow<CallHistoryEntry>[]): Promise<void> {
    if (rows.length === 0) return;
    this.statements.calls += 1;
    for (const { lab, row } of rows) {
      const data = this.lab(lab);
      if (data.calls.has(row.sessionIdentifier)) continue;
      data.calls.set(row.sessionIdentifier, row);
      this.count(lab, { calls: 1, bytes: callBytes(row) });
    }
  }

  async insertMessages(encoded: MessageRows): Promise<void> {
    if (encoded.length === 0) return;
    this.statements.messages += 1;
    for (const { lab, row } of encoded.rows()) {
      const data = this.lab(lab);
      const list = data.messages.get(row.sessionIdentifier) ?? [];
      list.push(row);
      data.messages.set(row.sessionIdentifier, list);
      this.count(lab, { messages: 1, bytes: messageBytes(row) });
    }
  }

  async insertRecordings(rows: readonly LabRow<RecordingEntry>[]): Promise<void> {
    if (rows.length === 0) return;
    this.statements.recordings += 1;
    for (const { lab, row } of rows) {
      const data = this.lab(lab);
      if (data.recordings.has(row.recordingId)) continue;
      data.recordings.set(row.recordingId, row);
      this.count(lab, { recordings: 1, bytes: recordingBytes(row) });
    }
  }

  async queryCalls(lab: LabId, query: CallHistoryQuery): Promise<CallHistoryPage> {
    const all = [...(this.data.get(lab)?.calls.values() ?? [])];
    const matching = hasConditions(query) ? all.filter((entry) => matchesQuery(entry, query)) : all;
    matching.sort(newestFirst);
    return { totalCount: matching.length, entries: matching.slice(query.offset, query.offset + query.count) };
  }

  async messagesOf(lab: LabId, sessionIdentifier: string, systemIdentifier?: string): Promise<StoredMessage[]> {
    const list = this.data.get(lab)?.messages.get(sessionIdentifier) ?? [];
    return list
      .map((message, index) => ({ message, index }))
      .filter(({ message }) => systemIdentifier === undefined || message.systemIdentifier === systemIdentifier)
      .sort((a, b) => a.message.timestampMicros - b.message.timestampMicros || a.index - b.index)
      .map(({ message }) => message);
  }

  async callOf(lab: LabId, sessionIdentifier: string): Promise<CallHistoryEntry | undefined> {
    return this.data.get(lab)?.calls.get(sessionIdentifier);
  }

  async recording(lab: LabId, recordingId: string): Promise<RecordingEntry | undefined> {
    return this.data.get(lab)?.recordings.get(recordingId);
  }

  async trimCalls(lab: LabId, keep: number, limit: number): Promise<TrimResult> {
    const data = this.data.get(lab);
    if (!data || data.calls.size <= keep) return { calls: 0, messages: 0, recordings: 0 };
    const oldest = [...data.calls.values()]
      .sort((a, b) => newestFirst(b, a))
      .slice(0, Math.min(limit, data.calls.size - keep));
    let messages = 0;
    let recordings = 0;
    let bytes = 0;
    for (const call of oldest) {
      data.calls.delete(call.sessionIdentifier);
      bytes += callBytes(call);
      for (const message of data.messages.get(call.sessionIdentifier) ?? []) {
        messages += 1;
        bytes += messageBytes(message);
      }
      data.messages.delete(call.sessionIdentifier);
      for (const [id, recording] of data.recordings) {
        if (recording.sessionIdentifier !== call.sessionIdentifier) continue;
        data.recordings.delete(id);
        recordings += 1;
        bytes += recordingBytes(recording);
      }
    }
    this.count(lab, { calls: -oldest.length, messages: -messages, recordings: -recordings, bytes: -bytes });
    return { calls: oldest.length, messages, recordings };
  }

  usage(lab: LabId): MonitorUsage {
    return this.data.get(lab)?.usage ?? NO_USAGE;
  }

  labs(): LabId[] {
    return [...this.data.keys()];
  }
}
