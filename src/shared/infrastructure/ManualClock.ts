import { injectable } from 'inversify';
import { Clock } from '../domain/Clock.js';

/** A clock that moves only when told: for tests and reproducible simulations. */
@injectable()
export class ManualClock extends Clock {
  private current: number;

  constructor(start: Date = new Date('2026-01-01T00:00:00Z')) {
    super();
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    if (milliseconds < 0) throw new RangeError('a manual clock only moves forward');
    this.current += milliseconds;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  set(instant: Date): void {
    this.current = instant.getTime();
  }
}
