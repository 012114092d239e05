import type { TimerHost } from '../../../src/contexts/simulation/sip/infrastructure/LegSessionTimer.js';

/** A manual clock for timers of the socket transport: they run when the test moves time on, in deadline order. */
export class ManualTimers implements TimerHost {
  private at = 0;
  private readonly timers = new Map<number, { due: number; run: () => void }>();
  private ids = 0;

  now(): number {
    return this.at;
  }

  schedule(delayMs: number, run: () => void): () => void {
    const id = (this.ids += 1);
    this.timers.set(id, { due: this.at + Math.max(0, delayMs), run });
    return () => this.timers.delete(id);
  }

  /** How many timers are armed. */
  get armed(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const end = this.at + ms;
    for (;;) {
      const next = [...this.timers.entries()].sort((a, b) => a[1].due - b[1].due)[0];
      if (!next || next[1].due > end) break;
      this.timers.delete(next[0]);
      this.at = next[1].due;
      next[1].run();
    }
    this.at = end;
  }
}
