import { NON_INVITE_TIMEOUT_MS } from './trunkTimers.js';

/**
 * What the network does to a simulated far end now, as the gateway faults on its node leave it: nothing
 * (`none`: it answers at once), `refusing` (trunkDown: it answers 503 Service Unavailable at once, as it answers
 * the gateway's INVITEs), or `silent` (nodeDown: it answers nothing).
 */
export type FarEndOutage = 'none' | 'refusing' | 'silent';

/** The status a simulated far end answers with: 200 OK, or 503 Service Unavailable while its trunk is down. */
const OK = 200;
const REFUSED = 503;

/**
 * When the next request goes after one that ended: answered (`okMs`), refused (`refusedMs`), or sent into silence
 * (`lostMs`, from the moment it left; at least NON_INVITE_TIMEOUT_MS, since nothing is sent while one is pending).
 */
export interface Cadence {
  readonly okMs: number;
  readonly refusedMs: number;
  readonly lostMs: number;
}

/** What the requests found so far: `unknown` before the first one ended, then `ok` or `failed` as the last one did. */
export type PeriodicState = 'unknown' | 'ok' | 'failed';

/** The figures of a series of periodic requests, instants in ms of the lab's time. */
export interface PeriodicFigures {
  readonly state: PeriodicState;
  readonly sent: number;
  readonly answered: number;
  readonly failed: number;
  /** The last final status (undefined: none yet, or the last request went unanswered). */
  readonly lastStatus: number | undefined;
  /** When the last request ended (answered, refused or given up). */
  readonly lastAt: number | undefined;
  /** When the last answered request ended. */
  readonly lastOkAt: number | undefined;
}

/** How many of the instants `from`, `from + step`, `from + 2·step`, ... are at or before `to`. */
function due(from: number, to: number, step: number): number {
  return to < from ? 0 : Math.floor((to - from) / step) + 1;
}

/**
 * A request a gateway sends to a simulated far end again and again (an OPTIONS keep-alive, a REGISTER), followed on
 * the lab's time: the first at `since`, each next one as the cadence says after how the last one ended. The far end
 * answers at once (200) while nothing holds, 503 at once while its trunk is down, nothing while its node is down:
 * such a request ends unanswered NON_INVITE_TIMEOUT_MS after it left, whatever happens meanwhile, and no other
 * leaves before. Advancing is arithmetic (no loop over the requests), so a long stretch of time costs nothing, and
 * advancing to t1 then t2 gives what advancing to t2 at once gives: the figures depend only on the lab's time and
 * the instants at which the outage changed.
 */
export class PeriodicRequests {
  private at: number;
  private nextAt: number;
  private pendingUntil: number | undefined;
  private state: PeriodicState = 'unknown';
  private sent = 0;
  private answered = 0;
  private failed = 0;
  private lastStatus: number | undefined;
  private lastAt: number | undefined;
  private lastOkAt: number | undefined;

  constructor(
    private readonly cadence: Cadence,
    since: number,
  ) {
    if (cadence.lostMs < NON_INVITE_TIMEOUT_MS || cadence.okMs <= 0 || cadence.refusedMs <= 0)
      throw new RangeError('a cadence waits a positive time, and no less than Timer F after a request left unanswered');
    this.at = since;
    this.nextAt = since;
  }

  /** The requests due up to `to` (the lab's time), with the far end as `outage` has it all along. */
  advance(to: number, outage: FarEndOutage): void {
    if (to < this.at) return this.shift(to - this.at);
    if (this.pendingUntil !== undefined) {
      if (this.pendingUntil > to) {
        this.at = to;
        return;
      }
      this.failed += 1;
      this.ended(this.pendingUntil, undefined);
      this.pendingUntil = undefined;
    }
    if (this.nextAt <= to) {
      if (outage === 'silent') this.unanswered(to);
      else this.answeredAtOnce(to, outage === 'none' ? OK : REFUSED);
    }
    this.at = to;
  }

  /** The lab's time was set back (or forward) by `byMs`: every instant kept moves with it. */
  shift(byMs: number): void {
    this.at += byMs;
    this.nextAt += byMs;
    if (this.pendingUntil !== undefined) this.pendingUntil += byMs;
    if (this.lastAt !== undefined) this.lastAt += byMs;
    if (this.lastOkAt !== undefined) this.lastOkAt += byMs;
  }

  figures(): PeriodicFigures {
    return {
      state: this.state,
      sent: this.sent,
      answered: this.answered,
      failed: this.failed,
      lastStatus: this.lastStatus,
      lastAt: this.lastAt,
      lastOkAt: this.lastOkAt,
    };
  }

  /** Every request due up to `to` answered as it left, with `status`. */
  private answeredAtOnce(to: number, status: number): void {
    const step = status === OK ? this.cadence.okMs : this.cadence.refusedMs;
    const count = due(this.nextAt, to, step);
    const last = this.nextAt + (count - 1) * step;
    this.sent += count;
    if (status === OK) this.answered += count;
    else this.failed += count;
    this.ended(last, status);
    this.nextAt = last + step;
  }

  /** Every request due up to `to` left into silence: each ends unanswered after Timer F; the last may be pending. */
  private unanswered(to: number): void {
    const step = this.cadence.lostMs;
    const count = due(this.nextAt, to, step);
    const last = this.nextAt + (count - 1) * step;
    this.sent += count;
    const given = last + NON_INVITE_TIMEOUT_MS;
    // every one before the last ended before the next left (step ≥ Timer F); the last only once Timer F is past
    const over = given <= to ? count : count - 1;
    this.failed += over;
    if (over > 0) this.ended(given <= to ? given : last - step + NON_INVITE_TIMEOUT_MS, undefined);
    if (given > to) this.pendingUntil = given;
    this.nextAt = last + step;
  }

  /** The last request ended at `at`: answered with `status` (200: ok), or not (undefined: no answer; 503). */
  private ended(at: number, status: number | undefined): void {
    this.state = status === OK ? 'ok' : 'failed';
    this.lastStatus = status;
    this.lastAt = at;
    if (status === OK) this.lastOkAt = at;
  }
}
