import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

/** Parameters of the scrypt key derivation. `logN` is log2 of the CPU/memory cost N. */
export interface ScryptParameters {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

/** Interactive-login strength: N = 2^15, r = 8 uses 32 MiB per hash. */
export const DEFAULT_PARAMETERS: ScryptParameters = Object.freeze({ logN: 15, r: 8, p: 1 });

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

function derive(secret: string, salt: Buffer, params: ScryptParameters): Promise<Buffer> {
  const N = 2 ** params.logN;
  return new Promise((resolve, reject) => {
    scrypt(
      secret.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function checkParameters(params: ScryptParameters): void {
  if (!Number.isInteger(params.logN) || params.logN < 1 || params.logN > 20)
    throw new RangeError('scrypt logN must be an integer from 1 to 20');
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > 32)
    throw new RangeError('scrypt r must be an integer from 1 to 32');
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > 16)
    throw new RangeError('scrypt p must be an integer from 1 to 16');
}

/** Hashes a secret into a self-describing string: `scrypt$ln=15,r=8,p=1$<salt>$<key>` (base64). */
export async function hashSecret(secret: string, params: ScryptParameters = DEFAULT_PARAMETERS): Promise<string> {
  checkParameters(params);
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(secret, salt, params);
  return `${PREFIX}$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Reads the parameters an encoded hash was made with; undefined when the string is not one of ours. */
export function parseParameters(encoded: string): ScryptParameters | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 4 || parts[0] !== PREFIX) return undefined;
  const match = /^ln=(\d+),r=(\d+),p=(\d+)$/.exec(parts[1]!);
  if (!match) return undefined;
  const params = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  try {
    checkParameters(params);
  } catch {
    return undefined;
  }
  return params;
}

/**
 * Checks a secret against an encoded hash in constant time (the comparison of the derived keys never
 * short-circuits). A malformed hash verifies as false, never throws.
 */
export async function verifySecret(secret: string, encoded: string): Promise<boolean> {
  const params = parseParameters(encoded);
  if (!params) return false;
  const [, , saltText, keyText] = encoded.split('$') as [string, string, string, string];
  const salt = Buffer.from(saltText, 'base64');
  const expected = Buffer.from(keyText, 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(secret, salt, params);
  return timingSafeEqual(actual, expected);
}

/** True when a hash was made with weaker parameters than wanted, so it should be recomputed on next login. */
export function needsRehash(encoded: string, wanted: ScryptParameters = DEFAULT_PARAMETERS): boolean {
  const params = parseParameters(encoded);
  return !params || params.logN < wanted.logN || params.r < wanted.r || params.p < wanted.p;
}

/** Constant-time equality of two strings (compares fixed-length digests, so lengths leak nothing either). */
export function constantTimeEquals(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}
