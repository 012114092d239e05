import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { License } from '../domain/License.js';
import { LicenseRepository } from '../domain/LicenseRepository.js';
import { LicenseService, type LicenseKeyRequest } from '../domain/LicenseService.js';
import { systemIdsOf } from '../domain/SystemIds.js';
import { LicenseBook } from './LicenseBook.js';

/**
 * licenses/importLod: asks the (simulated) license service for the license of a key, bound to one of this
 * gateway's system ids, and imports it. An unknown key is a 400 LICENSE_KEY_UNKNOWN, a key whose license this lab
 * already holds a 409 LICENSE_KEY_USED, a device that is not one of this gateway's system ids a 400.
 */
@injectable()
export class ImportLicenseFromKey {
  constructor(
    @inject(LicenseService) private readonly service: LicenseService,
    @inject(LicenseBook) private readonly book: LicenseBook,
    @inject(LicenseRepository) private readonly licenses: LicenseRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(lab: LabId, request: LicenseKeyRequest): Promise<License> {
    const devices = systemIdsOf(lab).map((s) => s.id);
    if (!devices.includes(request.licensingDevice)) {
      throw DomainError.invalid(
        'UNKNOWN_LICENSING_DEVICE',
        `licensingDevice '${request.licensingDevice}' is not a system id of this gateway; use one of licenses/systemIds/get: ${devices.join(', ')}`,
        [{ field: 'licensingDevice', rule: 'systemId', message: `must be one of ${devices.join(', ')}` }],
      );
    }
    const identifier = this.service.identifierFor(lab, request.licenseKey);
    if (identifier === undefined) {
      throw DomainError.invalid(
        'LICENSE_KEY_UNKNOWN',
        `licenseKey '${request.licenseKey}' is not known to the license service; check the key`,
        [{ field: 'licenseKey', rule: 'known', message: 'is not a known license key' }],
      );
    }
    return this.unitOfWork.write(lab, async () => {
      const held = await this.licenses.list(lab);
      if (held.some((l) => l.terms.identifier === identifier)) {
        throw DomainError.conflict(
          'LICENSE_KEY_USED',
          `licenseKey '${request.licenseKey}' was already used: its license is imported`,
          [{ field: 'licenseKey', rule: 'unused', message: 'was already used' }],
        );
      }
      const file = await this.service.exchange(lab, request, this.clock.now());
      return this.book.importFile(lab, file);
    });
  }
}
