import type { CallResult } from '../../../monitoring/index.js';

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
 * the system is the inactive side of its hot standby pair; maintenance mode; licensed capacity exhausted; no
 * route; the route rejects; the route ignores; no usable target.
 */
export const GATE_ENDINGS = {
  standbyInactive: ending('FAILED', 503, 'Service Unavailable', 41),
  maintenance: ending('REJECTED', 503, 'Service Unavailable', 42),
  capacityExhausted: ending('REJECTED', 503, 'Service Unavailable', 34),
  noRoute: ending('REJECTED', 404, 'Not Found', 3),
  routeRejects: ending('REJECTED', 403, 'Forbidden', 21),
  routeIgnores: ending('FAILED', 408, 'Request Timeout', 102),
  noUsableTarget: ending('FAILED', 503, 'Service Unavailable', 38),
} as const;
export type Gate = keyof typeof GATE_ENDINGS;

/** What the far end answers or the caller does, and how it ends the call. */
export const OUTCOME_ENDINGS = {
  answered: ending('ANSWERED', 200, 'OK', 16),
  busy: ending('BUSY', 486, 'Busy Here', 17),
  noAnswer: ending('NO_ANSWER', 487, 'Request Terminated', 19),
  cancelled: ending('CANCELLED', 487, 'Request Terminated', 16),
  serviceUnavailable: ending('FAILED', 503, 'Service Unavailable', 41),
  serverError: ending('FAILED', 500, 'Server Internal Error', 38),
} as const;

/** The telephony status a far end's SIP failure counts as, for a target's telStatusList. */
export function telStatusOf(sipStatus: number): 'USER_BUSY' | 'NO_ANSWER' | 'REJECTED' | 'UNREACHABLE' | 'ERROR' | 'TIMEOUT' {
  if (sipStatus === 486 || sipStatus === 600) return 'USER_BUSY';
  if (sipStatus === 480 || sipStatus === 487) return 'NO_ANSWER';
  if (sipStatus === 408) return 'TIMEOUT';
  if (sipStatus === 403 || sipStatus === 603) return 'REJECTED';
  if (sipStatus === 404 || sipStatus === 410 || sipStatus === 604) return 'UNREACHABLE';
  return 'ERROR';
}
