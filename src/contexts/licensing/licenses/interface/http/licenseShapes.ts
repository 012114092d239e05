import { Type } from 'class-transformer';
import { IsArray, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { LICENSE_STATUSES } from '../../domain/LicenseStatus.js';

/** A facility as licenses/get answers it: `{"name": "telrtSession = 4", "value": 4}`. */
export class LicenseFacilityView {
  @IsString()
  name!: string;

  @IsInt() @Min(0)
  value!: number;
}

/**
 * License as the real product answers it. Lists (products, constraints, requiredSystemIds) are bracketed list
 * texts (`[anynode]`); invalidatedLicences is the count of licenses it invalidates, as a text; dates follow the
 * request's dateFormat; a field with no value is left out.
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

  @IsString()
  validUntil!: string;

  @IsOptional() @IsString()
  softwareUpdateServiceUntil?: string;

  @IsArray() @ValidateNested({ each: true }) @Type(() => LicenseFacilityView)
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

/** ImportLodData: a license key to exchange at the license service for a license bound to `licensingDevice`. */
export class ImportLodDataDto {
  @IsString() @IsNotEmpty() @MaxLength(128)
  licenseKey!: string;

  @IsString() @IsNotEmpty() @MaxLength(256)
  companyName!: string;

  @IsString() @IsEmail() @MaxLength(256)
  emailAddress!: string;

  /** One of the system ids of licenses/systemIds/get. */
  @IsString() @IsNotEmpty() @MaxLength(128)
  licensingDevice!: string;
}
