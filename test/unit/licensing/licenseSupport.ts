import { License, type LicenseTerms } from '../../../src/contexts/licensing/licenses/domain/License.js';
import type { LicenseStatus } from '../../../src/contexts/licensing/licenses/domain/LicenseStatus.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';

let counter = 0;

export function terms(overrides: Partial<LicenseTerms> = {}): LicenseTerms {
  counter += 1;
  return {
    identifier: `lic-${counter}`,
    name: `license ${counter}`,
    products: ['gwsim'],
    application: 'gateway',
    requiredSystemIds: [],
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validUntil: new Date('2026-12-31T23:59:59Z'),
    softwareUpdateServiceUntil: undefined,
    facilities: [{ name: 'telrtSession', value: 4 }],
    constraints: [],
    invalidates: [],
    ...overrides,
  };
}

export function license(
  overrides: Partial<LicenseTerms> = {},
  status: LicenseStatus = 'CONFIGURED',
  signatureValid = true,
): License {
  counter += 1;
  return new License(DEFAULT_LAB, {
    id: `id-${counter}`,
    terms: terms(overrides),
    signatureValid,
    importedAt: new Date('2026-03-01T00:00:00Z'),
    position: counter,
    status,
    version: 0,
  });
}
