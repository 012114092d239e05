import { RandomSource } from './RandomSource.js';

/**
 * mulberry32: small, fast and fully determined by its seed. The one seeded generator of gwsim: tests and
 * reproducible labs bind it as the RandomSource, and the simulator's streams (Randomness.ts) extend it.
 */
export class SeededRandom extends RandomSource {
  private state: number;

  constructor(seed = 0x5eed) {
    super();
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
