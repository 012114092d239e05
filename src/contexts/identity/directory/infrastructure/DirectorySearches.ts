/** How many directory servers the tally has room for, and how many accounts of each it can tell apart. */
const AUTHORITIES = 8;
const SLOTS = 3; // searches, last search (ms since the epoch), the accounts found (one bit each)

/**
 * The user searches the gateway made at each directory server (one per login through it), counted in memory that
 * both threads of a process see (a SharedArrayBuffer): logins are decided on the API's thread, the dashboard that
 * shows the connections is answered on the simulator's. Slot 0 holds when the connections were established (the
 * first tally made in the process); then, per authority (by its position in the directory), its search count, its
 * last search, and a bit per account of it found (the entries its connection holds).
 */
export class DirectorySearches {
  private readonly slots: BigInt64Array;

  constructor(buffer: SharedArrayBuffer, now: number = Date.now()) {
    this.slots = new BigInt64Array(buffer);
    Atomics.compareExchange(this.slots, 0, 0n, BigInt(Math.floor(now)));
  }

  static buffer(): SharedArrayBuffer {
    return new SharedArrayBuffer((1 + AUTHORITIES * SLOTS) * BigInt64Array.BYTES_PER_ELEMENT);
  }

  get establishedAt(): Date {
    return new Date(Number(Atomics.load(this.slots, 0)));
  }

  /** A search at the authority at `index`, at `at` (ms); `account`: the position of the account it found, if any. */
  record(index: number, at: number, account: number | undefined): void {
    if (index < 0 || index >= AUTHORITIES) return;
    const base = 1 + index * SLOTS;
    Atomics.add(this.slots, base, 1n);
    Atomics.store(this.slots, base + 1, BigInt(Math.floor(at)));
    if (account !== undefined && account >= 0 && account < 63) Atomics.or(this.slots, base + 2, 1n << BigInt(account));
  }

  /** The authority's searches, its last search (undefined: none yet) and how many of its accounts were found. */
  of(index: number): { readonly searches: number; readonly lastAt: Date | undefined; readonly found: number } {
    if (index < 0 || index >= AUTHORITIES) return { searches: 0, lastAt: undefined, found: 0 };
    const base = 1 + index * SLOTS;
    const searches = Number(Atomics.load(this.slots, base));
    const mask = Atomics.load(this.slots, base + 2);
    let found = 0;
    for (let bits = mask; bits !== 0n; bits >>= 1n) if (bits & 1n) found += 1;
    return { searches, lastAt: searches > 0 ? new Date(Number(Atomics.load(this.slots, base + 1))) : undefined, found };
  }
}
