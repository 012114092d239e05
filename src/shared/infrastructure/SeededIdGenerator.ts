import { createHash } from 'node:crypto';
import { injectable } from 'inversify';
import { IdGenerator } from '../domain/IdGenerator.js';

/** Deterministic ids from a seed: the same seed gives the same sequence (reproducible labs and tests). */
@injectable()
export class SeededIdGenerator extends IdGenerator {
  private counter = 0;

  constructor(private readonly seed: string = 'gwsim') {
    super();
  }

  private next(): Buffer {
    this.counter += 1;
    return createHash('sha256').update(`${this.seed}:${this.counter}`).digest();
  }

  uuid(): string {
    const hex = this.next().toString('hex');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  token(): string {
    return this.next().toString('base64url');
  }
}
