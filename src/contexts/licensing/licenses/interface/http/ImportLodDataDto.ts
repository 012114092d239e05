import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** ImportLodData: a license key to exchange at the license service for a license bound to `licensingDevice`. */
export class ImportLodDataDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  licenseKey!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  companyName!: string;

  @IsString()
  @IsEmail()
  @MaxLength(256)
  emailAddress!: string;

  /** One of the system ids of licenses/systemIds/get. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  licensingDevice!: string;
}
