import { header, headerValues, type SipMessage } from './message.js';

/**
 * Session timers (RFC 4028): the Session-Expires and Min-SE header fields and the `timer` option tag. The smallest
 * session interval anyone may ask for is 90 seconds (section 4: "MUST NOT be less than 90 seconds"; section 5: a
 * missing Min-SE means 90).
 */
export const TIMER_OPTION_TAG = 'timer';
export const MIN_SESSION_INTERVAL_SECONDS = 90;

/** Who refreshes the session: the UAC or the UAS of the transaction that carries the header (RFC 4028 section 4). */
export type RefresherParam = 'uac' | 'uas';

/** A Session-Expires value: delta-seconds and the refresher parameter, when it names one. */
export interface SessionExpires {
  readonly seconds: number;
  readonly refresher: RefresherParam | undefined;
}

/** delta-seconds (RFC 3261 section 25.1): a value beyond 2^32-1 is taken as 2^32-1. */
function deltaSeconds(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,20}$/.test(trimmed)) return undefined;
  return Math.min(Number(trimmed), 0xffffffff);
}

/**
 * A Session-Expires value (RFC 4028 section 4: `delta-seconds *(SEMI se-params)`, se-params a refresher parameter
 * `uac`/`uas` or a generic parameter); undefined when it does not parse. A refresher parameter naming anything else
 * is taken as naming none.
 */
export function parseSessionExpires(value: string): SessionExpires | undefined {
  const [first, ...params] = value.split(';');
  const seconds = deltaSeconds(first ?? '');
  if (seconds === undefined) return undefined;
  let refresher: RefresherParam | undefined;
  for (const param of params) {
    const [name, raw] = param.split('=');
    if (name?.trim().toLowerCase() !== 'refresher') continue;
    const named = raw?.trim().toLowerCase();
    if (named === 'uac' || named === 'uas') refresher = named;
  }
  return { seconds, refresher };
}

/** A Min-SE value (RFC 4028 section 5: `delta-seconds *(SEMI generic-param)`); undefined when it does not parse. */
export function parseMinSe(value: string): number | undefined {
  return deltaSeconds(value.split(';')[0] ?? '');
}

/** The message's Session-Expires (compact `x` too); undefined when it has none or it does not parse. */
export function sessionExpiresOf(message: SipMessage): SessionExpires | undefined {
  const value = header(message, 'Session-Expires');
  return value === undefined ? undefined : parseSessionExpires(value);
}

/** The message's Min-SE in seconds; undefined when it has none or it does not parse. */
export function minSeOf(message: SipMessage): number | undefined {
  const value = header(message, 'Min-SE');
  return value === undefined ? undefined : parseMinSe(value);
}

/** A Session-Expires value as it goes on the wire (`1800;refresher=uac`). */
export function formatSessionExpires(expires: SessionExpires): string {
  return expires.refresher === undefined
    ? String(expires.seconds)
    : `${expires.seconds};refresher=${expires.refresher}`;
}

/** Whether the message names `timer` in Supported or Require (RFC 4028 section 3: the UA supports session timers). */
export function supportsSessionTimer(message: SipMessage): boolean {
  return [...headerValues(message, 'Supported'), ...headerValues(message, 'Require')].some(
    (tag) => tag.trim().toLowerCase() === TIMER_OPTION_TAG,
  );
}
