import type { RefresherParam, SessionExpires } from '@gwsim/sip';

/**
 * Session timers (RFC 4028) on one leg of the gateway, as pure decisions: what the gateway answers when it is the UAS
 * of a request that may ask for a session timer (section 9), what it takes from a 2xx to its own request (section
 * 7.2), and when it refreshes or gives the session up (section 10). The gateway terminates session timers per leg,
 * as SBCs do: each leg negotiates its own interval and refresher with its own peer.
 */

/** A node's session timer settings (PlanNode.sip.sessionTimer). */
export interface SessionTimerSettings {
  readonly enabled: boolean;
  /** The session interval the node asks for (its Session-Expires). */
  readonly expiresSeconds: number;
  /** The smallest session interval the node takes (its Min-SE). */
  readonly minSeconds: number;
}

/** Who refreshes a leg's session: the gateway itself or the leg's peer. */
export type Refresher = 'gateway' | 'peer';

/** A session timer in force on a leg: its session interval and who refreshes. */
export interface SessionTimerTerms {
  readonly intervalSeconds: number;
  readonly refresher: Refresher;
}

/** What a request the gateway receives (as UAS) says about session timers. */
export interface TimerRequest {
  readonly sessionExpires: SessionExpires | undefined;
  readonly minSe: number | undefined;
  /** The peer named `timer` in Supported or Require. */
  readonly supportsTimer: boolean;
}

/** The gateway's answer to a request as its UAS: refuse it 422 with Min-SE, run no timer, or run one. */
export type UasTimerDecision =
  | { readonly kind: 'tooSmall'; readonly minSeconds: number }
  | { readonly kind: 'none' }
  | {
      readonly kind: 'run';
      readonly terms: SessionTimerTerms;
      /** The Session-Expires of the gateway's 2xx. */
      readonly sessionExpires: SessionExpires;
      /** Whether the 2xx carries Require: timer. */
      readonly require: boolean;
    };

/**
 * The gateway as UAS of an INVITE or a session refresh (RFC 4028 section 9). `current` is the timer already in force on
 * the leg (for a refresh inside the dialog).
 *
 * - A Session-Expires below the node's Min-SE from a peer that supports timers is refused 422 with the node's Min-SE
 *   (sections 6, 8.1 and 9). A peer that does not support them could not act on a 422: its interval is raised to the
 *   minimum instead (section 8.1 asks the same of a proxy), and the gateway refreshes.
 * - The interval is the peer's, lowered to the node's own when that is smaller, never below the peer's Min-SE nor the
 *   node's (section 9: the UAS may reduce it, never below Min-SE). A peer that asked for none gets the node's interval
 *   (section 9: the UAS may ask for a session timer in its 2xx), the current one in a refresh.
 * - The refresher (section 9, table 2): the one the peer named; when it supports timers and named none, the one in
 *   force on a refresh, else the peer (uac); a peer that does not support timers cannot refresh: the gateway does
 *   (uas).
 * - Require: timer whenever the peer supports timers (section 9: MUST with refresher=uac, SHOULD with uas).
 */
export function answerAsUas(
  settings: SessionTimerSettings,
  request: TimerRequest,
  current?: SessionTimerTerms,
): UasTimerDecision {
  if (!settings.enabled) return { kind: 'none' };
  const asked = request.sessionExpires;
  const minimum = Math.max(settings.minSeconds, request.minSe ?? 0);
  if (asked && asked.seconds < settings.minSeconds && request.supportsTimer)
    return { kind: 'tooSmall', minSeconds: minimum };
  const wanted = asked
    ? Math.min(asked.seconds, settings.expiresSeconds)
    : (current?.intervalSeconds ?? settings.expiresSeconds);
  const intervalSeconds = Math.max(wanted, minimum);
  let refresher: Refresher;
  if (!request.supportsTimer) refresher = 'gateway';
  else if (asked?.refresher !== undefined) refresher = asked.refresher === 'uac' ? 'peer' : 'gateway';
  else refresher = current?.refresher ?? 'peer';
  // in the 2xx the peer is the UAC and the gateway the UAS
  const param: RefresherParam = refresher === 'peer' ? 'uac' : 'uas';
  return {
    kind: 'run',
    terms: { intervalSeconds, refresher },
    sessionExpires: { seconds: intervalSeconds, refresher: param },
    require: request.supportsTimer,
  };
}

/**
 * The timer a 2xx to the gateway's own INVITE or refresh sets (RFC 4028 section 7.2): its Session-Expires says the
 * interval and who refreshes (refresher=uac: the gateway, the UAC; uas: the peer); a 2xx without one means no session
 * expiration (undefined). A 2xx that names no refresher, which section 9 forbids, leaves the refreshing to the gateway.
 */
export function takeAsUac(
  settings: SessionTimerSettings,
  sessionExpires: SessionExpires | undefined,
): SessionTimerTerms | undefined {
  if (!settings.enabled || !sessionExpires || sessionExpires.seconds <= 0) return undefined;
  return {
    intervalSeconds: sessionExpires.seconds,
    refresher: sessionExpires.refresher === 'uas' ? 'peer' : 'gateway',
  };
}

/** The Session-Expires of a request the gateway sends on a leg with a timer in force (the gateway is its UAC, section 7.4). */
export function requestSessionExpires(terms: SessionTimerTerms): SessionExpires {
  return { seconds: terms.intervalSeconds, refresher: terms.refresher === 'gateway' ? 'uac' : 'uas' };
}

/** When the refresher sends its refresh: half the session interval after the last one (RFC 4028 section 10). */
export function refreshDelayMs(terms: SessionTimerTerms): number {
  return (terms.intervalSeconds * 1000) / 2;
}

/**
 * When a session with no refresh is given up, counted from the last refresh (RFC 4028 section 10). The side that does
 * not refresh sends its BYE at the interval minus the lesser of 32 s and a third of the interval; the refresher, whose
 * own refreshes failed, at the interval itself.
 */
export function expiryDelayMs(terms: SessionTimerTerms): number {
  const interval = terms.intervalSeconds * 1000;
  return terms.refresher === 'peer' ? interval - Math.min(32_000, interval / 3) : interval;
}

/**
 * How long the gateway waits before it sends a refresh again after a 491 (RFC 3261 section 14.1): 2.1 to 4 s in
 * steps of 10 ms when it owns the dialog's Call-ID (its outbound legs), 0 to 2 s otherwise. `draw` is in [0, 1).
 */
export function glareRetryMs(ownsCallId: boolean, draw: number): number {
  const steps = Math.floor(draw * (ownsCallId ? 191 : 201));
  return ownsCallId ? 2100 + steps * 10 : steps * 10;
}
