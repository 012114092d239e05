/** Randomness as a port: production binds Math.random, reproducible labs and tests a seeded generator. */
export abstract class RandomSource {
  /** A number in [0, 1). */
  abstract next(): number;

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}
