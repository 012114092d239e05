/** Randomness for identifiers, as a port: tests and reproducible labs bind a seeded generator. */
export abstract class IdGenerator {
  /** A new id in the hyphenated 36-character form. */
  abstract uuid(): string;
  /** A new opaque token of at least 128 bits of randomness (session ids and the like). */
  abstract token(): string;
}
