import type { LabId } from '../domain/LabId.js';

/**
 * How far each lab's state has moved: a number that grows with every committed write unit of the lab, in
 * whichever process it ran. State read from the store and kept in memory is current as long as the lab's
 * revision is the one it was read at (LabReadCache). Implemented by the unit of work of each store.
 */
export abstract class LabRevisions {
  /**
   * The lab's revision now, counting every write unit committed before the call (on a server shared by several
   * processes this asks the store). Undefined inside a unit of work, whose view may differ from anything
   * committed, and for a lab that does not exist: state read then must not be kept.
   */
  abstract current(lab: LabId): Promise<number | undefined>;

  /**
   * What `current` would answer, when the adapter knows it without asking anything (an embedded store knows its own
   * commits), else undefined: a synchronous shortcut for the per-request checks, which then cost no promise.
   */
  known?(lab: LabId): number | undefined;

  /** Inside a read unit, before it reads anything else: the revision of the state that unit sees. */
  abstract seen(lab: LabId): Promise<number | undefined>;
}
