/**
 * The write units committed by each of the two threads that share the embedded engine (the API's and the
 * simulator's, see SimulatorThread), counted in memory both threads see (a SharedArrayBuffer). A thread that keeps
 * what it last saw of a lab (its revision) in memory reads the lab's revision from the store again only when the
 * other thread has committed something since: the request path stays in memory, and a change made through the
 * other thread is seen by the next request (the count is raised once the unit has committed, before its caller
 * hears of it).
 */
export class ThreadCommits {
  private readonly counts: Int32Array;

  /** `buffer`: two 32-bit counts, shared by both threads; `own`: which of them this thread raises. */
  constructor(
    readonly buffer: SharedArrayBuffer,
    private readonly own: 0 | 1,
  ) {
    this.counts = new Int32Array(buffer);
  }

  static buffer(): SharedArrayBuffer {
    return new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  }

  /** A write unit of this thread committed. */
  committed(): void {
    Atomics.add(this.counts, this.own, 1);
  }

  /** How many write units the other thread has committed so far. */
  others(): number {
    return Atomics.load(this.counts, 1 - this.own);
  }
}
