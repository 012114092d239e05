import { digestAuthorization, headerValues, parseDigestChallenge, type SipRequest, type SipResponse } from '@gwsim/sip';
import { mix } from '../../calls/domain/Randomness.js';
import type { PlanNode } from '../../../configuration/index.js';
import { withCSeq, withHeader } from './wireMessages.js';

/**
 * A request again with the digest answer to the far end's 401 or 407 (RFC 3261 sections 22.2 and 22.3), from the
 * credentials of the node's transport connection: CSeq number `seq`, a new branch. Undefined when the node has no
 * credentials, the challenge does not parse, or it names a realm the credentials are not for.
 */
export function digestRetry(
  node: PlanNode,
  /** Seeds the new branch (the request's Call-ID). */
  seed: string,
  request: SipRequest,
  challenge: SipResponse,
  seq: number,
): SipRequest | undefined {
  const credentials = node.sip.credentials;
  if (!credentials) return undefined;
  const header = challenge.status === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate';
  // RFC 8760 section 2.4: of several challenges, the first whose algorithm the UAC supports (they come preferred first)
  let value: string | undefined;
  for (const offered of headerValues(challenge, header)) {
    const parsed = parseDigestChallenge(offered);
    if (!parsed || (credentials.realm && parsed.realm !== credentials.realm)) continue;
    try {
      value = digestAuthorization(
        parsed,
        { username: credentials.authorizationUsername ?? credentials.username, password: credentials.password },
        request.method,
        request.uri,
      );
      break;
    } catch {
      /* an algorithm this stack does not know: the next challenge */
    }
  }
  if (value === undefined) return undefined;
  const again = renewed(request, seq, seed);
  return withHeader(again, challenge.status === 401 ? 'Authorization' : 'Proxy-Authorization', value);
}

/** The request as a new transaction: CSeq number `seq`, a new branch in its top Via (seeded by `seed`). */
export function renewed(request: SipRequest, seq: number, seed: string): SipRequest {
  const branch = `z9hG4bK${(mix(seed, 'again', seq) >>> 0).toString(16)}${Date.now().toString(16)}`;
  const renumbered = withCSeq(request, seq);
  const firstVia = renumbered.headers.findIndex((h) => h.name === 'Via');
  return {
    ...renumbered,
    headers: renumbered.headers.map((h, i) =>
      i === firstVia ? { name: 'Via', value: h.value.replace(/branch=[^;]+/, `branch=${branch}`) } : h,
    ),
  };
}
