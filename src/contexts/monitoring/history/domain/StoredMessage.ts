import type { SipMessageEntry } from './MonitorRecords.js';

/** A SIP message as the monitor keeps it: the entry (its text cut to the configured length) and what was cut. */
export interface StoredMessage extends SipMessageEntry {
  /** The length of the message as it crossed the wire, in characters. */
  readonly messageLength: number;
  /** Whether `message` was cut to the configured maximum length. */
  readonly truncated: boolean;
}

/** The entry as kept under a maximum length. */
export function storedMessage(entry: SipMessageEntry, maximumLength: number): StoredMessage {
  const truncated = entry.message.length > maximumLength;
  return {
    ...entry,
    message: truncated ? entry.message.slice(0, maximumLength) : entry.message,
    messageLength: entry.message.length,
    truncated,
  };
}

/** What a row costs the store, roughly (its text plus a fixed overhead): the stored-bytes counters add these. */
export function messageBytes(message: Pick<StoredMessage, 'message'>): number {
  return 120 + Buffer.byteLength(message.message, 'utf8');
}

/** What a call-history row costs the store, roughly (its JSON). */
export function callBytes(entry: object): number {
  return 200 + JSON.stringify(entry).length;
}

/** What a recording's row costs the store, roughly (the audio is not stored: it is synthesised on download). */
export function recordingBytes(entry: object): number {
  return 100 + JSON.stringify(entry).length;
}
