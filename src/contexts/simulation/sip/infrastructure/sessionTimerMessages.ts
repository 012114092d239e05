import {
  formatSessionExpires,
  headerValues,
  minSeOf,
  sessionExpiresOf,
  supportsSessionTimer,
  TIMER_OPTION_TAG,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { answerAsUas, type TimerRequest, type UasTimerDecision } from '../domain/sessionTimerTerms.js';
import { localResponse } from './localResponse.js';
import { firstHeader, withHeader } from './wireMessages.js';

/** What a request says about session timers (RFC 4028 sections 4, 5 and 7.1). */
export function timerRequestOf(request: SipRequest): TimerRequest {
  return {
    sessionExpires: sessionExpiresOf(request),
    minSe: minSeOf(request),
    supportsTimer: supportsSessionTimer(request),
  };
}

/** The message with `tag` in its header `name` (Supported, Require), beside the tags it names already. */
export function withOptionTag<T extends SipMessage>(message: T, name: 'Supported' | 'Require', tag: string): T {
  if (headerValues(message, name).some((value) => value.trim().toLowerCase() === tag)) return message;
  const present = firstHeader(message, name);
  return withHeader(message, name, present === undefined ? tag : `${present}, ${tag}`);
}

/**
 * Why a node refuses a new INVITE for its session timer, or undefined to take it: a node with session timers off
 * cannot honour `Require: timer` (420 with Unsupported, RFC 3261 section 8.2.2.3); a Session-Expires below the
 * node's Min-SE from a caller that supports timers is 422 with the node's Min-SE (RFC 4028 sections 6, 8.1 and 9).
 */
export function sessionTimerRefusal(node: PlanNode, request: SipRequest, callId: string): SipResponse | undefined {
  const settings = node.sip.sessionTimer;
  if (!settings.enabled) {
    const required = headerValues(request, 'Require').some((tag) => tag.trim().toLowerCase() === TIMER_OPTION_TAG);
    return required ? withHeader(localResponse(request, 420, callId), 'Unsupported', TIMER_OPTION_TAG) : undefined;
  }
  const decision = answerAsUas(settings, timerRequestOf(request));
  if (decision.kind !== 'tooSmall') return undefined;
  return withHeader(localResponse(request, 422, callId), 'Min-SE', String(decision.minSeconds));
}

/**
 * The gateway's INVITE toward a far end with the node's session timer offered (RFC 4028 section 7.1): Supported:
 * timer, the node's interval in Session-Expires with no refresher (left to the far end, as the section recommends)
 * and its Min-SE. A node with session timers off offers none.
 */
export function offeringSessionTimer(invite: SipRequest, node: PlanNode): SipRequest {
  const settings = node.sip.sessionTimer;
  if (!settings.enabled) return invite;
  let offered = withOptionTag(invite, 'Supported', TIMER_OPTION_TAG);
  offered = withHeader(offered, 'Session-Expires', String(settings.expiresSeconds));
  return withHeader(offered, 'Min-SE', String(settings.minSeconds));
}

/** The gateway's 2xx as UAS with the session timer it decided: Session-Expires with the refresher, Require: timer. */
export function withTimerAnswer(response: SipResponse, decision: UasTimerDecision): SipResponse {
  if (decision.kind !== 'run') return response;
  const answered = withHeader(response, 'Session-Expires', formatSessionExpires(decision.sessionExpires));
  return decision.require ? withOptionTag(answered, 'Require', TIMER_OPTION_TAG) : answered;
}

/**
 * An SDP as the gateway compares it to tell a session refresh from a change: its lines trimmed, the o= line without
 * its version. RFC 3264 section 8 keeps the version of an unchanged session and moves it with every change, but the
 * version alone is not trusted: some UAs keep it while they change the media (3CX in pjproject's tickets 1864 and
 * 1866), and a new version over the same lines changes nothing.
 */
export function sessionOf(sdp: string): string {
  return sdp
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => (line.startsWith('o=') ? line.replace(/^(o=\S+\s+\S+)\s+\S+/, '$1') : line))
    .join('\n');
}

/** Whether a message's Allow names UPDATE (RFC 3311 section 5.1: the peer takes it). */
export function allowsUpdate(message: SipMessage): boolean {
  return headerValues(message, 'Allow').some((method) => method.trim().toUpperCase() === 'UPDATE');
}
