import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { injectable } from 'inversify';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { VerifiedCredentials, type VerifiedLogin } from '../../domain/VerifiedCredentials.js';

/** How long a verified login answers for the same credentials. */
export const VERIFIED_CREDENTIALS_TTL_MS = 60_000;
/** At most this many entries; the oldest go first. */
export const MAX_VERIFIED_CREDENTIALS = 10_000;

interface Entry {
  readonly lab: LabId;
  readonly digest: Buffer;
  readonly login: VerifiedLogin;
  readonly expiresAt: number;
}

/**
 * Verified credentials in process memory, one entry per lab and login name. An entry holds an HMAC-SHA-256 of
 * lab, login name and password under a key drawn at random when the process starts (never stored), so neither a
 * memory dump without the key nor the key alone gives the password; a lookup compares the digests with
 * `timingSafeEqual`. Entries live VERIFIED_CREDENTIALS_TTL_MS. The key is imported once (a KeyObject): a raw key
 * given to every HMAC was a third of its cost, and an HMAC runs for every request with Basic credentials.
 */
@injectable()
export class HmacVerifiedCredentials extends VerifiedCredentials {
  private readonly key = createSecretKey(randomBytes(32));
  private readonly entries = new Map<string, Entry>();

  find(lab: LabId, username: string, password: string, now: Date): VerifiedLogin | undefined {
    const name = this.nameKey(lab, username);
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    if (entry.expiresAt <= now.getTime()) {
      this.entries.delete(name);
      return undefined;
    }
    return timingSafeEqual(entry.digest, this.digest(lab, username, password)) ? entry.login : undefined;
  }

  remember(lab: LabId, username: string, password: string, login: VerifiedLogin, now: Date): void {
    const name = this.nameKey(lab, username);
    this.entries.delete(name);
    this.entries.set(name, {
      lab,
      digest: this.digest(lab, username, password),
      login,
      expiresAt: now.getTime() + VERIFIED_CREDENTIALS_TTL_MS,
    });
    if (this.entries.size > MAX_VERIFIED_CREDENTIALS) this.entries.delete(this.entries.keys().next().value!);
  }

  forgetUser(lab: LabId, userId: string): void {
    for (const [name, entry] of this.entries)
      if (entry.lab === lab && entry.login.userId === userId) this.entries.delete(name);
  }

  forgetLab(lab: LabId): void {
    for (const [name, entry] of this.entries) if (entry.lab === lab) this.entries.delete(name);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private nameKey(lab: LabId, username: string): string {
    return `${lab}\u0000${username}`;
  }

  private digest(lab: LabId, username: string, password: string): Buffer {
    return createHmac('sha256', this.key).update(`${lab}\u0000${username}\u0000${password}`, 'utf8').digest();
  }
}
