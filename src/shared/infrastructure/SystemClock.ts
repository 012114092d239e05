import { injectable } from 'inversify';
import { Clock } from '../domain/Clock.js';

@injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
