import { License } from './License.js';
import type { LicenseStatus } from './LicenseStatus.js';
import { FINAL_STATUSES } from './LicenseStatus.js';

/** What a gateway checks a license against. */
export interface GatewayFacts {
  readonly product: string;
  readonly application: string;
  /** The gateway's device ids (systemIds/get). */
  readonly systemIds: readonly string[];
  /** The date of the running software: a license whose software update service ended before it gets SUS_UNTIL. */
  readonly softwareRelease: Date;
}

/** The product and application this simulator is (a license must name both). */
export const GATEWAY_PRODUCT = 'gwsim';
export const GATEWAY_APPLICATION = 'gateway';
/** The release date of the simulated gateway software (SUS_UNTIL compares the software update service end to it). */
export const SOFTWARE_RELEASE = new Date('2026-06-01T00:00:00.000Z');

/** What the license's own document and the gateway decide, before the other licenses and the clock. */
function intrinsic(license: License, facts: GatewayFacts): LicenseStatus | undefined {
  const t = license.terms;
  if (!license.signatureValid) return 'SIGNATURE';
  if (!t.products.includes(facts.product)) return 'PRODUCT';
  if (t.application !== facts.application) return 'APPLICATION';
  if (t.requiredSystemIds.some((id) => !facts.systemIds.includes(id))) return 'SYSTEM_ID';
  return undefined;
}

/**
 * The status every license of a lab should have now. Order of checks: signature, product, application, system
 * id (the license alone); then MUTEX (it and another sound license invalidate each other), INVALIDATED (a sound
 * license names its identifier in `invalidates`); then the clock: VALID_FROM before its start, VALID_UNTIL after
 * its end (a license without an end never reaches it), SUS_UNTIL when its software update service ended before the software's release; else ACTIVE.
 * Only sound licenses (no intrinsic fault) invalidate others.
 */
export function evaluateLicenses(
  licenses: readonly License[],
  facts: GatewayFacts,
  now: Date,
): Map<string, LicenseStatus> {
  const sound = licenses.filter((l) => intrinsic(l, facts) === undefined);
  const result = new Map<string, LicenseStatus>();
  for (const license of licenses) {
    const fault = intrinsic(license, facts);
    if (fault) {
      result.set(license.id, fault);
      continue;
    }
    const identifier = license.terms.identifier;
    const invalidators = sound.filter((o) => o !== license && o.terms.invalidates.includes(identifier));
    const t = license.terms;
    let status: LicenseStatus;
    if (invalidators.some((o) => t.invalidates.includes(o.terms.identifier))) status = 'MUTEX';
    else if (invalidators.length > 0) status = 'INVALIDATED';
    else if (now < t.validFrom) status = 'VALID_FROM';
    else if (t.validUntil !== undefined && now > t.validUntil) status = 'VALID_UNTIL';
    else if (t.softwareUpdateServiceUntil && t.softwareUpdateServiceUntil < facts.softwareRelease) status = 'SUS_UNTIL';
    else status = 'ACTIVE';
    // a final status is never left; INVALIDATED only towards MUTEX (licenses are never removed)
    if (FINAL_STATUSES.includes(license.status) || license.status === 'MUTEX') status = license.status;
    else if (license.status === 'INVALIDATED' && status !== 'MUTEX') status = 'INVALIDATED';
    result.set(license.id, status);
  }
  return result;
}

/** Sum of the facilities of ACTIVE licenses, by facility name. */
export function capacityOf(licenses: readonly License[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const license of licenses) {
    if (license.status !== 'ACTIVE') continue;
    for (const f of license.terms.facilities) sums.set(f.name, (sums.get(f.name) ?? 0) + f.value);
  }
  return sums;
}
