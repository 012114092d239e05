import { buildResponse, rejectionResponse, type RequestRejection, type SipRequest, type SipResponse } from '@gwsim/sip';
import { mix } from '../../calls/domain/Randomness.js';

/**
 * A response the socket transport gives itself, neither the gateway's nor a far end's: a request it refuses or
 * answers on its own, an attempt that ends before or without the far end's answer. Its To-tag comes from the
 * Call-ID, the same for every such response of the call.
 */
export function localResponse(request: SipRequest, status: number, callId: string): SipResponse {
  return buildResponse(request, status, { toTag: localTag(callId) });
}

/** The To-tag of the transport's own responses of a call (from its Call-ID). */
function localTag(callId: string): string {
  return `gw${(mix(callId, 'to-tag') >>> 0).toString(16)}`;
}

/** The answer to a request the transport refuses (requestScreen): its status, reason and headers; a dialog's own To-tag kept. */
export function refusedResponse(
  request: SipRequest,
  refusal: RequestRejection,
  callId: string,
  inDialog: boolean,
): SipResponse {
  return rejectionResponse(request, refusal, inDialog ? undefined : localTag(callId));
}
