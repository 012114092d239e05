/**
 * The counters of relays that run in a media worker, readable at once by the signalling thread: one slot per relay
 * in a SharedArrayBuffer, written by the worker as packets arrive, read by the thread that asks (activeSessions, on
 * every request) without a message. A slot holds both sides' counters as float64 (counts stay exact to 2^53) and
 * a sequence number the writer makes odd while it writes and even after (a seqlock, with Atomics), so a reader
 * never takes half of one packet's update with half of the next: it reads again while the number is odd or moved.
 */
import type { MediaCounters, SideFigures } from '../relayTypes.js';

/** The fields of one side in a slot (SideFigures, in the order write puts them). */
const FIELDS = 9;
const SLOT_FIELDS = 2 * FIELDS;

/** The shared memory of a worker's counter slots (sent to the worker at its start). */
export interface CounterMemory {
  readonly values: SharedArrayBuffer;
  readonly sequences: SharedArrayBuffer;
}

/** The counter slots of one media worker: `slots` relays at most at once. */
export class CounterSlots {
  private readonly values: Float64Array;
  private readonly sequences: Int32Array;

  constructor(readonly memory: CounterMemory) {
    this.values = new Float64Array(memory.values);
    this.sequences = new Int32Array(memory.sequences);
  }

  static allocate(slots: number): CounterSlots {
    return new CounterSlots({
      values: new SharedArrayBuffer(slots * SLOT_FIELDS * Float64Array.BYTES_PER_ELEMENT),
      sequences: new SharedArrayBuffer(slots * Int32Array.BYTES_PER_ELEMENT),
    });
  }

  get size(): number {
    return this.sequences.length;
  }

  /** The worker: a side's counters now (both sides of a packet relayed go under one sequence: `begin`, `end`). */
  write(slot: number, side: 0 | 1, figures: SideFigures): void {
    const at = slot * SLOT_FIELDS + side * FIELDS;
    const v = this.values;
    v[at] = figures.packetsReceived;
    v[at + 1] = figures.packetsSent;
    v[at + 2] = figures.octetsReceived;
    v[at + 3] = figures.octetsSent;
    v[at + 4] = figures.packetsLost;
    v[at + 5] = figures.lossOccurrences;
    v[at + 6] = figures.packetsLostByPeer;
    v[at + 7] = figures.jitterMs;
    v[at + 8] = figures.lastPacketAt;
  }

  /** The worker, before writing a slot: the sequence goes odd. */
  begin(slot: number): void {
    Atomics.add(this.sequences, slot, 1);
  }

  /** The worker, after writing a slot: the sequence goes even again. */
  end(slot: number): void {
    Atomics.add(this.sequences, slot, 1);
  }

  /** A fresh slot: no packet, no report (the thread that hands the slot out, before the relay opens). */
  clear(slot: number): void {
    this.begin(slot);
    const empty = { packetsLostByPeer: NaN, lastPacketAt: NaN } as const;
    for (const side of [0, 1] as const)
      this.write(slot, side, {
        packetsReceived: 0,
        packetsSent: 0,
        octetsReceived: 0,
        octetsSent: 0,
        packetsLost: 0,
        lossOccurrences: 0,
        jitterMs: 0,
        ...empty,
      });
    this.end(slot);
  }

  /** Any thread: a side's counters as one consistent update left them. */
  read(slot: number, side: 0 | 1): MediaCounters {
    const at = slot * SLOT_FIELDS + side * FIELDS;
    for (let attempt = 0; ; attempt += 1) {
      const before = Atomics.load(this.sequences, slot);
      const copy = this.values.slice(at, at + FIELDS);
      if ((before & 1) === 0 && Atomics.load(this.sequences, slot) === before) return countersOf(copy);
      if (attempt > 1000) return countersOf(copy); // a writer stuck mid-update: the figures as they are
    }
  }
}

function countersOf(v: Float64Array): MediaCounters {
  const lostByPeer = v[6]!;
  const last = v[8]!;
  return {
    packetsReceived: v[0]!,
    packetsSent: v[1]!,
    octetsReceived: v[2]!,
    octetsSent: v[3]!,
    packetsLost: v[4]!,
    lossOccurrences: v[5]!,
    packetsLostByPeer: Number.isNaN(lostByPeer) ? undefined : lostByPeer,
    jitterMs: v[7]!,
    lastPacketAt: Number.isNaN(last) ? undefined : last,
  };
}
