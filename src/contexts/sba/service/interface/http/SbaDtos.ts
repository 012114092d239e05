import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { SBA_FINGERPRINT_SOURCES, SBA_LOG_LEVELS } from '../../domain/SbaService.js';
import { SbaPemView } from './SbaViews.js';

/** Log options as sent: members left out (or null) take their defaults (level INFO, maxArchiveDays 30). */
export class SbaLogDto {
  @IsOptional()
  @IsIn(SBA_LOG_LEVELS)
  level?: string | null;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: "directory of the service's log files (default log/sba)" })
  directory?: string | null;

  @IsOptional()
  @IsInt()
  @JSONSchema({ minimum: 1, maximum: 3650, default: 30, description: 'days archived logs are kept' })
  maxArchiveDays?: number | null;
}

/** The fingerprint as sent: CUSTOM takes `value`; CERTIFICATE takes the stored certificate's SHA-256 fingerprint. */
export class SbaFingerprintDto {
  @IsIn(SBA_FINGERPRINT_SOURCES)
  source!: string;

  @IsOptional()
  @IsString()
  value?: string | null;
}

/** SBA options as sent to sba/set: members left out (or null) stay as they are; `certificate` is ignored (sba/certificate/set uploads it). */
export class SbaOptionsDto {
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'application / client id' })
  application?: string | null;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'identity / FQDN of the SBA' })
  identity?: string | null;

  @IsOptional()
  @IsString()
  tenantId?: string | null;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'application / client secret: accepted, never returned' })
  secret?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => SbaLogDto)
  log?: SbaLogDto | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => SbaFingerprintDto)
  fingerprint?: SbaFingerprintDto | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => SbaPemView)
  @JSONSchema({ description: 'ignored: upload with sba/certificate/set' })
  certificate?: SbaPemView | null;
}
