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
 * What the lab's nodes serve (RFC 3261 section 8.2): the methods of ALLOW and PRACK (any other gets 501 with Allow),
 * no option tag in Require but 100rel and timer (420 with Unsupported), and the bodies the gateway reads or carries: SDP (also in a
 * multipart body), DTMF in INFO (application/dtmf-relay, application/dtmf) and sipfrag (415 with Accept otherwise).
 */
export const GATEWAY_CAPABILITIES: RequestCapabilities = Object.freeze({
  // PRACK (RFC 3262) is taken on every node: at one with 100rel disabled it acknowledges nothing (481)
  methods: Object.freeze([...ALLOW.split(', '), 'PRACK']),
  // the stack's parseSip checked every header's grammar already
  headersChecked: true,
  // 100rel (RFC 3262) and timer (RFC 4028): a node with either disabled refuses a Require of it itself (InboundCalls)
  optionTags: Object.freeze(['100rel', 'timer']),
  // a MESSAGE's content is the users', carried as it came (RFC 3428 section 7)
  carriedBodies: Object.freeze(['MESSAGE']),
  contentTypes: Object.freeze([
    'application/sdp',
    'multipart/mixed',
    'application/dtmf-relay',
    'application/dtmf',
    'message/sipfrag',
  ]),
});

/**
 * Methods the gateway takes only inside a dialog: outside one they name no dialog (RFC 3261 section 12.2.2, RFC 3311
 * section 5.2, RFC 6086 section 4.2.2; a NOTIFY matching no subscription, RFC 6665 section 4.1.3; the gateway carries
 * out transfers within calls only, RFC 3515).
 */
const DIALOG_ONLY = new Set(['BYE', 'INFO', 'UPDATE', 'PRACK', 'NOTIFY', 'REFER']);

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
  return offerRefusal(request, agent);
}

/**
 * Why the SDP offer of an INVITE, re-INVITE or UPDATE is refused, or undefined to take it (none is taken): malformed
 * SDP is 488 with a Warning 399 naming the fault, an offer with no audio stream the relay can carry 488 with Warning
 * 304 (RFC 3261 section 21.4.26, RFC 3264 section 6).
 */
export function offerRefusal(request: SipRequest, agent: string): RequestRejection | undefined {
  const body = sdpOf(request);
  if (body.kind === 'malformed') return sdpRejection(399, agent, `malformed SDP: ${body.reason}`.slice(0, 120));
  if (body.kind === 'none') return undefined;
  const carried = body.sdp.media.some((m) => m.kind === 'audio' && m.port !== 0 && isRtpProto(m.proto));
  return carried ? undefined : sdpRejection(304, agent);
}

/** The SDP encoding name (RFC 3551, RFC 7587, RFC 4733...) of each codec a node's transcoding options can list. */
const ENCODINGS: Readonly<Record<string, string>> = Object.freeze({
  G711A: 'pcma',
  G711U: 'pcmu',
  G722: 'g722',
  G729: 'g729',
  OPUS: 'opus',
  ILBC: 'ilbc',
  GSM: 'gsm',
  AMR_WB: 'amr-wb',
  TELEPHONE_EVENT: 'telephone-event',
});
/** Formats that carry no voice: an offer of these alone has nothing to transcode. */
const NOT_VOICE = new Set(['telephone-event', 'cn']);

/**
 * Whether a new INVITE's offer has a voice codec the node's transcoding options list (PlanMedia.audioCodecs): none of
 * them in any audio stream the relay carries is 488 with Warning 305 "Incompatible media format" (RFC 3261 sections
 * 21.4.26 and 20.43) before the call is routed, so the caller is refused at once rather than after the far end rang.
 * A node whose media negotiation names no transcoding options takes any codec; an INVITE without SDP (a late offer)
 * is answered with the gateway's own offer, which lists only codecs it has.
 */
export function screenOffer(
  request: SipRequest,
  audioCodecs: readonly string[] | undefined,
  agent: string,
): RequestRejection | undefined {
  if (!audioCodecs) return undefined;
  const body = sdpOf(request);
  if (body.kind !== 'sdp') return undefined;
  const listed = new Set(audioCodecs.map((codec) => ENCODINGS[codec]).filter((e) => e !== undefined));
  const offered = body.sdp.media
    .filter((m) => m.kind === 'audio' && m.port !== 0 && isRtpProto(m.proto))
    .flatMap((m) => m.formats.map((f) => f.codec?.encoding.toLowerCase()))
    .filter((encoding): encoding is string => encoding !== undefined && !NOT_VOICE.has(encoding));
  if (offered.some((encoding) => listed.has(encoding))) return undefined;
  return sdpRejection(305, agent, `none of the offered codecs is on this node's list (${audioCodecs.join(', ')})`);
}
