import { Logger, type LogFields } from '../../src/shared/application/Logger.js';

/** Drops everything, except errors when GWSIM_TEST_LOG is set (to see a 500's cause while debugging). */
export class SilentLogger extends Logger {
  debug(): void {}
  info(): void {}
  warn(): void {}
  error(fields: LogFields, message: string): void {
    if (process.env['GWSIM_TEST_LOG']) console.error(message, fields);
  }
  child(): Logger { return this; }
}
