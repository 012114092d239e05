import type { SipMessageEntry } from '../../../monitoring/index.js';
import type { HepSetting } from '../domain/HepSetting.js';

/** One message for the collector: as the history records it, with the correlation id of its call (chunk 0x0011). */
export interface HepItem {
  readonly entry: SipMessageEntry;
  readonly correlationId: string | undefined;
}

/**
 * Where a sender stands with its collector: `connecting` (resolving the host, opening the connection: messages
 * wait, a bounded number), `connected` (UDP: its socket bound to the collector's address, no answer being awaited;
 * TCP: the connection open), `waiting` (the last attempt failed or the connection closed: messages are dropped and
 * counted until the next attempt, after a backoff).
 */
export type HepLinkState = 'connecting' | 'connected' | 'waiting';

export interface HepSenderState {
  readonly state: HepLinkState;
  /** Messages handed to the socket (UDP: each datagram sent; TCP: written into the connection). */
  readonly sent: number;
  /** Messages lost: the collector unreachable, the queue or the connection's buffer full, a message HEP cannot carry. */
  readonly dropped: number;
  /** Messages waiting to be sent. */
  readonly queued: number;
  /** What went wrong last (the system's error, or why a message was dropped). */
  readonly lastError: string | undefined;
}

/**
 * One lab's link to its collector (a port: the socket adapter implements it). `enqueue` only queues and returns at
 * once: the messages are encoded and sent in batches, later turns of the event loop.
 */
export abstract class HepSender {
  abstract enqueue(items: readonly HepItem[]): void;
  abstract state(): HepSenderState;
  /** Closes the link; what still waits is dropped (counted). */
  abstract close(): void;
}

/** Opens a lab's link to the collector its setting names. */
export abstract class HepSenders {
  abstract open(setting: HepSetting): HepSender;
}
