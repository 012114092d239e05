import type { LabId } from './LabId.js';

/** The current time, as a port: production binds the system clock, tests and simulations a manual one. */
export abstract class Clock {
  abstract now(): Date;

  /**
   * The time of `lab`, read without running as that lab's work (LabScope): a clock that keeps one time for every
   * lab answers its `now()`; the lab clocks answer that lab's.
   */
  nowOf(lab: LabId): Date {
    void lab;
    return this.now();
  }
}
