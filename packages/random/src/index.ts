/**
 * mulberry32: a 32-bit seeded generator, small, fast and fully determined by its seed. The one seeded generator of
 * gwsim: the simulator's randomness, the synthesized audio and the SIP stack's tests all draw from it, so a seed means
 * the same numbers wherever it is given. Not for secrets.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
