import { inject, injectable } from 'inversify';
import { LicenseFileError, parseLicenseFile, verifyLicenseSignature, type LicenseDocument } from '@gwsim/license-file';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import {
  GATEWAY_APPLICATION,
  GATEWAY_PRODUCT,
  SOFTWARE_RELEASE,
  evaluateLicenses,
  type GatewayFacts,
} from '../domain/GatewayLicensing.js';
import { License, type LicenseTerms } from '../domain/License.js';
import { LicenseRepository } from '../domain/LicenseRepository.js';
import { systemIdsOf } from '../domain/SystemIds.js';
import { TRUSTED_VENDOR_PUBLIC_KEY } from '../domain/TrustedVendorKey.js';

export function termsOf(document: LicenseDocument): LicenseTerms {
  return {
    identifier: document.identifier,
    name: document.name,
    products: [...document.products],
    application: document.application,
    requiredSystemIds: [...document.requiredSystemIds],
    validFrom: new Date(document.validFrom),
    validUntil: document.validUntil !== undefined ? new Date(document.validUntil) : undefined,
    softwareUpdateServiceUntil: document.softwareUpdateServiceUntil
      ? new Date(document.softwareUpdateServiceUntil)
      : undefined,
    facilities: document.facilities.map((f) => ({ name: f.name, value: f.value })),
    constraints: [...document.constraints],
    invalidates: [...document.invalidates],
  };
}

export function gatewayFacts(lab: LabId): GatewayFacts {
  return {
    product: GATEWAY_PRODUCT,
    application: GATEWAY_APPLICATION,
    systemIds: systemIdsOf(lab).map((s) => s.id),
    softwareRelease: SOFTWARE_RELEASE,
  };
}

/**
 * The lab's licenses with their statuses brought up to the clock. Status moves (through the state machine, one
 * LicenseStatusChanged each) are stored in a write unit only when there are some; a read that finds every status
 * current stays a read.
 */
@injectable()
export class LicenseBook {
  constructor(
    @inject(LicenseRepository) private readonly licenses: LicenseRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async current(lab: LabId): Promise<License[]> {
    const read = await this.unitOfWork.read(() => this.licenses.list(lab));
    const now = this.clock.now();
    const due = evaluateLicenses(read, gatewayFacts(lab), now);
    if (read.every((l) => due.get(l.id) === l.status)) return read;
    return this.unitOfWork.write(lab, async () => {
      const all = await this.licenses.list(lab);
      await this.settle(lab, all, this.clock.now());
      return all;
    });
  }

  /**
   * Reads a `.xzlicense` file and stores it (inside the caller's write unit or its own): garbage is refused with
   * 400 INVALID_LICENSE_FILE; a well-formed file whose signature the trusted key does not verify is stored and
   * shows SIGNATURE; a second file with an identifier already stored is refused with 409 LICENSE_ALREADY_IMPORTED.
   */
  async importFile(lab: LabId, content: Buffer): Promise<License> {
    let document: LicenseDocument;
    let signatureValid: boolean;
    try {
      const parsed = parseLicenseFile(content);
      document = parsed.license;
      signatureValid = verifyLicenseSignature(parsed.license, parsed.signature, TRUSTED_VENDOR_PUBLIC_KEY);
    } catch (error) {
      if (!(error instanceof LicenseFileError)) throw error;
      throw DomainError.invalid(
        'INVALID_LICENSE_FILE',
        `file: ${error.message}; send a .xzlicense file (gwsim license mint writes one)`,
        [{ field: 'file', rule: 'licenseFile', message: error.message }],
      );
    }
    return this.unitOfWork.write(lab, async () => {
      const all = await this.licenses.list(lab);
      if (all.some((l) => l.terms.identifier === document.identifier)) {
        throw DomainError.conflict(
          'LICENSE_ALREADY_IMPORTED',
          `file: the license '${document.identifier}' is already imported`,
          [{ field: 'file', rule: 'unique', message: `license '${document.identifier}' is already imported` }],
        );
      }
      const now = this.clock.now();
      const license = License.imported(lab, this.ids.uuid(), termsOf(document), signatureValid, now, all.length + 1);
      all.push(license);
      await this.settle(lab, all, now, license);
      return license;
    });
  }

  private async settle(lab: LabId, all: License[], now: Date, added?: License): Promise<void> {
    const due = evaluateLicenses(all, gatewayFacts(lab), now);
    for (const license of all) {
      const moved = license.moveTo(due.get(license.id)!, now);
      if (moved || license === added) await this.licenses.save(license);
      const events = license.pullEvents();
      if (events.length) await this.events.publish(events);
    }
  }
}
