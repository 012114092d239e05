import type { JournalEntry } from './JournalEntry.js';
import type { JournalQuery } from './JournalQuery.js';

/**
 * A capped ring of journal entries, newest last: when full, each new entry replaces the oldest (counted as
 * dropped). Memory is the capacity's slots, allocated as entries come.
 */
export class JournalRing {
  private readonly slots: JournalEntry[] = [];
  private next = 0;
  private droppedCount = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('a journal holds at least one entry');
  }

  get size(): number {
    return this.slots.length;
  }

  /** Entries pushed out by newer ones since the journal was made or last cleared. */
  get dropped(): number {
    return this.droppedCount;
  }

  add(entry: JournalEntry): void {
    if (this.slots.length < this.capacity) {
      this.slots.push(entry);
      return;
    }
    this.slots[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.droppedCount += 1;
  }

  clear(): void {
    this.slots.length = 0;
    this.next = 0;
    this.droppedCount = 0;
  }

  /** The newest `query.limit` entries that match, oldest first. */
  find(query: JournalQuery): JournalEntry[] {
    const found: JournalEntry[] = [];
    const count = this.slots.length;
    // the newest entry sits just before `next` once the ring has wrapped, at the end before
    for (let i = 1; i <= count && found.length < query.limit; i++) {
      const entry = this.slots[(this.next - i + count) % count]!;
      if (query.matches(entry)) found.push(entry);
    }
    return found.reverse();
  }
}
