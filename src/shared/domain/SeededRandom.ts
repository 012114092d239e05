import { mulberry32 } from '@gwsim/random';
import { RandomSource } from './RandomSource.js';

/**
 * The seeded RandomSource: mulberry32 (@gwsim/random, the one seeded generator of gwsim), fully determined by its
 * seed. Tests and reproducible labs bind it as the RandomSource, and the simulator's streams (Randomness.ts) extend it.
 */
export class SeededRandom extends RandomSource {
  private readonly draw: () => number;

  constructor(seed = 0x5eed) {
    super();
    this.draw = mulberry32(seed);
  }

  next(): number {
    return this.draw();
  }
}
