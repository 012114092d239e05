import { SeededRandom } from '../../../../shared/domain/SeededRandom.js';

/**
 * The engine's randomness: small seeded streams (the shared SeededRandom, mulberry32), derived by hashing so that
 * every call draws from its own stream. A call's numbers, outcome and timing therefore depend only on the profile's
 * seed and the call's ordinal, never on what other calls did or on when the gates were read.
 */
export class Stream extends SeededRandom {
  /** A uniform number in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An exponentially distributed number of the given mean (inverse transform). */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** A lognormally distributed number of the given mean and standard deviation (Box-Muller on two draws). */
  lognormal(mean: number, sd: number): number {
    const sigma2 = Math.log(1 + (sd * sd) / (mean * mean));
    const mu = Math.log(mean) - sigma2 / 2;
    const u1 = 1 - this.next();
    const u2 = this.next();
    const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    return Math.exp(mu + Math.sqrt(sigma2) * normal);
  }

  /** One of the keys, with the probability of its weight (weights of 0 never drawn). */
  pick<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    return this.pickOf(entries.map(([key, weight]) => ({ key, weight }))).key;
  }

  pickOf<T extends { readonly weight: number }>(items: readonly T[]): T {
    let total = 0;
    for (const item of items) total += item.weight;
    let at = this.next() * total;
    for (const item of items) {
      if (item.weight <= 0) continue;
      at -= item.weight;
      if (at < 0) return item;
    }
    const last = [...items].reverse().find((item) => item.weight > 0);
    return last ?? items[items.length - 1]!;
  }

  /** `count` random bytes. */
  bytes(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i += 1) out[i] = Math.floor(this.next() * 256);
    return out;
  }

  /** A number made of `pattern`: X any digit, N a digit 2-9, other characters as they are. */
  digits(pattern: string): string {
    let out = '';
    for (const char of pattern) {
      if (char === 'X') out += String(this.between(0, 9));
      else if (char === 'N') out += String(this.between(2, 9));
      else out += char;
    }
    return out;
  }
}

/** A 32-bit hash of numbers and texts (FNV-1a over their parts, then a murmur finaliser). */
export function mix(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  const feed = (code: number) => {
    hash ^= code & 0xff;
    hash = Math.imul(hash, 0x01000193);
  };
  for (const part of parts) {
    const text = typeof part === 'number' ? part.toString(36) : part;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      feed(code);
      feed(code >>> 8);
    }
    feed(0x1f);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A stream of its own for one purpose of one call (`mix(callSeed, label)`). */
export function streamFor(seed: number, ...labels: readonly (number | string)[]): Stream {
  return new Stream(mix(seed, ...labels));
}

export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += (byte < 16 ? '0' : '') + byte.toString(16);
  return out;
}

/** The UUID text of 16 bytes. */
export function uuidOf(bytes: Uint8Array): string {
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20, 32)}`;
}
