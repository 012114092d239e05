import { DomainError } from '../../../../shared/domain/DomainError.js';
import { FORWARDING_FLAGS } from '../../graph/domain/catalog/sorts/telephonySorts.js';

export { FORWARDING_FLAGS };
export const MEDIA_MODES = ['TRANSCODING', 'PASS_THROUGH', 'BYPASS'] as const;

/** The media negotiation forwarder (MNS_FORWARDER_DOMAIN) of a forwarding stack. */
export interface MediaNegotiationForwarder {
  readonly id: string;
  readonly displayName: string;
  readonly mediaMode: string;
  /** The media transcoding options (MEDIA_PUMP_DOMAIN); empty when none. */
  readonly mediaTranscodingOptionsId: string;
}

/** The telephony forwarding stack (TELFW_STACK) of a profile: which signaling is forwarded between the legs. */
export interface TelephonyForwardingStack {
  readonly id: string;
  readonly displayName: string;
  readonly profile: string;
  /** The flags forwarded from the calling to the called leg (`ADDRESS`, `ACTIVE_APPARENT_STATE`, …). */
  readonly fromCallingToCalled: readonly string[];
  readonly fromCalledToCalling: readonly string[];
  readonly notifySipInfoFilters: readonly string[];
  readonly mediaNegotiationForwarder?: MediaNegotiationForwarder;
}

export interface RoutingForwardProfileState {
  readonly id: string;
  readonly displayName: string;
  readonly announcementIncoming: boolean;
  readonly announcementOutgoing: boolean;
  readonly earlyMediaPassThrough: boolean;
  readonly removeCoreFromSignalingPath: boolean;
  /** Absent when the profile names no forwarding stack (possible through objects/set). */
  readonly telephonyForwardingStack?: TelephonyForwardingStack;
}

function checkFlags(flags: readonly string[], field: string): readonly string[] {
  const unknown = flags.filter((flag) => !FORWARDING_FLAGS.includes(flag));
  if (unknown.length > 0) {
    throw DomainError.invalid(
      'FORWARDING_FLAG_UNKNOWN',
      `${field} names unknown flags: ${unknown.join(', ')} (flags: ${FORWARDING_FLAGS.join(', ')})`,
      unknown.map((flag) => ({
        field: `${field}.${flag}`,
        rule: 'flag',
        message: `${field}.${flag} is not a forwarding flag (flags: ${FORWARDING_FLAGS.join(', ')})`,
      })),
    );
  }
  return [...new Set(flags)];
}

/**
 * A routing forward profile (TELRT_FORWARDER_DOMAIN) with its forwarding stack and media forwarder: how a routed
 * session is forwarded. Invariants: a non-empty name, forwarding flags from the known set, a known media mode.
 */
export class RoutingForwardProfile {
  readonly state: RoutingForwardProfileState;

  constructor(state: RoutingForwardProfileState) {
    if (state.displayName.trim() === '') {
      throw DomainError.invalid('DISPLAY_NAME_REQUIRED', 'a routing forward profile needs a non-empty displayName', [
        { field: 'displayName', rule: 'required', message: 'displayName must not be empty' },
      ]);
    }
    const stack = state.telephonyForwardingStack;
    const media = stack?.mediaNegotiationForwarder;
    if (media && !(MEDIA_MODES as readonly string[]).includes(media.mediaMode)) {
      throw DomainError.invalid('MEDIA_MODE_UNKNOWN', `mediaMode must be one of ${MEDIA_MODES.join(', ')}`);
    }
    const { telephonyForwardingStack: _stack, ...rest } = state;
    this.state = {
      ...rest,
      displayName: state.displayName.trim(),
      ...(stack
        ? {
            telephonyForwardingStack: {
              ...stack,
              fromCallingToCalled: checkFlags(stack.fromCallingToCalled, 'signalingForwardingFromCallingToCalled'),
              fromCalledToCalling: checkFlags(stack.fromCalledToCalling, 'signalingForwardingFromCalledToCalling'),
            },
          }
        : {}),
    };
  }

  get id(): string {
    return this.state.id;
  }
  get displayName(): string {
    return this.state.displayName;
  }
}
