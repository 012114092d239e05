import type { LabId } from '../domain/LabId.js';

/**
 * The transaction boundary of every use case. Repositories only work inside a unit: `read` for a
 * consistent read, `write` for an all-or-nothing change of one lab. Writes of one lab are serialised, so a
 * commit never interleaves with another request's write. Nested units join the outer one.
 */
export abstract class UnitOfWork {
  abstract read<T>(work: () => Promise<T>): Promise<T>;
  abstract write<T>(lab: LabId, work: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside a unit (a unit started now would join it). */
  abstract get active(): boolean;
}
