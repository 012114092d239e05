import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsOptional, IsString, ValidateNested } from 'class-validator';
import { FORWARDING_FLAGS, type RoutingForwardProfile } from '../../domain/RoutingForwardProfile.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';
import { SignalingForwardingFlagsDto } from './RoutingForwardProfileDtos.js';

function flagObject(flags: readonly string[]): SignalingForwardingFlagsDto {
  return Object.fromEntries(
    FORWARDING_FLAGS.map((flag) => [flag, flags.includes(flag)]),
  ) as SignalingForwardingFlagsDto;
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
  @ValidateNested()
  @Type(() => StackSignalingForwardingView)
  signalingForwardingFromCallingToCalled!: StackSignalingForwardingView;
  @ValidateNested()
  @Type(() => StackSignalingForwardingView)
  signalingForwardingFromCalledToCalling!: StackSignalingForwardingView;
  /** Left out when the stack names no media forwarder. */
  @IsOptional()
  @ValidateNested()
  @Type(() => MediaNegotiationForwarderView)
  mediaNegotiationForwarder?: MediaNegotiationForwarderView;
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
  @ValidateNested()
  @Type(() => SignalingForwardingFlagsDto)
  signalingForwardingFromCallingToCalled!: SignalingForwardingFlagsDto;
  @ValidateNested()
  @Type(() => SignalingForwardingFlagsDto)
  signalingForwardingFromCalledToCalling!: SignalingForwardingFlagsDto;
  /** Left out when the profile names no forwarding stack (possible through objects/set). */
  @IsOptional()
  @ValidateNested()
  @Type(() => TelephonyForwardingStackView)
  telephonyForwardingStack?: TelephonyForwardingStackView;

  static of(profile: RoutingForwardProfile): RoutingForwardProfileView {
    const s = profile.state;
    const stack = s.telephonyForwardingStack;
    const media = stack?.mediaNegotiationForwarder;
    const extended = (flags: readonly string[]): StackSignalingForwardingView => ({
      ...flagObject(flags),
      notifySipInfoFilters: [...(stack?.notifySipInfoFilters ?? [])],
      profile: stack?.profile ?? 'STANDARD',
    });
    return {
      id: s.id,
      displayName: s.displayName,
      announcementIncoming: s.announcementIncoming,
      announcementOutgoing: s.announcementOutgoing,
      earlyMediaPassThrough: s.earlyMediaPassThrough,
      removeCoreFromSignalingPath: s.removeCoreFromSignalingPath,
      signalingForwardingFromCallingToCalled: flagObject(stack?.fromCallingToCalled ?? []),
      signalingForwardingFromCalledToCalling: flagObject(stack?.fromCalledToCalling ?? []),
      ...(stack
        ? {
            telephonyForwardingStack: {
              id: stack.id,
              displayName: stack.displayName,
              signalingForwardingFromCallingToCalled: extended(stack.fromCallingToCalled),
              signalingForwardingFromCalledToCalling: extended(stack.fromCalledToCalling),
              ...(media ? { mediaNegotiationForwarder: { ...media } } : {}),
            },
          }
        : {}),
    };
  }
}
