import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashSecret, needsRehash, verifySecret, type ScryptParameters } from '@gwsim/secret-hash';
import { inject, injectable } from 'inversify';
import { IdentitySettings } from '../../IdentitySettings.js';
import { PasswordHasher } from '../domain/PasswordHasher.js';

/** How long a password that matched a hash (or was hashed) here is known to match it without a key derivation. */
export const KNOWN_MATCH_TTL_MS = 60_000;
const MAX_KNOWN_MATCHES = 10_000;

interface KnownMatch {
  readonly digest: Buffer;
  readonly expiresAt: number;
}

/**
 * scrypt through @gwsim/secret-hash, with log2 N = the configured kdfCost (r = 8, p = 1).
 *
 * A pair of password and hash that matched a moment ago — verified here, or hashed here — matches again for
 * KNOWN_MATCH_TTL_MS without a second key derivation: the start-up check of the administrator's configured
 * password and the first login with it cost one scrypt, not two. Only matches are kept, as an HMAC of the
 * password under a key drawn when the process starts (never stored) next to the hash it matched, compared in
 * constant time; a wrong password always costs a full derivation.
 */
@injectable()
export class ScryptPasswordHasher extends PasswordHasher {
  private readonly parameters: ScryptParameters;
  private dummy: Promise<string> | undefined;
  private readonly key = randomBytes(32);
  private readonly known = new Map<string, KnownMatch>();

  constructor(@inject(IdentitySettings) settings: IdentitySettings) {
    super();
    this.parameters = Object.freeze({ logN: settings.kdfCost, r: 8, p: 1 });
  }

  async hash(password: string): Promise<string> {
    const hash = await hashSecret(password, this.parameters);
    this.remember(password, hash);
    return hash;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    const known = this.known.get(hash);
    if (known) {
      if (known.expiresAt > Date.now() && timingSafeEqual(known.digest, this.digest(password))) return true;
      if (known.expiresAt <= Date.now()) this.known.delete(hash);
    }
    const matches = await verifySecret(password, hash);
    if (matches) this.remember(password, hash);
    return matches;
  }

  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= hashSecret(randomBytes(16).toString('base64'), this.parameters);
    await verifySecret(password, await this.dummy);
    return false;
  }

  needsRehash(hash: string): boolean {
    return needsRehash(hash, this.parameters);
  }

  private remember(password: string, hash: string): void {
    this.known.delete(hash);
    this.known.set(hash, { digest: this.digest(password), expiresAt: Date.now() + KNOWN_MATCH_TTL_MS });
    if (this.known.size > MAX_KNOWN_MATCHES) this.known.delete(this.known.keys().next().value!);
  }

  private digest(password: string): Buffer {
    return createHmac('sha256', this.key).update(password, 'utf8').digest();
  }
}
