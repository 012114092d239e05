import type { Context, Next } from 'koa';
import { AuthenticationError, DomainError, type ErrorDetail, type ErrorKind } from '../../shared/domain/DomainError.js';
import type { Logger } from '../../shared/application/Logger.js';
import { HttpProblem } from './HttpProblem.js';

/** The one table from domain error kinds to HTTP statuses. */
export const STATUS_BY_KIND: { readonly [K in ErrorKind]: number } = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

export const REALM = 'gwsim';

/** The one error shape of the whole API. */
export interface ErrorBody {
  readonly error: {
    readonly status: number;
    readonly code: string;
    readonly message: string;
    readonly details: readonly ErrorDetail[];
    readonly requestId: string;
  };
}

export function errorBody(
  status: number,
  code: string,
  message: string,
  requestId: string,
  details: readonly ErrorDetail[] = [],
): ErrorBody {
  return { error: { status, code, message, details, requestId } };
}

const LIBRARY_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  httpCode?: unknown;
  expose?: unknown;
  message?: unknown;
  type?: unknown;
}

function libraryStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as HttpLikeError;
  const status = [e.status, e.statusCode, e.httpCode].find((value) => typeof value === 'number');
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * zlib's errors when a body sent with Content-Encoding gzip/deflate/br is not what it claims: Z_* from
 * gzip and deflate, ERR__ERROR_FORMAT_* (BROTLI_DECODER_ERROR_FORMAT_*) and the like from brotli.
 */
function isDecompressionError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (
    typeof code === 'string' &&
    /^(Z_(DATA|BUF|STREAM|NEED_DICT)_ERROR|ERR__ERROR_(FORMAT_[A-Z0-9_]+|DICTIONARY_NOT_SET))$/.test(code)
  );
}

/**
 * Catches everything below it and answers in the one JSON shape: domain errors through the status table,
 * transport problems with their status, body-parser errors as 4xx, anything else as a 500 without a stack.
 */
export function errorBoundary(requestLogger: (ctx: Context) => Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (error: unknown) {
      const requestId = String(ctx.state['requestId'] ?? '');
      let status: number;
      let code: string;
      let message: string;
      let details: readonly ErrorDetail[] = [];
      if (error instanceof DomainError) {
        status = STATUS_BY_KIND[error.kind];
        ({ code, message, details } = error);
        // A script that says so (X-Requested-With: XMLHttpRequest, as the console sends) gets no challenge, so the
        // browser shows no password dialog of its own over the page's login form.
        if (error.kind === 'unauthenticated' && ctx.get('x-requested-with').toLowerCase() !== 'xmlhttprequest') {
          ctx.set('WWW-Authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
        }
        if (error instanceof AuthenticationError && error.retryAfterSeconds !== undefined)
          ctx.set('Retry-After', String(error.retryAfterSeconds));
      } else if (error instanceof HttpProblem) {
        ({ status, code, message, details } = error);
        for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      } else if (isDecompressionError(error)) {
        status = 400;
        code = 'BODY_UNREADABLE';
        message = 'the request body could not be decompressed as its Content-Encoding says';
      } else if (libraryStatus(error) !== undefined) {
        status = libraryStatus(error)!;
        code = LIBRARY_CODES[status] ?? 'BAD_REQUEST';
        const raw = (error as HttpLikeError).message;
        message =
          status === 413
            ? 'request body is larger than this operation accepts'
            : typeof raw === 'string' && raw
              ? raw
              : 'the request could not be read';
      } else {
        status = 500;
        code = 'INTERNAL_ERROR';
        message = 'the simulator failed to handle this request; the log has the details under this request id';
        requestLogger(ctx).error({ err: error }, 'unhandled error');
      }
      ctx.state['errorCode'] = code;
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = errorBody(status, code, message, requestId, details);
    }
  };
}
