import { EventQueue } from '../../../src/contexts/simulation/calls/domain/EventQueue.js';
import type { Scheduler } from '../../../src/contexts/simulation/calls/domain/Scheduler.js';

/** A Scheduler on a manual timeline, for driving a transport without the engine: `runTo` runs what is due in order. */
export class ManualScheduler implements Scheduler {
  private readonly queue = new EventQueue<{ readonly at: number; readonly run: () => void }>();

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  at(at: number, run: () => void): void {
    this.queue.push({ at: Math.max(at, this.current), run });
  }

  /** How often a transport asked for the engine to run (a test runs it with runTo). */
  wakes = 0;

  wake(): void {
    this.wakes += 1;
  }

  runTo(until: number): void {
    for (let at = this.queue.peekTime(); at !== undefined && at <= until; at = this.queue.peekTime()) {
      const event = this.queue.pop()!;
      this.current = event.at;
      event.run();
    }
    this.current = Math.max(this.current, until);
  }
}
