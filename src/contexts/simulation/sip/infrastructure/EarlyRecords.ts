import type { WireEvent } from '@gwsim/sip';

/** Unclaimed messages (an INVITE's own wire record comes before the INVITE is taken) are kept this long at most. */
const EARLY_MS = 2_000;
const EARLY_LIMIT = 10_000;

/**
 * Wire records whose Call-ID no leg claims yet (the INVITE and its 100 Trying come before the call is taken): the
 * leg made for the call claims them into its history. What no leg claims goes once past its time, or all at once
 * when too many Call-IDs wait (a flood of messages no call claims).
 */
export class EarlyRecords {
  private readonly waiting = new Map<string, { readonly until: number; readonly events: WireEvent[] }>();

  /** Keeps a record of a Call-ID no leg claims yet. */
  hold(callId: string, event: WireEvent): void {
    if (this.waiting.size >= EARLY_LIMIT) this.drop(true);
    const waiting = this.waiting.get(callId);
    if (waiting) waiting.events.push(event);
    else this.waiting.set(callId, { until: performance.now() + EARLY_MS, events: [event] });
  }

  /** The records kept for the Call-ID, in the order they came, let go (none when nothing waited). */
  claim(callId: string): readonly WireEvent[] {
    const waiting = this.waiting.get(callId);
    if (!waiting) return [];
    this.waiting.delete(callId);
    return waiting.events;
  }

  /** Drops the unclaimed records past their time. */
  dropExpired(): void {
    this.drop(false);
  }

  /** Drops the unclaimed records past their time (all of them when `all`: a flood of messages no call claims). */
  private drop(all: boolean): void {
    const now = performance.now();
    for (const [callId, waiting] of this.waiting) if (all || waiting.until < now) this.waiting.delete(callId);
  }
}
