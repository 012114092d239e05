import { Logger, type LogFields } from '../../src/shared/application/Logger.js';

/**
 * Drops everything but keeps the errors, so a test gateway can fail its suite when a request ended in an
 * unhandled error (a 500). Set GWSIM_TEST_LOG to also print them while debugging.
 */
export class SilentLogger extends Logger {
  readonly errors: Array<{ message: string; fields: LogFields }> = [];

  debug(): void {}
  info(): void {}
  warn(): void {}
  error(fields: LogFields, message: string): void {
    this.errors.push({ message, fields });
    if (process.env['GWSIM_TEST_LOG']) console.error(message, fields);
  }
  child(): Logger {
    return this;
  }
  isLevelEnabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean {
    return level === 'error';
  }
}
