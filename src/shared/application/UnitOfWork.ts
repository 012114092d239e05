import type { LabId } from '../domain/LabId.js';

/**
 * The transaction boundary of every use case. Repositories only work inside a unit: `read` for a
 * consistent read, `write` for an all-or-nothing change of one lab. Writes of one lab are serialised, so a
 * commit never interleaves with another request's write. Nested units join the outer one.
 */
export abstract class UnitOfWork {
  abstract read<T>(work: () => Promise<T>): Promise<T>;
  abstract write<T>(lab: LabId, work: () => Promise<T>): Promise<T>;

  private readonly observers: WriteUnitObserver[] = [];

  /** Tells `observer` of every write unit started from now on (not of units joined to an outer one). */
  observe(observer: WriteUnitObserver): void {
    this.observers.push(observer);
  }

  /** For the adapters: a write unit of the lab began, and commits (if it does) as `revision`. */
  protected unitBegun(lab: LabId, revision: number): void {
    for (const observer of this.observers) observer.begun(lab, revision);
  }

  /** For the adapters: the unit's work ended; what to run once it committed (nothing when `ok` is false). */
  protected unitEnded(lab: LabId, ok: boolean): Array<() => void> {
    return this.observers.flatMap((observer) => observer.ended(lab, ok) ?? []);
  }
}

/**
 * Hears of each write unit of a lab: it began (inside the unit, before its work; writes of a lab are serialised,
 * so between `begun` and `ended` no other unit of the lab runs), its work ended, and — through the function
 * `ended` answers — that it committed.
 */
export interface WriteUnitObserver {
  begun(lab: LabId, revision: number): void;
  ended(lab: LabId, ok: boolean): (() => void) | undefined;
}
