export type LogFields = Record<string, unknown>;

/** Structured logging as a port; production binds pino. */
export abstract class Logger {
  abstract debug(fields: LogFields, message: string): void;
  abstract info(fields: LogFields, message: string): void;
  abstract warn(fields: LogFields, message: string): void;
  abstract error(fields: LogFields, message: string): void;
  abstract child(fields: LogFields): Logger;
  /** Whether a line at this level would be written (to skip building it on hot paths). */
  abstract isLevelEnabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean;
}
