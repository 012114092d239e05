import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { NUMBER_FILTER_MODES } from '../../domain/SessionLegs.js';

/**
 * ActiveSessionsFilter: numberFilter matched against every leg's local and remote number as numberFilterMode
 * says (startswith, the default; contains; exact); count caps the sessions answered (oldest first). An empty
 * object answers every session.
 */
export class ActiveSessionsFilterDto {
  @IsOptional()
  @IsIn(NUMBER_FILTER_MODES)
  numberFilterMode?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  numberFilter?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000)
  count?: number;
}

/** TelIdent: the fields a session is looked up by; every field given must match, `{}` matches every recorded session. */
export class TelIdentDto {
  @IsOptional()
  @IsString()
  @MaxLength(128)
  sessionIdentifier?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  telLocalNumber?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  telRemoteNumber?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  nodeId?: string;
}

/** SetMuteRequestDataJson: mute (true) or unmute (false) the recording of a session in progress. */
export class SetMuteRequestDto {
  @IsString()
  @MaxLength(128)
  sessionIdentifier!: string;

  @IsBoolean()
  mute!: boolean;
}
