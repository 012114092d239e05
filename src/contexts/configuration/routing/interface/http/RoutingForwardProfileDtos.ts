import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { FORWARDING_FLAGS, type RoutingForwardProfile } from '../../domain/RoutingForwardProfile.js';
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
  @IsOptional() @ValidateNested() @Type(() => SignalingForwardingFlagsDto) signalingForwardingFromCallingToCalled?: SignalingForwardingFlagsDto | null;
  @IsOptional() @ValidateNested() @Type(() => SignalingForwardingFlagsDto) signalingForwardingFromCalledToCalling?: SignalingForwardingFlagsDto | null;
}

/** The flags set in a request's flag object (undefined when the object is left out). */
export function flagsFrom(dto: SignalingForwardingFlagsDto | null | undefined): string[] | undefined {
  if (!dto) return undefined;
  return FORWARDING_FLAGS.filter((flag) => (dto as Record<string, unknown>)[flag] === true);
}

function flagObject(flags: readonly string[]): SignalingForwardingFlagsDto {
  return Object.fromEntries(FORWARDING_FLAGS.map((flag) => [flag, flags.includes(flag)])) as SignalingForwardingFlagsDto;
}

/** A direction's flags as the forwarding stack shows them: the flags plus the stack's SIP INFO filters and profile. */
@SchemaName('StackSignalingForwarding')
export class StackSignalingForwardingView extends SignalingForwardingFlagsDto {
  @IsArray() @IsString({ each: true }) notifySipInfoFilters!: string[];
  @IsString() profile!: string;
}

export class MediaNegotiationForwarderView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsString() mediaMode!: string;
  /** The media transcoding options (MEDIA_PUMP_DOMAIN); "" for none. */
  @IsString() mediaTranscodingOptionsId!: string;
}

export class TelephonyForwardingStackView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @ValidateNested() @Type(() => StackSignalingForwardingView) signalingForwardingFromCallingToCalled!: StackSignalingForwardingView;
  @ValidateNested() @Type(() => StackSignalingForwardingView) signalingForwardingFromCalledToCalling!: StackSignalingForwardingView;
  /** Left out when the stack names no media forwarder. */
  @IsOptional() @ValidateNested() @Type(() => MediaNegotiationForwarderView) mediaNegotiationForwarder?: MediaNegotiationForwarderView;
}

/** routingForwardProfiles/get with completeData=false: only id and display name. */
export class RoutingForwardProfileEntryView {
  @IsString() id!: string;
  @IsString() displayName!: string;
}

/** A routing forward profile with its configuration, as routingForwardProfiles/add answers it and get with completeData=true. */
export class RoutingForwardProfileView extends RoutingForwardProfileEntryView {
  @IsBoolean() announcementIncoming!: boolean;
  @IsBoolean() announcementOutgoing!: boolean;
  @IsBoolean() earlyMediaPassThrough!: boolean;
  @IsBoolean() removeCoreFromSignalingPath!: boolean;
  @ValidateNested() @Type(() => SignalingForwardingFlagsDto) signalingForwardingFromCallingToCalled!: SignalingForwardingFlagsDto;
  @ValidateNested() @Type(() => SignalingForwardingFlagsDto) signalingForwardingFromCalledToCalling!: SignalingForwardingFlagsDto;
  /** Left out when the profile names no forwarding stack (possible through objects/set). */
  @IsOptional() @ValidateNested() @Type(() => TelephonyForwardingStackView) telephonyForwardingStack?: TelephonyForwardingStackView;

  static of(profile: RoutingForwardProfile): RoutingForwardProfileView {
    const s = profile.state;
    const stack = s.telephonyForwardingStack;
    const media = stack?.mediaNegotiationForwarder;
    const extended = (flags: readonly string[]): StackSignalingForwardingView => ({
      ...flagObject(flags), notifySipInfoFilters: [...(stack?.notifySipInfoFilters ?? [])], profile: stack?.profile ?? 'STANDARD',
    });
    return {
      id: s.id, displayName: s.displayName,
      announcementIncoming: s.announcementIncoming, announcementOutgoing: s.announcementOutgoing,
      earlyMediaPassThrough: s.earlyMediaPassThrough, removeCoreFromSignalingPath: s.removeCoreFromSignalingPath,
      signalingForwardingFromCallingToCalled: flagObject(stack?.fromCallingToCalled ?? []),
      signalingForwardingFromCalledToCalling: flagObject(stack?.fromCalledToCalling ?? []),
      ...(stack ? {
        telephonyForwardingStack: {
          id: stack.id, displayName: stack.displayName,
          signalingForwardingFromCallingToCalled: extended(stack.fromCallingToCalled),
          signalingForwardingFromCalledToCalling: extended(stack.fromCalledToCalling),
          ...(media ? { mediaNegotiationForwarder: { ...media } } : {}),
        },
      } : {}),
    };
  }
}
