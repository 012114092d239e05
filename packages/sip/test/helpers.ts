import { mulberry32 } from '@gwsim/random';
import type { RandomSource } from '../src/index.js';

/** A seeded random source (mulberry32, @gwsim/random) so generated branches, tags and Call-IDs are deterministic. */
export function seeded(seed: number): RandomSource {
  const next = mulberry32(seed);
  return (size: number) => {
    const out = new Uint8Array(size);
    for (let i = 0; i < size; i++) out[i] = Math.floor(next() * 4294967296) & 0xff;
    return out;
  };
}
