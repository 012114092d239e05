import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { LICENSE_STATUSES } from '../../domain/LicenseStatus.js';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import type { License } from '../../domain/License.js';
import type { SystemId } from '../../domain/SystemIds.js';

/** A facility as licenses/get answers it: `{"name": "telrtSession = 4", "value": 4}`. */
export class LicenseFacilityView {
  @IsString()
  name!: string;

  @IsInt()
  @Min(0)
  value!: number;
}

/**
 * License as the real product answers it. Lists (products, constraints, requiredSystemIds) are bracketed list
 * texts (`[anynode]`); invalidatedLicences is the count of licenses it invalidates, as a text; dates follow the
 * request's dateFormat; a field with no value is left out, never null (validUntil of a license that does not
 * expire, softwareUpdateServiceUntil of one without an end of its software update service).
 */
export class LicenseView {
  @IsString()
  id!: string;

  @IsString()
  identifier!: string;

  @IsString()
  name!: string;

  @IsString()
  validFrom!: string;

  /** absent (never null) for a license that does not expire */
  @IsOptional()
  @IsString()
  validUntil?: string;

  @IsOptional()
  @IsString()
  softwareUpdateServiceUntil?: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => LicenseFacilityView)
  facilities!: LicenseFacilityView[];

  @IsString()
  constraints!: string;

  @IsString()
  products!: string;

  @IsString()
  requiredSystemIds!: string;

  @IsString()
  invalidatedLicences!: string;

  @IsIn(LICENSE_STATUSES)
  status!: string;
}

/** A device id usable for licensing (systemIds/get). */
export class SystemIdView {
  @IsString()
  id!: string;

  @IsIn(['MACHINE', 'NETWORK_ADAPTER'])
  type!: string;

  @IsString()
  description!: string;
}

const bracketed = (items: readonly string[]) => `[${items.join(', ')}]`;

export function licenseView(license: License, dates: WireDates): LicenseView {
  const t = license.terms;
  const until = dates.render(t.validUntil);
  const sus = dates.render(t.softwareUpdateServiceUntil);
  return {
    id: license.id,
    identifier: t.identifier,
    name: t.name,
    validFrom: dates.render(t.validFrom),
    ...(until !== undefined ? { validUntil: until } : {}),
    ...(sus !== undefined ? { softwareUpdateServiceUntil: sus } : {}),
    facilities: t.facilities.map((f) => ({ name: `${f.name} = ${f.value}`, value: f.value })),
    constraints: bracketed(t.constraints),
    products: bracketed(t.products),
    requiredSystemIds: bracketed(t.requiredSystemIds),
    invalidatedLicences: String(t.invalidates.length),
    status: license.status,
  };
}

export function systemIdView(systemId: SystemId): SystemIdView {
  return { id: systemId.id, type: systemId.type, description: systemId.description };
}
