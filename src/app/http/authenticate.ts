import type { Context } from 'koa';
import { AuthenticationError } from '../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import type { Principal } from '../../shared/domain/Principal.js';
import type { Authenticator } from '../../shared/application/Authenticator.js';

export const SESSION_COOKIE = 'JSESSIONID';

function basicCredentials(header: string): { username: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The user name a Basic Authorization header names (unverified: for the journal and fault rules' match). */
export function basicUsername(header: string): string | undefined {
  return header ? basicCredentials(header)?.username : undefined;
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]+$/;

/**
 * Sets the session cookie (written directly: the cookies library costs a noticeable share of a request that
 * sends Basic credentials on every call, as automation clients do). Session ids are base64url tokens.
 */
function setSessionCookie(ctx: Context, sessionId: string, lab: LabId): void {
  if (!COOKIE_VALUE.test(sessionId)) throw new Error('a session id must be a base64url token');
  // A lab's session is for its own paths, so that one browser (or cookie jar) holds a session per lab.
  ctx.set(
    'Set-Cookie',
    `${SESSION_COOKIE}=${sessionId}; path=${lab === DEFAULT_LAB ? '/' : `/labs/${lab}/`}; samesite=lax; httponly`,
  );
}

/** Every JSESSIONID value of a Cookie header, in its order (a browser sends the cookie of the longest path first). */
export function sessionCookies(header: string): string[] {
  const values: string[] = [];
  let rest = header;
  for (let value = sessionCookie(rest); value !== undefined && values.length < 4; value = sessionCookie(rest)) {
    values.push(value);
    const at = rest.indexOf(`${SESSION_COOKIE}=${value}`);
    rest = rest.slice(at + SESSION_COOKIE.length + 1 + value.length);
  }
  return values;
}

/** The JSESSIONID value of a Cookie header (read directly: the cookies library costs more per request). */
export function sessionCookie(header: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = header.indexOf(`${SESSION_COOKIE}=`, from);
    if (at < 0) return undefined;
    const before = header.slice(0, at).trimEnd();
    if (before === '' || before.endsWith(';')) {
      const end = header.indexOf(';', at);
      const value = header
        .slice(at + SESSION_COOKIE.length + 1, end < 0 ? undefined : end)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      return value || undefined;
    }
    from = at + 1;
  }
}

/**
 * Who is calling. Every credential sent is checked: when an Authorization header comes it must be valid HTTP
 * Basic credentials that pass the login policy, whatever cookie comes with it (a wrong password is a 401 that
 * counts as a failed login, and a malformed header a 401). Right ones keep the cookie's session when it is the
 * same user's, else answer with the session of that login and set its cookie (the identity context keeps verified
 * credentials a short while, so this costs no key derivation per request). Without an Authorization header a live JSESSIONID session authenticates. Anything else is a
 * 401 with a Basic challenge (set by the error boundary).
 */
export async function authenticate(ctx: Context, lab: LabId, authenticator: Authenticator): Promise<Principal> {
  const sessionIds = sessionCookies(ctx.get('cookie'));
  const sessionId = sessionIds[0];
  const header = ctx.get('authorization');
  if (header) {
    const credentials = basicCredentials(header);
    if (!credentials)
      throw new AuthenticationError(
        'MALFORMED_CREDENTIALS',
        "the Authorization header must be 'Basic base64(username:password)'",
      );
    const session = await authenticator.login(lab, credentials.username, credentials.password);
    for (const id of sessionIds) {
      if (id === session.sessionId) return session.principal;
      // Right credentials of the cookie's own user keep the session the client already holds.
      const current = await authenticator.resume(lab, id);
      if (current && current.userId === session.principal.userId) return current;
    }
    setSessionCookie(ctx, session.sessionId, lab);
    return session.principal;
  }
  for (const id of sessionIds) {
    const principal = await authenticator.resume(lab, id);
    if (principal) return principal;
  }
  throw new AuthenticationError(
    sessionId ? 'SESSION_EXPIRED' : 'AUTHENTICATION_REQUIRED',
    sessionId
      ? 'the session has ended; authenticate again with HTTP Basic credentials'
      : 'this operation needs HTTP Basic credentials or a JSESSIONID session cookie',
  );
}
