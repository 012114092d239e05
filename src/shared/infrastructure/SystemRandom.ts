import { injectable } from 'inversify';
import { RandomSource } from '../domain/RandomSource.js';

@injectable()
export class SystemRandom extends RandomSource {
  next(): number {
    return Math.random();
  }
}
