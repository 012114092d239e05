import type { LabId } from '../../../../shared/domain/LabId.js';
import type { SipMessageEntry } from '../domain/MonitorRecords.js';
import { messageBytes, type StoredMessage } from '../domain/StoredMessage.js';
import type { LabRow } from './MonitorRepository.js';

/** The fields of one row as MessageRows encodes it: the stored message, its lab and what it costs the store. */
export interface EncodedMessageRow extends StoredMessage {
  readonly lab: LabId;
  readonly storedBytes: number;
}

/** The keys of an encoded row, in the order they are written (a store's statement names them). */
export const ENCODED_MESSAGE_KEYS = [
  'lab',
  'sessionIdentifier',
  'systemIdentifier',
  'callIndex',
  'timestampMicros',
  'direction',
  'protocol',
  'sourceIpAddress',
  'sourcePort',
  'destinationIpAddress',
  'destinationPort',
  'messageLength',
  'truncated',
  'message',
  'storedBytes',
] as const satisfies readonly (keyof EncodedMessageRow)[];

export type EncodedMessageKey = (typeof ENCODED_MESSAGE_KEYS)[number];

const INITIAL_BYTES = 16 * 1024;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** A JSON escape of a UTF-16 unit (how JSON.stringify writes NUL, other controls and lone surrogates). */
const UNICODE_ESCAPE = '\\u';

/**
 * SIP messages on their way to the monitor's store, each kept as one JSON object (the fields of EncodedMessageRow,
 * in ENCODED_MESSAGE_KEYS' order, each followed by a comma) in a buffer outside the JavaScript heap, from the moment
 * they are recorded until their batch is written.
 *
 * Why not the entry objects: at 200 calls per second the gateway records about 2,800 messages a second, and each
 * waits tens of milliseconds for its batch. Kept as objects (the entry, the stored copy, the text), every message
 * still waiting when the young generation is collected is copied by the collector, and copied again or promoted at
 * the next collection, and those copies are pauses of the request path. Bytes outside the heap are not copied; what
 * stays on the heap is two small numbers per row. A store that takes JSON (json_to_recordset) gets the text as it is.
 */
export class MessageRows {
  private buffer = Buffer.allocUnsafeSlow(0);
  /**
   * Bytes in use. The first is a spare byte before the first row, so that any range of rows, with the byte before
   * it (that spare byte, or the previous row's comma) and its last comma, reads as one JSON array in place.
   */
  private used = 1;
  /** Where each row starts in `buffer`, and where the next one would: rows i is [starts[i], starts[i + 1]) less its comma. */
  private starts: number[] = [1];
  /** Whether a row may hold a \u escape (set on the first such row, cleared only when all rows have gone). */
  private escapes = false;
  /** The index in `labList` of each row's lab. */
  private labIndex: number[] = [];
  private labList: LabId[] = [];
  /** The first row not dropped. */
  private first = 0;

  /** Rows built from stored messages as they are (their cut already made). */
  static of(rows: readonly LabRow<StoredMessage>[]): MessageRows {
    const result = new MessageRows();
    for (const { lab, row } of rows) result.append(lab, row);
    return result;
  }

  /** How many rows are kept. */
  get length(): number {
    return this.labIndex.length - this.first;
  }

  /**
   * Whether the JSON text may hold a \u escape: JSON.stringify writes NUL, other control characters and lone
   * surrogates so. False means that no row has one, and a store that has to change such escapes need not look.
   */
  get mayHoldUnicodeEscapes(): boolean {
    return this.escapes;
  }

  /** The labs that have rows here. */
  labs(): LabId[] {
    const present = new Set<number>();
    for (let i = this.first; i < this.labIndex.length; i++) present.add(this.labIndex[i]!);
    return [...present].map((index) => this.labList[index]!);
  }

  /** Adds the entry as kept under `maximumLength` (the cut of storedMessage, without a copy of the entry). */
  add(lab: LabId, entry: SipMessageEntry, maximumLength: number): void {
    const truncated = entry.message.length > maximumLength;
    this.encode(
      lab,
      entry,
      truncated ? entry.message.slice(0, maximumLength) : entry.message,
      entry.message.length,
      truncated,
    );
  }

  /** Drops up to `count` of the oldest rows; answers how many went. */
  dropOldest(count: number): number {
    const dropped = Math.max(0, Math.min(count, this.length));
    this.first += dropped;
    if (this.length === 0) this.clear();
    return dropped;
  }

  /** The rows whose lab `keep` accepts, in order (this very object when it accepts them all). */
  only(keep: (lab: LabId) => boolean): MessageRows {
    const kept = this.labList.map((lab) => keep(lab));
    if (kept.every(Boolean)) return this;
    const result = new MessageRows();
    for (let i = this.first; i < this.labIndex.length; i++) {
      const lab = this.labList[this.labIndex[i]!]!;
      if (kept[this.labIndex[i]!]) result.appendBytes(lab, this.buffer.subarray(this.starts[i]!, this.starts[i + 1]!));
    }
    return result;
  }

  /**
   * Rows `from` to `to` (exclusive, counted among the kept rows) as one JSON array of objects: decoded in place (the
   * byte before the range and its last comma become the brackets for the while), so the text is one flat string,
   * not a concatenation the engine would copy again when it is read.
   */
  json(from = 0, to = this.length): string {
    const end = Math.min(to, this.length);
    if (end <= from) return '[]';
    const open = this.starts[this.first + from]! - 1; // the spare byte, or the comma of the row before
    const close = this.starts[this.first + end]! - 1; // the last row's comma
    const [before, after] = [this.buffer[open]!, this.buffer[close]!];
    this.buffer[open] = OPEN_BRACKET;
    this.buffer[close] = CLOSE_BRACKET;
    try {
      return this.buffer.toString('utf8', open, close + 1);
    } finally {
      this.buffer[open] = before;
      this.buffer[close] = after;
    }
  }

  /** The rows decoded again, with their labs (the stored message as `row`). */
  rows(): LabRow<StoredMessage>[] {
    return (JSON.parse(this.json()) as EncodedMessageRow[]).map(({ lab, storedBytes: _bytes, ...row }) => ({
      lab,
      row,
    }));
  }

  private append(lab: LabId, row: StoredMessage): void {
    this.encode(lab, row, row.message, row.messageLength, row.truncated);
  }

  private encode(lab: LabId, entry: SipMessageEntry, message: string, messageLength: number, truncated: boolean): void {
    const encoded: EncodedMessageRow = {
      lab,
      sessionIdentifier: entry.sessionIdentifier,
      systemIdentifier: entry.systemIdentifier,
      callIndex: entry.callIndex,
      timestampMicros: Math.round(entry.timestampMicros),
      direction: entry.direction,
      protocol: entry.protocol,
      sourceIpAddress: entry.sourceIpAddress,
      sourcePort: entry.sourcePort,
      destinationIpAddress: entry.destinationIpAddress,
      destinationPort: entry.destinationPort,
      messageLength,
      truncated,
      message,
      storedBytes: messageBytes({ message }),
    };
    const text = JSON.stringify(encoded);
    if (!this.escapes && text.includes(UNICODE_ESCAPE)) this.escapes = true;
    // a UTF-8 character takes at most three bytes per UTF-16 unit
    this.reserve(text.length * 3 + 1);
    this.used += this.buffer.write(text, this.used, 'utf8');
    this.buffer[this.used] = COMMA;
    this.used += 1;
    this.push(lab);
  }

  private appendBytes(lab: LabId, bytes: Buffer): void {
    this.reserve(bytes.length);
    if (!this.escapes && bytes.includes(UNICODE_ESCAPE)) this.escapes = true;
    this.used += bytes.copy(this.buffer, this.used);
    this.push(lab);
  }

  private push(lab: LabId): void {
    let index = this.labList.indexOf(lab);
    if (index < 0) index = this.labList.push(lab) - 1;
    this.labIndex.push(index);
    this.starts.push(this.used);
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(INITIAL_BYTES, (this.used + bytes) * 2));
    this.buffer.copy(grown, 0, 0, this.used);
    this.buffer = grown;
  }

  private clear(): void {
    this.buffer = Buffer.allocUnsafeSlow(0);
    this.used = 1;
    this.starts = [1];
    this.escapes = false;
    this.labIndex = [];
    this.labList = [];
    this.first = 0;
  }
}
