import { inject, injectable, optional } from 'inversify';
import { Logger } from '../../../../../shared/application/Logger.js';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { hasConditions, type CallHistoryPage, type CallHistoryQuery } from '../../domain/CallHistoryQuery.js';
import type { CallHistoryEntry, RecordingEntry } from '../../domain/MonitorRecords.js';
import { callBytes, recordingBytes, type StoredMessage } from '../../domain/StoredMessage.js';
import { MonitorAvailability } from '../../application/MonitorAvailability.js';
import type { MessageRows } from '../../application/MessageRows.js';
import {
  MonitorRepository,
  NO_USAGE,
  type LabRow,
  type MonitorUsage,
  type TrimResult,
} from '../../application/MonitorRepository.js';
import { callHistoryCondition, callHistoryCount } from './callHistorySql.js';
import {
  CALL_COLUMNS,
  callParams,
  callRowToEntry,
  INSERT_ENCODED_MESSAGES_SQL,
  MESSAGE_COLUMNS,
  messageRowToEntry,
  textSafeJson,
  RECORDING_COLUMNS,
  recordingParams,
  recordingRowToEntry,
  type Row,
} from './monitorRows.js';
import { MonitorDatabase } from './MonitorDatabase.js';

/** PostgreSQL's limit on the parameters of one statement. */
const MAX_PARAMETERS = 65_535;

/** Rows per statement when they go as one JSON parameter (bounds one statement's text and memory). */
const JSON_ROWS_PER_STATEMENT = 5_000;

/** Errors that say the store cannot be reached (rather than that a statement was wrong). */
function isConnectionError(error: unknown): boolean {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (
    typeof code === 'string' &&
    (/^08/.test(code) ||
      [
        '57P01',
        '57P02',
        '57P03',
        'ECONNREFUSED',
        'ECONNRESET',
        'ETIMEDOUT',
        'ENOTFOUND',
        'EPIPE',
        'EHOSTUNREACH',
      ].includes(code))
  )
    return true;
  return (
    typeof message === 'string' &&
    /connection terminated|connection timeout|not currently accepting connections|terminating connection due to administrator command|the database system is (starting up|shutting down)|timeout exceeded when trying to connect|the embedded engine (stopped|failed)|not queryable|Cannot use a pool after calling end|DataSource is not initialized|Connection is not established/i.test(
      message,
    )
  );
}

/**
 * The monitor's store on PostgreSQL (embedded or server), in schema `monitor`, written in plain SQL: each insert is
 * one multi-row INSERT per table (chunked under the parameter limit) that also moves the lab's counters in
 * monitor.lab_usage in the same statement; retention deletes a chunk of the oldest calls with their messages and
 * recordings, and the counters, in one statement. No explicit transaction anywhere, so the embedded engine (one
 * session) never interleaves two. The counters are read once (open) and then kept in step from each statement's
 * answer, so resources/get and retention never count rows.
 */
@injectable()
export class TypeOrmMonitorRepository extends MonitorRepository {
  private readonly counters = new Map<LabId, MonitorUsage>();

  constructor(
    @inject(MonitorDatabase) private readonly database: MonitorDatabase,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
    @inject(Logger) @optional() private readonly logger: Logger | undefined = undefined,
  ) {
    super();
  }

  async open(): Promise<void> {
    const rows = await this.run<Row[]>(
      'SELECT lab, calls::float8 AS calls, messages::float8 AS messages, recordings::float8 AS recordings, stored_bytes::float8 AS bytes FROM monitor.lab_usage',
    );
    this.counters.clear();
    for (const row of rows) {
      this.counters.set(row['lab'] as LabId, {
        calls: Number(row['calls']),
        messages: Number(row['messages']),
        recordings: Number(row['recordings']),
        bytes: Number(row['bytes']),
      });
    }
  }

  async ping(): Promise<void> {
    await this.run('SELECT 1');
  }

  insertCalls(rows: readonly LabRow<CallHistoryEntry>[]): Promise<void> {
    return this.insert(
      'call_history',
      CALL_COLUMNS,
      rows,
      (row) => callParams(row, callBytes(row.row)),
      'calls',
      'ON CONFLICT (lab, session_identifier) DO NOTHING',
    );
  }

  /**
   * The SIP messages, by far the most rows (a dozen or more per call), go as the JSON text the sinks kept them in, one
   * parameter per chunk rather than fifteen parameters per row: the statement stays short, the engine decodes the rows
   * itself, and the process builds no row, object or parameter list per message.
   */
  async insertMessages(rows: MessageRows): Promise<void> {
    for (let start = 0; start < rows.length; start += JSON_ROWS_PER_STATEMENT) {
      const json = rows.json(start, start + JSON_ROWS_PER_STATEMENT);
      await this.counted('messages', INSERT_ENCODED_MESSAGES_SQL, [
        rows.mayHoldUnicodeEscapes ? textSafeJson(json) : json,
      ]);
    }
  }

  insertRecordings(rows: readonly LabRow<RecordingEntry>[]): Promise<void> {
    return this.insert(
      'recording',
      RECORDING_COLUMNS,
      rows,
      (row) => recordingParams(row, recordingBytes(row.row)),
      'recordings',
      'ON CONFLICT (lab, recording_id) DO NOTHING',
    );
  }

  async queryCalls(lab: LabId, query: CallHistoryQuery): Promise<CallHistoryPage> {
    const where = callHistoryCondition(lab, query);
    const page = this.run<Row[]>(
      `SELECT ${CALL_COLUMNS.join(', ')} FROM monitor.call_history WHERE ${where.sql}
       ORDER BY start_date_time DESC, session_identifier COLLATE "C" DESC OFFSET ${query.offset} LIMIT ${query.count}`,
      where.params,
    );
    const count = callHistoryCount(lab, query);
    const total = hasConditions(query)
      ? this.run<Row[]>(count.sql, count.params).then((rows) => Number(rows[0]!['total']))
      : Promise.resolve(this.usage(lab).calls);
    const [rows, totalCount] = await Promise.all([page, total]);
    return { totalCount: Math.max(totalCount, query.offset + rows.length), entries: rows.map(callRowToEntry) };
  }

  async messagesOf(lab: LabId, sessionIdentifier: string, systemIdentifier?: string): Promise<StoredMessage[]> {
    const rows = await this.run<Row[]>(
      `SELECT ${MESSAGE_COLUMNS.join(', ')} FROM monitor.sip_message WHERE lab = $1 AND session_identifier = $2${systemIdentifier === undefined ? '' : ' AND system_identifier = $3'}
       ORDER BY timestamp_micros, id`,
      systemIdentifier === undefined ? [lab, sessionIdentifier] : [lab, sessionIdentifier, systemIdentifier],
    );
    return rows.map(messageRowToEntry);
  }

  async callOf(lab: LabId, sessionIdentifier: string): Promise<CallHistoryEntry | undefined> {
    const rows = await this.run<Row[]>(
      `SELECT ${CALL_COLUMNS.join(', ')} FROM monitor.call_history WHERE lab = $1 AND session_identifier = $2`,
      [lab, sessionIdentifier],
    );
    return rows[0] ? callRowToEntry(rows[0]) : undefined;
  }

  async recording(lab: LabId, recordingId: string): Promise<RecordingEntry | undefined> {
    const rows = await this.run<Row[]>(
      `SELECT ${RECORDING_COLUMNS.join(', ')} FROM monitor.recording WHERE lab = $1 AND recording_id = $2`,
      [lab, recordingId],
    );
    return rows[0] ? recordingRowToEntry(rows[0]) : undefined;
  }

  /**
   * The excess is counted in the statement, from the lab's monitor.lab_usage row, not from this store's counters: on a
   * server database every process trims, and its counters may lag what others stored or trimmed. A trim that starts
   * after another committed sees what it left; two at once see the same rows and pick the same oldest ones, so the
   * second deletes none of them again: none deletes more than the maximum asks.
   */
  async trimCalls(lab: LabId, keep: number, limit: number): Promise<TrimResult> {
    if (limit <= 0) return { calls: 0, messages: 0, recordings: 0 };
    const rows = await this.run<Row[]>(
      `
      WITH usage AS (
        SELECT calls FROM monitor.lab_usage WHERE lab = $1
      ), victims AS (
        SELECT id, session_identifier FROM monitor.call_history WHERE lab = $1
        ORDER BY start_date_time, session_identifier COLLATE "C"
        LIMIT coalesce((SELECT least($2::bigint, greatest(0, calls - $3::bigint)) FROM usage), 0)
      ), calls AS (
        DELETE FROM monitor.call_history c WHERE c.id IN (SELECT id FROM victims) RETURNING c.stored_bytes
      ), messages AS (
        DELETE FROM monitor.sip_message m WHERE m.lab = $1 AND m.session_identifier IN (SELECT session_identifier FROM victims) RETURNING m.stored_bytes
      ), recordings AS (
        DELETE FROM monitor.recording r WHERE r.lab = $1 AND r.session_identifier IN (SELECT session_identifier FROM victims) RETURNING r.stored_bytes
      ), totals AS (
        SELECT (SELECT count(*) FROM calls)::int AS calls, (SELECT count(*) FROM messages)::int AS messages,
               (SELECT count(*) FROM recordings)::int AS recordings,
               ((SELECT coalesce(sum(stored_bytes), 0) FROM calls) + (SELECT coalesce(sum(stored_bytes), 0) FROM messages)
                 + (SELECT coalesce(sum(stored_bytes), 0) FROM recordings))::float8 AS bytes
      ), counted AS (
        UPDATE monitor.lab_usage u SET calls = u.calls - t.calls, messages = u.messages - t.messages,
          recordings = u.recordings - t.recordings, stored_bytes = u.stored_bytes - t.bytes
        FROM totals t WHERE u.lab = $1
      )
      SELECT calls, messages, recordings, bytes FROM totals`,
      [lab, limit, keep],
    );
    const t = rows[0]!;
    const removed = { calls: Number(t['calls']), messages: Number(t['messages']), recordings: Number(t['recordings']) };
    this.count(lab, {
      calls: -removed.calls,
      messages: -removed.messages,
      recordings: -removed.recordings,
      bytes: -Number(t['bytes']),
    });
    return removed;
  }

  async forgetLab(lab: LabId): Promise<void> {
    for (const table of ['sip_message', 'recording', 'call_history', 'lab_usage'])
      await this.run(`DELETE FROM monitor.${table} WHERE lab = $1`, [lab]);
    this.counters.delete(lab);
  }

  usage(lab: LabId): MonitorUsage {
    return this.counters.get(lab) ?? NO_USAGE;
  }

  labs(): LabId[] {
    return [...this.counters.keys()];
  }

  private count(lab: LabId, change: MonitorUsage): void {
    const u = this.usage(lab);
    this.counters.set(lab, {
      calls: u.calls + change.calls,
      messages: u.messages + change.messages,
      recordings: u.recordings + change.recordings,
      bytes: u.bytes + change.bytes,
    });
  }

  /**
   * One INSERT per chunk of rows (a chunk as large as the parameter limit allows: one chunk for any batch the sinks
   * cut), whose answer also moves the counters in the same statement.
   */
  private async insert<T>(
    table: string,
    columns: readonly string[],
    rows: readonly LabRow<T>[],
    params: (row: LabRow<T>) => unknown[],
    counter: 'calls' | 'messages' | 'recordings',
    conflict: string,
  ): Promise<void> {
    const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      const values: unknown[] = [];
      const tuples = chunk.map((row) => {
        const first = values.length;
        values.push(...params(row));
        return `(${columns.map((_, i) => `$${first + i + 1}`).join(', ')})`;
      });
      await this.counted(
        counter,
        `INSERT INTO monitor.${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} ${conflict}`,
        values,
      );
    }
  }

  /** Runs `insert` (an INSERT without RETURNING) so that the same statement moves the labs' counters by what it inserted. */
  private async counted(
    counter: 'calls' | 'messages' | 'recordings',
    insert: string,
    params: unknown[],
  ): Promise<void> {
    const counted = await this.run<Row[]>(
      `
      WITH inserted AS (
        ${insert} RETURNING lab, stored_bytes
      ), per_lab AS (
        SELECT lab, count(*)::int AS n, coalesce(sum(stored_bytes), 0)::float8 AS b FROM inserted GROUP BY lab
      ), counted AS (
        INSERT INTO monitor.lab_usage AS u (lab, ${counter}, stored_bytes) SELECT lab, n, b FROM per_lab
        ON CONFLICT (lab) DO UPDATE SET ${counter} = u.${counter} + EXCLUDED.${counter}, stored_bytes = u.stored_bytes + EXCLUDED.stored_bytes
      )
      SELECT lab, n, b FROM per_lab`,
      params,
    );
    for (const row of counted)
      this.count(row['lab'] as LabId, { ...NO_USAGE, [counter]: Number(row['n']), bytes: Number(row['b']) });
  }

  /** Runs a statement; a store that cannot be reached marks the monitor unreachable and answers 503 MONITOR_UNREACHABLE. */
  private async run<T = unknown>(sql: string, params: unknown[] = []): Promise<T> {
    try {
      await this.database.opened;
      return (await this.database.dataSource.query(sql, params)) as T;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      const reason = `its store cannot be reached: ${(error as Error).message}`;
      if (!this.availability.storeDown())
        this.logger?.warn({ err: error }, 'the monitor store cannot be reached: history is dropped until it answers');
      this.availability.storeUnreachable(reason);
      throw DomainError.unavailable('MONITOR_UNREACHABLE', `the monitor component cannot be reached (${reason})`);
    }
  }
}
