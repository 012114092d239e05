import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import type { License } from '../../domain/License.js';
import type { SystemId } from '../../domain/SystemIds.js';
import type { LicenseView, SystemIdView } from './licenseShapes.js';

const bracketed = (items: readonly string[]) => `[${items.join(', ')}]`;

export function licenseView(license: License, dates: WireDates): LicenseView {
  const t = license.terms;
  const sus = dates.render(t.softwareUpdateServiceUntil);
  return {
    id: license.id, identifier: t.identifier, name: t.name, validFrom: dates.render(t.validFrom), validUntil: dates.render(t.validUntil),
    ...(sus !== undefined ? { softwareUpdateServiceUntil: sus } : {}),
    facilities: t.facilities.map((f) => ({ name: `${f.name} = ${f.value}`, value: f.value })),
    constraints: bracketed(t.constraints), products: bracketed(t.products), requiredSystemIds: bracketed(t.requiredSystemIds),
    invalidatedLicences: String(t.invalidates.length), status: license.status,
  };
}

export function systemIdView(systemId: SystemId): SystemIdView {
  return { id: systemId.id, type: systemId.type, description: systemId.description };
}
