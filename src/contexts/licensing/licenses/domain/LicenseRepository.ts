import type { LabId } from '../../../../shared/domain/LabId.js';
import type { License } from './License.js';

/** The licenses of each lab, in import order. */
export abstract class LicenseRepository {
  abstract list(lab: LabId): Promise<License[]>;
  /** Stores a new license (version 0) or a changed one (its status; StaleVersionError when changed since). */
  abstract save(license: License): Promise<void>;
}
