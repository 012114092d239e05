import { expiryDelayMs, refreshDelayMs, type SessionTimerTerms } from '../domain/sessionTimerTerms.js';

/** The clock and the one timer a leg's session timer runs on (real time by default; a manual one in tests). */
export interface TimerHost {
  /** Monotonic milliseconds. */
  now(): number;
  /** Runs `run` once `delayMs` from now; the answer cancels it. */
  schedule(delayMs: number, run: () => void): () => void;
}

/** Real time; the timer never keeps the process alive. */
export const REAL_TIME: TimerHost = {
  now: () => performance.now(),
  schedule(delayMs, run) {
    const timer = setTimeout(run, Math.max(0, delayMs));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** What a leg's session timer asks of its owner when a deadline comes. */
export interface SessionDeadlines {
  /** The gateway refreshes the leg's session now (RFC 4028 section 10). */
  refresh(): void;
  /** The session expired without a refresh: the call is to end (RFC 4028 section 10). */
  expire(): void;
}

/**
 * The session timer of one leg (RFC 4028 section 10): the terms in force, the deadlines they give from the last
 * refresh, and at most one timer armed for the nearer of them. When the gateway refreshes, the refresh is due at half
 * the interval and the session expires at the whole interval if no refresh succeeded; when the peer refreshes, the
 * session expires at the interval less min(32 s, interval / 3). Besides the deadlines it keeps what the gateway knows of
 * the leg's peer that a refresh needs.
 */
export class LegSessionTimer {
  /** The timer in force (undefined: none on the leg). */
  terms: SessionTimerTerms | undefined;
  /** The peer takes UPDATE (its Allow): the gateway's refreshes go as UPDATE, else as re-INVITE. */
  peerAllowsUpdate = false;
  /** The session the peer's last SDP on the leg describes (sessionOf): a re-offer of it changes nothing. */
  peerSession: string | undefined;
  /** Refreshes of the gateway's that failed since the last success. */
  failures = 0;
  private refreshAt: number | undefined;
  private expiresAt: number | undefined;
  private cancel: (() => void) | undefined;

  constructor(
    private readonly host: TimerHost,
    private readonly deadlines: SessionDeadlines,
  ) {}

  /** Whether a session timer is in force on the leg. */
  get running(): boolean {
    return this.terms !== undefined;
  }

  /** The session starts or was refreshed under `terms` (undefined: no timer any more): the deadlines count from now. */
  refreshed(terms: SessionTimerTerms | undefined): void {
    this.terms = terms;
    this.failures = 0;
    if (!terms) return this.disarm();
    const now = this.host.now();
    this.refreshAt = terms.refresher === 'gateway' ? now + refreshDelayMs(terms) : undefined;
    this.expiresAt = now + expiryDelayMs(terms);
    this.arm();
  }

  /** The gateway's refresh goes again `delayMs` from now (after a 491); the session still expires when it would. */
  retryIn(delayMs: number): void {
    if (!this.terms) return;
    this.refreshAt = this.host.now() + delayMs;
    this.arm();
  }

  /** The leg finished or the transport closed: no deadline is left, nothing refers to the leg any more. */
  stop(): void {
    this.terms = undefined;
    this.disarm();
  }

  private disarm(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.refreshAt = this.expiresAt = undefined;
  }

  private arm(): void {
    this.cancel?.();
    const next = Math.min(this.refreshAt ?? Infinity, this.expiresAt ?? Infinity);
    this.cancel = next === Infinity ? undefined : this.host.schedule(next - this.host.now(), () => this.due());
  }

  private due(): void {
    this.cancel = undefined;
    const now = this.host.now();
    if (this.expiresAt !== undefined && this.expiresAt <= now) {
      this.stop();
      this.deadlines.expire();
      return;
    }
    if (this.refreshAt !== undefined && this.refreshAt <= now) {
      this.refreshAt = undefined;
      this.arm();
      this.deadlines.refresh();
      return;
    }
    this.arm();
  }
}
