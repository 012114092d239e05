import {
  checkRequest,
  isRtpProto,
  rejection,
  sdpOf,
  sdpRejection,
  type RequestCapabilities,
  type RequestRejection,
  type SipRequest,
} from '@gwsim/sip';
import { ALLOW } from './wireMessages.js';

/**
 * What the lab's nodes serve (RFC 3261 section 8.2): the methods of ALLOW (any other gets 501 with Allow), no
 * option tag in Require (420 with Unsupported), and the bodies the gateway reads or carries: SDP (also in a
 * multipart body), DTMF in INFO (application/dtmf-relay, application/dtmf) and sipfrag (415 with Accept otherwise).
 */
export const GATEWAY_CAPABILITIES: RequestCapabilities = Object.freeze({
  methods: Object.freeze(ALLOW.split(', ')),
  // the stack's parseSip checked every header's grammar already
  headersChecked: true,
  optionTags: Object.freeze([]),
  contentTypes: Object.freeze([
    'application/sdp',
    'multipart/mixed',
    'application/dtmf-relay',
    'application/dtmf',
    'message/sipfrag',
  ]),
});

/** Methods that only exist inside a dialog: outside one they name no dialog (RFC 3261 section 12.2.2, RFC 3311 section 5.2, RFC 6086 section 4.2.2). */
const DIALOG_ONLY = new Set(['BYE', 'INFO', 'UPDATE', 'PRACK']);

/**
 * Why a request a node receives is refused before the gateway acts on it, or undefined to take it: RFC 3261's
 * checks in their order (checkRequest: 505, 400, 501, 416, 483, 420, 415), then 481 for a method that needs a dialog
 * outside one, then, for a new INVITE, its offer: malformed SDP is 488 with a Warning 399 naming the fault, an offer
 * with no audio stream the relay can carry 488 with Warning 304 (RFC 3261 section 21.4.26, RFC 3264 section 6).
 */
export function screenRequest(request: SipRequest, inDialog: boolean, agent: string): RequestRejection | undefined {
  const refused = checkRequest(request, GATEWAY_CAPABILITIES);
  if (refused) return refused;
  if (!inDialog && DIALOG_ONLY.has(request.method))
    return rejection(481, `${request.method} outside a dialog names no dialog`);
  if (request.method !== 'INVITE' || inDialog) return undefined;
  const body = sdpOf(request);
  if (body.kind === 'malformed') return sdpRejection(399, agent, `malformed SDP: ${body.reason}`.slice(0, 120));
  if (body.kind === 'none') return undefined;
  const carried = body.sdp.media.some((m) => m.kind === 'audio' && m.port !== 0 && isRtpProto(m.proto));
  return carried ? undefined : sdpRejection(304, agent);
}
