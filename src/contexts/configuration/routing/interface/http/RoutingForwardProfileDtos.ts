import { Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { FORWARDING_FLAGS } from '../../domain/RoutingForwardProfile.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

/**
 * Signaling forwarding of one direction as an object of boolean flags keyed by flag name (`ADDRESS`,
 * `ACTIVE_APPARENT_STATE`, …). In a request, a flag left out is off; when the whole object is left out, ADDRESS
 * alone is forwarded (the catalog's default). Answers name every flag.
 */
@SchemaName('SignalingForwardingFlags')
export class SignalingForwardingFlagsDto {
  @IsOptional() @IsBoolean() ADDRESS?: boolean | null;
  @IsOptional() @IsBoolean() ACTIVE_APPARENT_STATE?: boolean | null;
  @IsOptional() @IsBoolean() DIVERSION?: boolean | null;
  @IsOptional() @IsBoolean() USER_TO_USER?: boolean | null;
  @IsOptional() @IsBoolean() REFER?: boolean | null;
  @IsOptional() @IsBoolean() DTMF?: boolean | null;
  @IsOptional() @IsBoolean() MESSAGE?: boolean | null;
}

/** AddRoutingForwardProfileDto: left-out booleans take the catalog's defaults (earlyMediaPassThrough true, others false). */
@SchemaName('AddRoutingForwardProfileOptions')
export class AddRoutingForwardProfileDto {
  @IsString() @MaxLength(255) displayName!: string;
  @IsOptional() @IsBoolean() announcementIncoming?: boolean | null;
  @IsOptional() @IsBoolean() announcementOutgoing?: boolean | null;
  @IsOptional() @IsBoolean() earlyMediaPassThrough?: boolean | null;
  @IsOptional() @IsBoolean() removeCoreFromSignalingPath?: boolean | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => SignalingForwardingFlagsDto)
  signalingForwardingFromCallingToCalled?: SignalingForwardingFlagsDto | null;
  @IsOptional()
  @ValidateNested()
  @Type(() => SignalingForwardingFlagsDto)
  signalingForwardingFromCalledToCalling?: SignalingForwardingFlagsDto | null;
}

/** The flags set in a request's flag object (undefined when the object is left out). */
export function flagsFrom(dto: SignalingForwardingFlagsDto | null | undefined): string[] | undefined {
  if (!dto) return undefined;
  return FORWARDING_FLAGS.filter((flag) => (dto as Record<string, unknown>)[flag] === true);
}
