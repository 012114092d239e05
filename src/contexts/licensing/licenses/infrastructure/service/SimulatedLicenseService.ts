import { createHash } from 'node:crypto';
import { injectable } from 'inversify';
import { labPrivateKey, signLicenseFile } from '@gwsim/license-file';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { GATEWAY_APPLICATION, GATEWAY_PRODUCT } from '../../domain/GatewayLicensing.js';
import { LicenseService, type LicenseKeyRequest } from '../../domain/LicenseService.js';

interface CatalogueEntry {
  readonly name: string;
  readonly days: number;
  readonly facilities: ReadonlyArray<{ name: string; value: number }>;
  readonly constraints: readonly string[];
}

/**
 * The simulated license service's catalogue of license keys (documented in LICENSING.md). Each key gives one
 * license per lab, valid from the request for `days` days, bound to the requested device.
 */
export const LICENSE_KEY_CATALOGUE: Readonly<Record<string, CatalogueEntry>> = {
  'GWSIM-LAB4-0000-0001': {
    name: '4 lines lab license',
    days: 365,
    facilities: [
      { name: 'telrtSession', value: 4 },
      { name: 'recSession', value: 2 },
    ],
    constraints: [],
  },
  'GWSIM-LAB30-0000-0002': {
    name: '30 lines lab license',
    days: 365,
    facilities: [
      { name: 'telrtSession', value: 30 },
      { name: 'recSession', value: 10 },
    ],
    constraints: [],
  },
  'GWSIM-DEMO-0000-0003': {
    name: '2 lines demo license',
    days: 30,
    facilities: [{ name: 'telrtSession', value: 2 }],
    constraints: ['telrtDemo'],
  },
};

const DAY = 24 * 60 * 60 * 1000;

function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** License on demand, in process: mints the catalogue's licenses with the (public) lab key. */
@injectable()
export class SimulatedLicenseService extends LicenseService {
  identifierFor(lab: LabId, licenseKey: string): string | undefined {
    return LICENSE_KEY_CATALOGUE[licenseKey] ? uuidFrom(`gwsim-lod:${lab}:${licenseKey}`) : undefined;
  }

  async exchange(lab: LabId, request: LicenseKeyRequest, now: Date): Promise<Buffer> {
    const entry = LICENSE_KEY_CATALOGUE[request.licenseKey];
    const identifier = this.identifierFor(lab, request.licenseKey);
    if (!entry || !identifier)
      throw DomainError.invalid(
        'LICENSE_KEY_UNKNOWN',
        `licenseKey '${request.licenseKey}' is not known to the license service`,
      );
    const from = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const until = new Date(from.getTime() + entry.days * DAY - 1000);
    return signLicenseFile(
      {
        identifier,
        name: entry.name,
        products: [GATEWAY_PRODUCT],
        application: GATEWAY_APPLICATION,
        requiredSystemIds: [request.licensingDevice],
        validFrom: from.toISOString(),
        validUntil: until.toISOString(),
        softwareUpdateServiceUntil: until.toISOString(),
        facilities: entry.facilities.map((f) => ({ ...f })),
        constraints: [...entry.constraints],
        invalidates: [],
      },
      labPrivateKey(),
    );
  }
}
