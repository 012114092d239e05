import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { SBA_STATES } from '../../domain/SbaServiceMachine.js';
import { SBA_FINGERPRINT_SOURCES, SBA_LOG_LEVELS } from '../../domain/SbaService.js';

/** A PEM text (the certificate in the options; the answer of the uploads). */
export class SbaPemView {
  @IsString()
  pem!: string;
}

export class SbaLogView {
  @IsIn(SBA_LOG_LEVELS)
  level!: string;

  @IsString()
  directory!: string;

  @IsInt()
  maxArchiveDays!: number;
}

export class SbaFingerprintView {
  @IsIn(SBA_FINGERPRINT_SOURCES)
  source!: string;

  @IsString()
  value!: string;
}

/** SBA options as answered: never the secret; the certificate only from sba/get, once one is stored. */
export class SbaOptionsView {
  @IsOptional()
  @IsString()
  application?: string;

  @IsOptional()
  @IsString()
  identity?: string;

  @IsOptional()
  @IsString()
  tenantId?: string;

  @ValidateNested()
  @Type(() => SbaLogView)
  log!: SbaLogView;

  @ValidateNested()
  @Type(() => SbaFingerprintView)
  fingerprint!: SbaFingerprintView;

  @IsOptional()
  @ValidateNested()
  @Type(() => SbaPemView)
  certificate?: SbaPemView;
}

export class SbaProtocolVersionView {
  @IsString()
  protocol!: string;

  @IsInt()
  major!: number;

  @IsInt()
  minor!: number;
}

export class SbaResponseStatusView {
  @IsString()
  statusLine!: string;

  @IsInt()
  statusCode!: number;

  @ValidateNested()
  @Type(() => SbaProtocolVersionView)
  protocolVersion!: SbaProtocolVersionView;
}

export class SbaStatusRequestStateView {
  @IsString()
  @JSONSchema({ description: 'when the service last asked the platform for its status (`UTC yyyy-mm-dd hh:mm:ss`)' })
  executionTime!: string;

  @ValidateNested()
  @Type(() => SbaResponseStatusView)
  responseStatus!: SbaResponseStatusView;
}

/** SBA status; `stateReason` says why the state is ERROR; the last status request is absent before the first enable. */
export class SbaStatusView {
  @IsBoolean()
  enabled!: boolean;

  @IsBoolean()
  readOnly!: boolean;

  @IsIn(SBA_STATES)
  state!: string;

  @IsOptional()
  @IsString()
  stateReason?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => SbaStatusRequestStateView)
  lastSbaServiceStatusRequestState?: SbaStatusRequestStateView;
}

/** A user of the collaboration platform's directory (the simulated one; the real record's fields are not shown). */
export class SbaUserView {
  @IsString()
  id!: string;

  @IsString()
  displayName!: string;

  @IsString()
  givenName!: string;

  @IsString()
  surname!: string;

  @IsString()
  userPrincipalName!: string;

  @IsString()
  sipAddress!: string;

  @IsString()
  phoneNumber!: string;

  @IsString()
  department!: string;
}
