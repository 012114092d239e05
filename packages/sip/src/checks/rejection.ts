import { buildResponse, REASON_PHRASES } from '../build.js';
import type { SipHeader, SipRequest, SipResponse } from '../message.js';

/**
 * What a UAS gateway serves, for `checkRequest`. Everything but `methods` has a default.
 */
export interface RequestCapabilities {
  /** The methods implemented (RFC 3261 section 8.2.1); any other gets 501 with an Allow header listing these. */
  methods: readonly string[];
  /** Option tags supported in Require and Proxy-Require (section 8.2.2.3), e.g. `100rel`, `timer`, `replaces`. Default none. */
  optionTags?: readonly string[];
  /**
   * Body types understood (section 8.2.3). Default `application/sdp`. A multipart type listed here (multipart/mixed)
   * is accepted when one of its parts is of a listed type and no part it cannot handle is marked handling=required.
   */
  contentTypes?: readonly string[];
  /**
   * Methods whose bodies are carried on unread (MESSAGE, RFC 3428: any content a user agent sends): their type is
   * not checked against contentTypes, only that it is given. Default none.
   */
  carriedBodies?: readonly string[];
  /** Content codings understood besides identity (section 8.2.3). Default none. */
  contentEncodings?: readonly string[];
  /** Request-URI schemes served (section 8.2.2.1). Default sip, sips and tel. */
  uriSchemes?: readonly string[];
  /**
   * Methods the gateway answers itself rather than passing on, so Max-Forwards 0 is no reason for 483 (section
   * 16.3 step 3 lets OPTIONS be answered by the element; section 11). Default OPTIONS.
   */
  answeredLocally?: readonly string[];
  /**
   * The request came from `parseSip`, which already checked every header against its grammar: the checks skip that
   * pass (it is most of their cost). Default false.
   */
  headersChecked?: boolean;
}

/** Why a request is refused: the status, its reason phrase, the headers the answer must carry, and a plain account. */
export interface RequestRejection {
  status: number;
  reason: string;
  headers: SipHeader[];
  detail: string;
}

export function rejection(status: number, detail: string, headers: SipHeader[] = []): RequestRejection {
  return { status, reason: REASON_PHRASES[status] ?? 'Unknown', headers, detail };
}

/**
 * The answer to a refused request: `buildResponse` with the rejection's status and reason, plus its headers (Allow,
 * Unsupported, Accept, Warning...). An ACK is never answered (RFC 3261 section 17.2.3): refuse it by dropping it.
 */
export function rejectionResponse(request: SipRequest, refusal: RequestRejection, toTag?: string): SipResponse {
  if (request.method === 'ACK') throw new Error('an ACK is never answered');
  const response = buildResponse(request, refusal.status, { reason: refusal.reason, toTag });
  response.headers.push(...refusal.headers.map((h) => ({ ...h })));
  return response;
}
