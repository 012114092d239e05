import { digestAuthorization, parseDigestChallenge, type SipRequest, type SipResponse } from '@gwsim/sip';
import { mix } from '../../calls/domain/Randomness.js';
import type { SocketLeg } from './SocketLeg.js';
import { firstHeader, withCSeq, withHeader } from './wireMessages.js';

/**
 * A request again with the digest answer to the far end's 401 or 407 (RFC 3261 sections 22.2 and 22.3), from the
 * credentials of the node's transport connection: CSeq number `seq`, a new branch. Undefined when the node has no
 * credentials, the challenge does not parse, or it names a realm the credentials are not for.
 */
export function digestRetry(
  leg: SocketLeg,
  request: SipRequest,
  challenge: SipResponse,
  seq: number,
): SipRequest | undefined {
  const credentials = leg.node.sip.credentials;
  if (!credentials) return undefined;
  const header = challenge.status === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate';
  const parsed = parseDigestChallenge(firstHeader(challenge, header) ?? '');
  if (!parsed) return undefined;
  if (credentials.realm && parsed.realm !== credentials.realm) return undefined;
  const value = digestAuthorization(
    parsed,
    { username: credentials.authorizationUsername ?? credentials.username, password: credentials.password },
    request.method,
    request.uri,
  );
  const branch = `z9hG4bK${(mix(leg.callId, 'auth', seq) >>> 0).toString(16)}${Date.now().toString(16)}`;
  const renumbered = withCSeq(request, seq);
  const firstVia = renumbered.headers.findIndex((h) => h.name === 'Via');
  const retried: SipRequest = {
    ...renumbered,
    headers: renumbered.headers.map((h, i) =>
      i === firstVia ? { name: 'Via', value: h.value.replace(/branch=[^;]+/, `branch=${branch}`) } : h,
    ),
  };
  return withHeader(retried, challenge.status === 401 ? 'Authorization' : 'Proxy-Authorization', value);
}
