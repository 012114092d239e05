import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { invalidDocument } from '../domain/SnapshotErrors.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';

/** How an exported file's secrets are sealed (the document's `sealing`). */
export interface Sealing {
  readonly algorithm: 'aes-256-gcm';
  readonly kdf: 'scrypt';
  /** base64, 16 bytes */
  readonly salt: string;
  readonly cost: { readonly N: number; readonly r: number; readonly p: number };
  /** A known text sealed with the key: a wrong passphrase is told before any value is opened. */
  readonly check: string;
}

/** A sealed value in an exported state: iv (12 bytes), tag (16 bytes) and ciphertext, base64. */
export interface SealedValue {
  readonly $sealed: string;
}

const COST = { N: 32768, r: 8, p: 1 } as const;
const CHECK_TEXT = 'gwsim-lab-snapshot';
export const PASSPHRASE_HEADER = 'x-gwsim-passphrase';
export const PASSPHRASE_FIELD = 'passphrase';
const MIN_PASSPHRASE = 8;
const MAX_PASSPHRASE = 1024;

function passphraseError(code: string, message: string): DomainError {
  return DomainError.invalid(code, `${PASSPHRASE_FIELD}: ${message}`, [
    { field: PASSPHRASE_FIELD, rule: 'passphrase', message },
  ]);
}

/** Checks a passphrase the caller gave (the X-Gwsim-Passphrase header). */
export function checkPassphrase(passphrase: string): string {
  if (passphrase.length < MIN_PASSPHRASE || passphrase.length > MAX_PASSPHRASE) {
    throw passphraseError('INVALID_PASSPHRASE', `must be ${MIN_PASSPHRASE} to ${MAX_PASSPHRASE} characters`);
  }
  return passphrase;
}

export function passphraseRequired(why: string): DomainError {
  return passphraseError(
    'PASSPHRASE_REQUIRED',
    `${why}: give one in the X-Gwsim-Passphrase header (8 to 1024 characters)`,
  );
}

function deriveKey(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function seal(key: Buffer, aad: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function open(key: Buffer, aad: Buffer, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 28) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * Secrets of an exported file: AES-256-GCM (a fresh 12-byte IV per value, the document's salt as additional data)
 * under a key derived with scrypt (N 2^15, r 8, p 1) from a passphrase the caller gives to export and to import.
 * Node's crypto does both; nothing here is our own cryptography.
 */
export class Sealer {
  private constructor(
    private readonly key: Buffer,
    private readonly aad: Buffer,
    readonly sealing: Sealing,
  ) {}

  static async create(passphrase: string): Promise<Sealer> {
    const salt = randomBytes(16);
    const key = await deriveKey(passphrase, salt, COST);
    const sealing: Sealing = {
      algorithm: 'aes-256-gcm',
      kdf: 'scrypt',
      salt: salt.toString('base64'),
      cost: { ...COST },
      check: seal(key, salt, CHECK_TEXT),
    };
    return new Sealer(key, salt, sealing);
  }

  /** Opens a document's sealing with the passphrase: 400 naming `passphrase` when it is not the one it was sealed with. */
  static async open(sealing: Sealing, passphrase: string): Promise<Sealer> {
    const salt = Buffer.from(sealing.salt, 'base64');
    const key = await deriveKey(passphrase, salt, sealing.cost);
    if (open(key, salt, sealing.check) !== CHECK_TEXT) {
      throw passphraseError('WRONG_PASSPHRASE', 'is not the passphrase the file was exported with');
    }
    return new Sealer(key, salt, sealing);
  }

  seal(text: string): SealedValue {
    return { $sealed: seal(this.key, this.aad, text) };
  }

  /** Opens a sealed value of the document; 400 naming its path when it does not open. */
  open(value: SealedValue, path: string): string {
    const text = typeof value.$sealed === 'string' ? open(this.key, this.aad, value.$sealed) : undefined;
    if (text === undefined)
      throw invalidDocument(path, 'is a sealed value that does not open with the passphrase (the file was changed?)');
    return text;
  }
}

/** Parses a document's `sealing` (null: nothing sealed). */
export function parseSealing(raw: unknown): Sealing | null {
  if (raw === null || raw === undefined) return null;
  const s = raw as Record<string, unknown>;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidDocument('sealing', 'must be null or an object');
  if (s['algorithm'] !== 'aes-256-gcm') throw invalidDocument('sealing.algorithm', 'this gwsim reads "aes-256-gcm"');
  if (s['kdf'] !== 'scrypt') throw invalidDocument('sealing.kdf', 'this gwsim reads "scrypt"');
  if (typeof s['salt'] !== 'string' || Buffer.from(s['salt'], 'base64').length < 16)
    throw invalidDocument('sealing.salt', 'must be 16 bytes or more, base64');
  const cost = s['cost'] as Record<string, unknown> | undefined;
  const n = cost?.['N'];
  const r = cost?.['r'];
  const p = cost?.['p'];
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1024 || n > 1048576 || (n & (n - 1)) !== 0)
    throw invalidDocument('sealing.cost.N', 'must be a power of two from 1024 to 1048576');
  if (typeof r !== 'number' || !Number.isInteger(r) || r < 1 || r > 32)
    throw invalidDocument('sealing.cost.r', 'must be a whole number from 1 to 32');
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 16)
    throw invalidDocument('sealing.cost.p', 'must be a whole number from 1 to 16');
  if (typeof s['check'] !== 'string') throw invalidDocument('sealing.check', 'must be a string');
  return { algorithm: 'aes-256-gcm', kdf: 'scrypt', salt: s['salt'], cost: { N: n, r, p }, check: s['check'] };
}
