import pino from 'pino';
import { Logger, type LogFields } from '../application/Logger.js';

/** Field names whose values never reach a log line: passwords, secrets, keys, tokens, credentials. */
export const SECRET_FIELD = /pass(word|wd|phrase)?$|password|secret|key$|token|credential|authorization|cookie/i;
export const REDACTED = '[redacted]';

/**
 * What an error may say in a log line: a database error (TypeORM's QueryFailedError) carries the statement, its
 * parameters and the driver's error, whose `detail` repeats values (`Key (x)=(…)`); none of it is logged, since
 * a parameter may be a secret (an LDAP bindPassword was once logged so).
 */
const ERROR_FIELDS_DROPPED = ['parameters', 'query', 'driverError', 'detail', 'where', 'internalQuery'];

const MAX_DEPTH = 8;

/** A copy of a log value with secret-named fields redacted (depth-limited; errors through serializeError). */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    copy[key] = SECRET_FIELD.test(key) ? REDACTED : redact(field, depth + 1);
  return copy;
}

/**
 * A database error's message is the server's, which may quote a value (`invalid input syntax for type integer:
 * "…"`): it is logged as its SQLSTATE only, and its stack without the message.
 */
function databaseErrorMessage(error: Error): string | undefined {
  if (error.name !== 'QueryFailedError') return undefined;
  const code = (error as { code?: unknown }).code ?? (error as { driverError?: { code?: unknown } }).driverError?.code;
  return `database query failed (SQLSTATE ${typeof code === 'string' ? code : 'unknown'})`;
}

export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return redact(error, depth);
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS_DROPPED) delete serialized[field];
  const databaseMessage = databaseErrorMessage(error);
  if (databaseMessage) {
    serialized['message'] = databaseMessage;
    const stack = typeof serialized['stack'] === 'string' ? serialized['stack'] : '';
    serialized['stack'] = `QueryFailedError: ${databaseMessage}\n${stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n')}`;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(serialized)) {
    copy[key] = SECRET_FIELD.test(key)
      ? REDACTED
      : key === 'stack' || key === 'message'
        ? field
        : redact(field, depth + 1);
  }
  return copy;
}

/**
 * LOG_FORMAT=pretty: the same lines (already redacted by the formatter above) made readable by pino-pretty,
 * in process (no worker thread), coloured only on a terminal (`colors`: whether the process's output is one, for a
 * worker thread, whose own output is a pipe to the process's); loaded only when asked for.
 */
function prettyStream(destination: pino.DestinationStream | undefined, colors?: boolean): pino.DestinationStream {
  const pretty = require('pino-pretty') as typeof import('pino-pretty');
  const fd = (destination as { fd?: unknown } | undefined)?.fd;
  const out = fd === 2 ? process.stderr : process.stdout;
  return pretty({
    colorize: colors ?? out.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
    destination: destination && typeof fd !== 'number' ? (destination as unknown as NodeJS.WritableStream) : out,
    sync: true,
  }) as pino.DestinationStream;
}

export class PinoLogger extends Logger {
  constructor(private readonly delegate: pino.Logger) {
    super();
  }

  /**
   * JSON lines; every line passes one formatter that redacts secret-named fields at any depth and strips
   * database errors of their statement, parameters and driver detail.
   */
  static create(
    level: string,
    destination?: pino.DestinationStream,
    format: 'json' | 'pretty' = 'json',
    colors?: boolean,
  ): PinoLogger {
    return new PinoLogger(
      pino(
        {
          level,
          base: { service: 'gwsim' },
          serializers: { err: serializeError, error: serializeError },
          formatters: { log: (fields) => redact(fields) as Record<string, unknown> },
        },
        format === 'pretty' ? prettyStream(destination, colors) : (destination ?? pino.destination({ sync: false })),
      ),
    );
  }

  debug(fields: LogFields, message: string): void {
    this.delegate.debug(fields, message);
  }
  info(fields: LogFields, message: string): void {
    this.delegate.info(fields, message);
  }
  warn(fields: LogFields, message: string): void {
    this.delegate.warn(fields, message);
  }
  error(fields: LogFields, message: string): void {
    this.delegate.error(fields, message);
  }
  child(fields: LogFields): Logger {
    return new PinoLogger(this.delegate.child(redact(fields) as LogFields));
  }
  isLevelEnabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean {
    return this.delegate.isLevelEnabled(level);
  }
  flush(): void {
    this.delegate.flush();
  }
}
