import type { RandomSource } from '../src/index.js';

/** A seeded random source (mulberry32) so generated branches, tags and Call-IDs are deterministic. */
export function seeded(seed: number): RandomSource {
  let a = seed >>> 0;
  return (size: number) => {
    const out = new Uint8Array(size);
    for (let i = 0; i < size; i++) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
    }
    return out;
  };
}
