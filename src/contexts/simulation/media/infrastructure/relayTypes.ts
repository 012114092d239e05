/**
 * What a relay is told and tells: its options, its counters, its events (RtpRelay in this thread, WorkerRelay for a
 * relay in a media worker).
 */
import type { MediaAddress } from './MediaAddress.js';
import type { MediaTimeoutSweep } from './MediaTimeoutSweep.js';
import type { DetectedDigit } from './TelephoneEvents.js';

/** Counters of one side as activeSessions shows them (RFC 3550 style). */
export interface MediaCounters {
  /** RTP packets received on this side from its peer, and their payload octets (header and padding excluded). */
  readonly packetsReceived: number;
  /** RTP packets sent from this side to its peer (those received on the other side while this side had a remote). */
  readonly packetsSent: number;
  readonly octetsReceived: number;
  readonly octetsSent: number;
  /** From RTP sequence gaps of what was received on this side (extended seq, wrap-safe). */
  readonly packetsLost: number;
  /** Gaps in the received sequence: a burst of lost packets counts once. */
  readonly lossOccurrences: number;
  /**
   * What the peer's RTCP reports say it lost of the packets this side sent it (the gateway's send direction);
   * undefined until a report about them arrives.
   */
  readonly packetsLostByPeer: number | undefined;
  /** RFC 3550 interarrival jitter of received packets, in ms. */
  readonly jitterMs: number;
  /** When this side last received RTP, in ms since the epoch (the relay's `now`). */
  readonly lastPacketAt: number | undefined;
}

export interface RelayOptions {
  /**
   * 0: never; otherwise `timeout` fires (once) when neither side received RTP for this long, counted from the later
   * of the relay's start and the last packet, checked by the sweep, never per packet.
   */
  readonly timeoutMs: number;
  /**
   * Default true: the timeout counts from the relay's start. False: it counts only from `arm()` (a call's media
   * timeout starts when the call is answered: nobody sends RTP while a phone rings without early media).
   */
  readonly armed?: boolean;
  /** The clock of arrival times, jitter and the timeout, in ms since the epoch (default: performance time, sub-ms). */
  readonly now?: () => number;
  /** Default true: symmetric RTP — a side's remote is learnt from the first packet received on it, and kept. */
  readonly latch?: boolean;
  /** The sweep that checks the timeout (default: one shared by the whole process). */
  readonly sweep?: MediaTimeoutSweep;
  /** The clock DTMF digits are stamped with, ms since the epoch (the lab's time; default: `now`). */
  readonly eventClock?: () => number;
  /** Told both sides' counters after every packet that changed them (a media worker's shared counter slot). */
  readonly sink?: CounterSink;
}

/** A side's counters as numbers (NaN where MediaCounters has undefined), read without building an object. */
export interface SideFigures {
  readonly packetsReceived: number;
  readonly packetsSent: number;
  readonly octetsReceived: number;
  readonly octetsSent: number;
  readonly packetsLost: number;
  readonly lossOccurrences: number;
  readonly packetsLostByPeer: number;
  readonly jitterMs: number;
  readonly lastPacketAt: number;
}

/** Where a relay's counters are mirrored as they change. */
export interface CounterSink {
  update(sides: readonly [SideFigures, SideFigures]): void;
}

/** What a relay tells its owner: the media timeout; and, for an owner in another thread, digits and latched peers. */
export interface RelayEvents {
  timeout(): void;
  digit?(side: 0 | 1, digit: DetectedDigit): void;
  latched?(side: 0 | 1, source: MediaAddress, rtcp: boolean): void;
}

/** Whether packets from a source address may reach a side (its node's network peer whitelist). */
export type AdmitsHost = (host: string) => boolean;
