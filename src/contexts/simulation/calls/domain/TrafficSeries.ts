/** One interval of a lab's traffic: the calls that arrived in it and the sessions in progress. */
export interface TrafficSeriesPoint {
  /** The start of the interval. */
  readonly start: Date;
  readonly callsStarted: number;
  /** The most sessions in progress seen in the interval. */
  readonly peakConcurrent: number;
}

interface Bucket {
  readonly start: number;
  started: number;
  peak: number;
}

/**
 * A lab's traffic over the recent past, in fixed intervals of simulated time (10 s by default, one hour kept):
 * what the console's charts of calls per second and concurrent sessions show. It is fed observations of the
 * engine (its running count of calls started, its sessions in progress) as the engine advances; an interval
 * with no observation (the engine was not running) counts as idle. Time that goes backwards (a lab clock set to
 * an earlier instant) starts the series again.
 */
export class TrafficSeries {
  private buckets: Bucket[] = [];
  private lastStarted: number | undefined;
  /** The start of the first interval observed (kept when its bucket is trimmed: the time since is known idle or counted). */
  private origin: number | undefined;

  constructor(
    readonly intervalMs = 10_000,
    readonly keepMs = 3_600_000,
  ) {
    if (!(intervalMs > 0) || !(keepMs >= intervalMs))
      throw new Error('a traffic series needs a positive interval no longer than what it keeps');
  }

  /** The engine at `at`: `startedTotal` calls started since it was made, `concurrent` sessions in progress now. */
  observe(at: Date, startedTotal: number, concurrent: number): void {
    const start = Math.floor(at.getTime() / this.intervalMs) * this.intervalMs;
    let last = this.buckets.at(-1);
    if (last && start < last.start) {
      this.buckets = [];
      last = undefined;
      this.origin = undefined;
    }
    this.origin ??= start;
    if (!last || last.start !== start) {
      last = { start, started: 0, peak: concurrent };
      this.buckets.push(last);
      const oldest = start - this.keepMs;
      let drop = 0;
      while (drop < this.buckets.length && this.buckets[drop]!.start <= oldest) drop += 1;
      if (drop > 0) this.buckets.splice(0, drop);
    }
    const started = this.lastStarted === undefined ? 0 : Math.max(0, startedTotal - this.lastStarted);
    this.lastStarted = startedTotal;
    last.started += started;
    last.peak = Math.max(last.peak, concurrent);
  }

  /**
   * The intervals of the `spanMs` before `until` (the interval holding `until` last), oldest first, from the
   * first one observed: every interval present, those without an observation as zero.
   */
  points(until: Date, spanMs: number = this.keepMs): TrafficSeriesPoint[] {
    const end = Math.floor(until.getTime() / this.intervalMs) * this.intervalMs;
    if (this.origin === undefined || end < this.origin) return [];
    const from = Math.max(this.origin, end - Math.min(spanMs, this.keepMs) + this.intervalMs);
    const byStart = new Map(this.buckets.map((bucket) => [bucket.start, bucket]));
    const points: TrafficSeriesPoint[] = [];
    for (let start = from; start <= end; start += this.intervalMs) {
      const bucket = byStart.get(start);
      points.push({ start: new Date(start), callsStarted: bucket?.started ?? 0, peakConcurrent: bucket?.peak ?? 0 });
    }
    return points;
  }
}
