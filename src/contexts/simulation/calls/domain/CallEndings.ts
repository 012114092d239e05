import type { CallResult } from '../../../monitoring/index.js';
import { REASON_PHRASES } from '@gwsim/sip';

/** How the gateway ends a call: the SIP status the caller gets, its reason phrase and the ITU-T Q.850 cause. */
export interface CallEnding {
  readonly result: CallResult;
  readonly sipStatusCode: number;
  readonly sipReasonPhrase: string;
  readonly q850Cause: number;
}

const ending = (result: CallResult, sipStatusCode: number, sipReasonPhrase: string, q850Cause: number): CallEnding =>
  Object.freeze({ result, sipStatusCode, sipReasonPhrase, q850Cause });

/**
 * The gates, checked in this order before a call is routed, and what each answers (SIMULATION.md has the table):
 * the system is the inactive side of its hot standby pair; maintenance mode; overload (the share of new calls the
 * overload control sheds at the machine's CPU load); licensed capacity exhausted; no
 * route; the route rejects; the route ignores; no usable target.
 */
export const GATE_ENDINGS = {
  standbyInactive: ending('FAILED', 503, 'Service Unavailable', 41),
  maintenance: ending('REJECTED', 503, 'Service Unavailable', 42),
  overload: ending('REJECTED', 503, 'Service Unavailable', 42),
  capacityExhausted: ending('REJECTED', 503, 'Service Unavailable', 34),
  noRoute: ending('REJECTED', 404, 'Not Found', 3),
  routeRejects: ending('REJECTED', 403, 'Forbidden', 21),
  routeIgnores: ending('FAILED', 408, 'Request Timeout', 102),
  noUsableTarget: ending('FAILED', 503, 'Service Unavailable', 38),
} as const;
export type Gate = keyof typeof GATE_ENDINGS;

/** Who ended a call: the caller, the far end, or the gateway itself. */
export type EndingSide = 'inbound' | 'outbound' | 'gateway';

/**
 * How the gateway's safety net ends a call (CallRescue): its handling failed (500 to a caller still waiting, cause
 * 41 temporary failure; 488 and cause 127 when what failed is answering an offer the simulator has no codec for), it got no final answer within the setup limit (Timer C: 408, cause 102 recovery on timer
 * expiry), or its BYE or CANCEL was never answered (cause 102).
 */
export const RESCUE_ENDINGS = {
  handlingFailed: ending('FAILED', 500, 'Server Internal Error', 41),
  offerRefused: ending('FAILED', 488, 'Not Acceptable Here', 127),
  setupTimeout: ending('NO_ANSWER', 408, 'Request Timeout', 102),
  teardownTimeout: ending('ANSWERED', 200, 'OK', 102),
} as const;

/** What the far end answers or the caller does, and how it ends the call. */
export const OUTCOME_ENDINGS = {
  answered: ending('ANSWERED', 200, 'OK', 16),
  busy: ending('BUSY', 486, 'Busy Here', 17),
  noAnswer: ending('NO_ANSWER', 487, 'Request Terminated', 19),
  cancelled: ending('CANCELLED', 487, 'Request Terminated', 16),
  serviceUnavailable: ending('FAILED', 503, 'Service Unavailable', 41),
  serverError: ending('FAILED', 500, 'Server Internal Error', 38),
} as const;

/**
 * Whether a far end's final failure sends the call on to the route's next target: its code in the target's
 * sipStatusCodes, or its telephony status in telStatusList. A redirect (3xx) is no telephony status: it fails over
 * only where the route names its code, and otherwise goes back to the caller with the far end's Contacts.
 */
export function failsOver(target: { failover(status: number | string): boolean }, status: number): boolean {
  if (target.failover(status)) return true;
  return !(status >= 300 && status < 400) && target.failover(telStatusOf(status));
}

/** The telephony status a far end's SIP failure counts as, for a target's telStatusList. */
export function telStatusOf(
  sipStatus: number,
): 'USER_BUSY' | 'NO_ANSWER' | 'REJECTED' | 'UNREACHABLE' | 'ERROR' | 'TIMEOUT' {
  if (sipStatus === 486 || sipStatus === 600) return 'USER_BUSY';
  if (sipStatus === 480 || sipStatus === 487) return 'NO_ANSWER';
  if (sipStatus === 408) return 'TIMEOUT';
  if (sipStatus === 403 || sipStatus === 603) return 'REJECTED';
  if (sipStatus === 404 || sipStatus === 410 || sipStatus === 604) return 'UNREACHABLE';
  return 'ERROR';
}

/** Q.850 causes of far-end failures (RFC 3398 section 8.2.6.1), but 500 → 38 as the gateway has always relayed it. */
const FAILURE_CAUSES: Readonly<Record<number, number>> = {
  // redirects passed back to the caller (ITU-T Q.1912.5: redirection to a new destination)
  300: 23,
  301: 23,
  302: 23,
  305: 23,
  380: 23,
  400: 41,
  401: 21,
  402: 21,
  403: 21,
  404: 1,
  405: 63,
  406: 79,
  407: 21,
  408: 102,
  410: 22,
  413: 127,
  414: 127,
  415: 79,
  416: 127,
  420: 127,
  480: 18,
  481: 41,
  482: 25,
  483: 25,
  484: 28,
  485: 1,
  486: 17,
  488: 127,
  500: 38,
  501: 79,
  502: 38,
  503: 41,
  504: 102,
  505: 127,
  513: 127,
  600: 17,
  603: 21,
  604: 1,
  606: 58,
};

/** How a far end's final failure ends the call when the gateway relays it to the caller. */
export function farEndEnding(status: number): CallEnding {
  if (status === 486) return OUTCOME_ENDINGS.busy;
  if (status === 503) return OUTCOME_ENDINGS.serviceUnavailable;
  if (status === 500) return OUTCOME_ENDINGS.serverError;
  const tel = telStatusOf(status);
  const result: CallResult =
    tel === 'USER_BUSY' ? 'BUSY' : tel === 'NO_ANSWER' ? 'NO_ANSWER' : tel === 'REJECTED' ? 'REJECTED' : 'FAILED';
  return ending(result, status, REASON_PHRASES[status] ?? 'Unknown', FAILURE_CAUSES[status] ?? 31);
}
