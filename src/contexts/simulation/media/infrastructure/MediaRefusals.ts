/**
 * The calls refused because they could not get media ports (MediaPortsUnavailable), counted by reason, and logged
 * once per burst: the first refusal of a burst is logged with its reason at once; the refusals that follow are
 * only counted, and when none came for `quietMs` the burst's end is logged with how many it refused. A gateway
 * out of ports under a flood of calls writes two lines, not one per call.
 */
import type { MediaPortsUnavailable } from './MediaPortsUnavailable.js';

export type RefusalLog = (fields: Record<string, unknown>, message: string) => void;

export interface MediaRefusalCounts {
  readonly range: number;
  readonly files: number;
}

/** Counts media refusals and logs them once per burst. */
export class MediaRefusals {
  private readonly counts = { range: 0, files: 0 };
  private burst: { count: number; last: number } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: RefusalLog,
    private readonly quietMs = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Calls refused since the start, by reason. */
  totals(): MediaRefusalCounts {
    return { ...this.counts };
  }

  /** A call of `node` refused for `error`'s reason. */
  refused(node: string, error: MediaPortsUnavailable): void {
    this.counts[error.reason] += 1;
    if (this.burst) {
      this.burst.count += 1;
      this.burst.last = this.now();
      return;
    }
    this.burst = { count: 1, last: this.now() };
    this.log(
      { node, reason: error.reason, err: error },
      `a call was refused 503: ${error.reason === 'range' ? "no RTP port pair left in the node's range" : 'no file descriptor left for its media sockets'} (further refusals of this burst are counted, not logged)`,
    );
    this.schedule(this.quietMs);
  }

  /** Stops the burst's timer (at stop): nothing more is logged. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.burst = undefined;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => this.quiet(), delayMs);
    this.timer.unref();
  }

  private quiet(): void {
    const burst = this.burst;
    if (!burst) return;
    const since = this.now() - burst.last;
    if (since < this.quietMs) return this.schedule(this.quietMs - since);
    this.burst = undefined;
    this.timer = undefined;
    if (burst.count > 1)
      this.log({ refused: burst.count }, `the burst of media refusals is over: ${burst.count} calls were refused 503`);
  }
}
