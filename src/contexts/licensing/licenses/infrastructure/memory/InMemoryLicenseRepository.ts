import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { License, type LicenseState } from '../../domain/License.js';
import { LicenseRepository } from '../../domain/LicenseRepository.js';

/** In memory: snapshots per lab and id. */
@injectable()
export class InMemoryLicenseRepository extends LicenseRepository {
  private readonly byLab = new Map<LabId, Map<string, LicenseState>>();

  async list(lab: LabId): Promise<License[]> {
    return [...(this.byLab.get(lab)?.values() ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((s) => new License(lab, s));
  }

  async save(license: License): Promise<void> {
    const licenses = this.byLab.get(license.lab) ?? new Map<string, LicenseState>();
    const stored = licenses.get(license.id);
    if ((stored?.version ?? 0) !== license.version) throw new StaleVersionError('License', license.id);
    if (
      !stored &&
      [...licenses.values()].some(
        (s) => s.position === license.position || s.terms.identifier === license.terms.identifier,
      )
    ) {
      throw new StaleVersionError('License', license.id);
    }
    licenses.set(license.id, { ...license.snapshot(), version: license.version + 1 });
    this.byLab.set(license.lab, licenses);
  }
}
