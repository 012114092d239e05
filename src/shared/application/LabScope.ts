import type { LabId } from '../domain/LabId.js';

/**
 * The lab the work in progress belongs to: a request under `/labs/{lab}/…`, a step of a lab's traffic. Ports whose
 * answer depends on the lab but whose callers do not name it (the Clock) read it here; outside any lab's work it
 * is undefined and they answer for the default lab.
 */
export abstract class LabScope {
  abstract current(): LabId | undefined;
  /** Runs `work` (and everything it awaits) as work of `lab`. */
  abstract run<T>(lab: LabId, work: () => T): T;
}
