import pino from 'pino';
import { Logger, type LogFields } from '../application/Logger.js';

export class PinoLogger extends Logger {
  constructor(private readonly delegate: pino.Logger) {
    super();
  }

  static create(level: string, destination?: pino.DestinationStream): PinoLogger {
    return new PinoLogger(pino({ level, base: { service: 'gwsim' } }, destination ?? pino.destination({ sync: false })));
  }

  debug(fields: LogFields, message: string): void { this.delegate.debug(fields, message); }
  info(fields: LogFields, message: string): void { this.delegate.info(fields, message); }
  warn(fields: LogFields, message: string): void { this.delegate.warn(fields, message); }
  error(fields: LogFields, message: string): void { this.delegate.error(fields, message); }
  child(fields: LogFields): Logger { return new PinoLogger(this.delegate.child(fields)); }
  isLevelEnabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean { return this.delegate.isLevelEnabled(level); }
  flush(): void { this.delegate.flush(); }
}
