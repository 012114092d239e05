import type { LabId } from '../../../../shared/domain/LabId.js';

/** The port other contexts ask for licensed capacity: the sum of the facilities of the lab's ACTIVE licenses. */
export abstract class LicensedCapacity {
  /** Every facility granted now, by name (e.g. telrtSession → 4); absent names grant 0. */
  abstract facilities(lab: LabId): Promise<ReadonlyMap<string, number>>;
  /** One facility's granted value now (0 when no ACTIVE license grants it). */
  abstract facility(lab: LabId, name: string): Promise<number>;
}
