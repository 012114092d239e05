/**
 * One coarse timer for the media timeouts of many relays: each relay registers a check, and the sweep calls every
 * check on each tick. Nothing happens per packet (a relay only notes the time of its last packet), and 200 calls
 * cost one timer, not 200. Tests make a manual sweep and call `tick()` after moving their fake clock.
 */

/** The shortest and longest period of the automatic sweep, in ms. */
const MIN_PERIOD_MS = 10;
const MAX_PERIOD_MS = 1000;

interface Watched {
  readonly timeoutMs: number;
  readonly check: () => void;
}

/** Calls the registered media-timeout checks periodically (automatic) or on `tick()` only (manual). */
export class MediaTimeoutSweep {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;
  private periodMs = 0;

  /**
   * `manual`: the sweep never runs by itself, only on `tick()`. Otherwise it runs every quarter of the smallest
   * timeout it watches (between 10 ms and 1 s), so a timeout fires at most a quarter late; the timer does not keep
   * the process alive and stops when nothing is watched.
   */
  constructor(private readonly options: { readonly manual?: boolean } = {}) {}

  /** How many checks are registered. */
  get watching(): number {
    return this.watched.size;
  }

  /** Registers `check` for a relay with `timeoutMs`; returns the function that unregisters it. */
  watch(timeoutMs: number, check: () => void): () => void {
    const entry: Watched = { timeoutMs, check };
    this.watched.add(entry);
    this.reschedule();
    return () => {
      if (this.watched.delete(entry)) this.reschedule();
    };
  }

  /** Runs every registered check once; one that throws does not stop the others (the first error is rethrown after). */
  tick(): void {
    let failure: { error: unknown } | undefined;
    for (const entry of [...this.watched]) {
      try {
        entry.check();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }

  private reschedule(): void {
    if (this.options.manual) return;
    let smallest = Infinity;
    for (const entry of this.watched) smallest = Math.min(smallest, entry.timeoutMs);
    const period =
      smallest === Infinity ? 0 : Math.min(MAX_PERIOD_MS, Math.max(MIN_PERIOD_MS, Math.floor(smallest / 4)));
    if (period === this.periodMs) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.periodMs = period;
    if (period > 0) {
      this.timer = setInterval(() => this.tick(), period);
      this.timer.unref();
    }
  }
}

/** The sweep relays use unless told otherwise: one timer for the whole process. */
export const SHARED_MEDIA_TIMEOUT_SWEEP = new MediaTimeoutSweep();
