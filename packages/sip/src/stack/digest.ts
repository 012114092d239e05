import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A digest challenge as carried by WWW-Authenticate / Proxy-Authenticate (RFC 2617, RFC 7616, RFC 8760). */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm?: string;
  qop?: string;
  stale?: boolean;
}

/** The parameters of an Authorization / Proxy-Authorization header with the Digest scheme. */
export interface DigestCredentials {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  algorithm?: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
  opaque?: string;
}

/** Hash names by digest algorithm token (upper case); the -sess variants hash the same way. */
const HASHES: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

function hashOf(algorithm: string | undefined): { hash: string; sess: boolean } | undefined {
  const name = (algorithm ?? 'MD5').toUpperCase();
  const sess = name.endsWith('-SESS');
  const hash = HASHES[sess ? name.slice(0, -5) : name];
  return hash === undefined ? undefined : { hash, sess };
}

/**
 * Splits `Digest a=b, c="d, e"` into its parameters (names lower-cased, quotes and escapes removed); undefined
 * when the scheme is not Digest. A hand-written scanner: quoted values may hold commas.
 */
function parseParams(headerValue: string): Map<string, string> | undefined {
  const text = headerValue.trim();
  if (text.length < 7 || text.slice(0, 6).toLowerCase() !== 'digest' || (text[6] !== ' ' && text[6] !== '\t'))
    return undefined;
  const params = new Map<string, string>();
  let i = 7;
  while (i < text.length) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === ',')) i++;
    const eq = text.indexOf('=', i);
    if (eq < 0) break;
    const name = text.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    let value = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i++];
      }
      i++;
    } else {
      const comma = text.indexOf(',', i);
      const end = comma < 0 ? text.length : comma;
      value = text.slice(i, end).trim();
      i = end;
    }
    if (name !== '') params.set(name, value);
  }
  return params;
}

function quote(value: string): string {
  return `"${value.replace(/(["\\])/g, '\\$1')}"`;
}

/** Reads a WWW-Authenticate / Proxy-Authenticate value; undefined when it is not Digest or lacks realm or nonce. */
export function parseDigestChallenge(headerValue: string): DigestChallenge | undefined {
  const p = parseParams(headerValue);
  // A challenge without a nonce is taken with an empty one (be liberal in what you accept, RFC 3261 section 8.1.3.5
  // leaves the retry to the UAC): some registrars send one, and the retry they wait for comes.
  if (!p || !p.has('realm')) return undefined;
  const challenge: DigestChallenge = { realm: p.get('realm')!, nonce: p.get('nonce') ?? '' };
  if (p.has('opaque')) challenge.opaque = p.get('opaque');
  if (p.has('algorithm')) challenge.algorithm = p.get('algorithm');
  if (p.has('qop')) challenge.qop = p.get('qop');
  if (p.has('stale')) challenge.stale = p.get('stale')!.toLowerCase() === 'true';
  return challenge;
}

/** Writes a challenge: `Digest realm="...", nonce="...", opaque="...", algorithm=MD5, qop="auth", stale=TRUE`. */
export function formatDigestChallenge(challenge: DigestChallenge): string {
  const parts = [`realm=${quote(challenge.realm)}`, `nonce=${quote(challenge.nonce)}`];
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  if (challenge.algorithm !== undefined) parts.push(`algorithm=${challenge.algorithm}`);
  if (challenge.qop !== undefined) parts.push(`qop=${quote(challenge.qop)}`);
  if (challenge.stale) parts.push('stale=TRUE');
  return `Digest ${parts.join(', ')}`;
}

function computeResponse(
  hash: { hash: string; sess: boolean },
  c: {
    username: string;
    realm: string;
    password: string;
    nonce: string;
    method: string;
    uri: string;
    qop?: string;
    nc?: string;
    cnonce?: string;
  },
): string {
  const h = (s: string): string => createHash(hash.hash).update(s, 'utf8').digest('hex');
  let ha1 = h(`${c.username}:${c.realm}:${c.password}`);
  if (hash.sess) ha1 = h(`${ha1}:${c.nonce}:${c.cnonce ?? ''}`);
  const ha2 = h(`${c.method}:${c.uri}`);
  return c.qop === undefined
    ? h(`${ha1}:${c.nonce}:${ha2}`)
    : h(`${ha1}:${c.nonce}:${c.nc}:${c.cnonce}:${c.qop}:${ha2}`);
}

/**
 * Answers a challenge: the value of an Authorization / Proxy-Authorization header. Uses qop=auth when the
 * challenge offers it (cnonce random unless given, nc 1 unless given). Throws for an algorithm it does not know
 * (MD5, SHA-256, SHA-512-256 and their -sess variants are known) or a challenge offering only qop=auth-int.
 */
export function digestAuthorization(
  challenge: DigestChallenge,
  credentials: { username: string; password: string },
  method: string,
  uri: string,
  options: { cnonce?: string; nc?: number } = {},
): string {
  const hash = hashOf(challenge.algorithm);
  if (!hash) throw new Error(`unsupported digest algorithm ${challenge.algorithm}`);
  let qop: string | undefined;
  if (challenge.qop !== undefined) {
    if (!challenge.qop.split(',').some((q) => q.trim().toLowerCase() === 'auth'))
      throw new Error(`unsupported qop ${challenge.qop}`);
    qop = 'auth';
  }
  const cnonce = qop !== undefined || hash.sess ? (options.cnonce ?? randomBytes(8).toString('hex')) : undefined;
  const nc = qop !== undefined ? (options.nc ?? 1).toString(16).padStart(8, '0') : undefined;
  const response = computeResponse(hash, {
    username: credentials.username,
    realm: challenge.realm,
    password: credentials.password,
    nonce: challenge.nonce,
    method,
    uri,
    qop,
    nc,
    cnonce,
  });
  const parts = [
    `username=${quote(credentials.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
    `response=${quote(response)}`,
  ];
  if (challenge.algorithm !== undefined) parts.push(`algorithm=${challenge.algorithm}`);
  if (cnonce !== undefined) parts.push(`cnonce=${quote(cnonce)}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  if (qop !== undefined) parts.push(`qop=${qop}`, `nc=${nc}`);
  return `Digest ${parts.join(', ')}`;
}

/** Reads an Authorization / Proxy-Authorization value; undefined unless Digest with username, realm, nonce, uri, response. */
export function parseDigestAuthorization(headerValue: string): DigestCredentials | undefined {
  const p = parseParams(headerValue);
  if (!p) return undefined;
  for (const name of ['username', 'realm', 'nonce', 'uri', 'response']) if (!p.has(name)) return undefined;
  const credentials: DigestCredentials = {
    username: p.get('username')!,
    realm: p.get('realm')!,
    nonce: p.get('nonce')!,
    uri: p.get('uri')!,
    response: p.get('response')!,
  };
  for (const name of ['algorithm', 'qop', 'nc', 'cnonce', 'opaque'] as const)
    if (p.has(name)) credentials[name] = p.get(name);
  return credentials;
}

/**
 * Checks a digest response against the password in constant time (timingSafeEqual over equal-length hex).
 * False for an unknown algorithm, a qop other than auth, or qop without nc and cnonce. The nonce's own validity
 * (expiry, signature) is the caller's business: see NonceIssuer.
 */
export function verifyDigest(credentials: DigestCredentials, password: string, method: string): boolean {
  const hash = hashOf(credentials.algorithm);
  if (!hash) return false;
  const qop = credentials.qop;
  if (
    qop !== undefined &&
    (qop.toLowerCase() !== 'auth' || credentials.nc === undefined || credentials.cnonce === undefined)
  )
    return false;
  const expected = Buffer.from(
    computeResponse(hash, {
      username: credentials.username,
      realm: credentials.realm,
      password,
      nonce: credentials.nonce,
      method,
      uri: credentials.uri,
      qop: qop === undefined ? undefined : 'auth',
      nc: credentials.nc,
      cnonce: credentials.cnonce,
    }),
    'latin1',
  );
  const given = Buffer.from(credentials.response.toLowerCase(), 'latin1');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Issues nonces that carry their own expiry: base64url(expiry ms as 8 bytes, 8 random bytes) "." base64url(HMAC-SHA-256
 * under the secret). No server state: any process holding the secret checks them; the signature is compared in
 * constant time. Replay within the lifetime is not detected (that would need state).
 */
export class NonceIssuer {
  constructor(
    private readonly secret: Buffer,
    private readonly lifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(): string {
    const payload = Buffer.alloc(16);
    payload.writeBigUInt64BE(BigInt(Math.floor(this.now() + this.lifetimeMs)), 0);
    randomBytes(8).copy(payload, 8);
    return `${payload.toString('base64url')}.${this.sign(payload).toString('base64url')}`;
  }

  /** 'invalid' when not one of ours (bad shape or signature), 'stale' when ours but expired, else 'valid'. */
  check(nonce: string): 'valid' | 'stale' | 'invalid' {
    const dot = nonce.indexOf('.');
    if (dot < 0) return 'invalid';
    const payload = Buffer.from(nonce.slice(0, dot), 'base64url');
    const signature = Buffer.from(nonce.slice(dot + 1), 'base64url');
    if (payload.length !== 16 || signature.length !== 32) return 'invalid';
    if (!timingSafeEqual(signature, this.sign(payload))) return 'invalid';
    return Number(payload.readBigUInt64BE(0)) < this.now() ? 'stale' : 'valid';
  }

  private sign(payload: Buffer): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest();
  }
}
