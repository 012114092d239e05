import { ManualClock } from '../../src/shared/infrastructure/ManualClock.js';

/**
 * A wall clock that runs in real time from a start instant (and can still be moved forward by hand): for tests of
 * things that run on real timers over a scaled lab clock, such as a scenario run.
 */
export class RealTimeClock extends ManualClock {
  private readonly origin = performance.now();

  constructor(start: Date = new Date('2026-03-01T08:00:00Z')) {
    super(start);
  }

  override now(): Date {
    return new Date(super.now().getTime() + Math.floor(performance.now() - this.origin));
  }
}
