/** One detail of an error answer: usually the request's field, the rule it broke and how to fix it. */
export interface ErrorDetail {
  readonly field?: string;
  readonly rule?: string;
  readonly message: string;
}

/**
 * Error codes every gwsim operation may answer (transport, authentication, permissions, body checks, state);
 * operations add codes of their own (e.g. NODE_IN_USE), so `code` is any string, these offered first.
 */
export const COMMON_ERROR_CODES = [
  'VERSION_REQUIRED',
  'VERSION_INVALID',
  'VERSION_UNSUPPORTED',
  'AUTHENTICATION_REQUIRED',
  'MALFORMED_CREDENTIALS',
  'INVALID_CREDENTIALS',
  'AUTHENTICATION_FAILED',
  'SESSION_EXPIRED',
  'ACCOUNT_BLOCKED',
  'LOGIN_DELAYED',
  'USER_DISABLED',
  'PASSWORD_EXPIRED',
  'PERMISSION_DENIED',
  'VALIDATION_FAILED',
  'UNKNOWN_FIELD',
  'MALFORMED_JSON',
  'JSON_TOO_DEEP',
  'TOO_MANY_KEYS',
  'LONE_SURROGATE',
  'MALFORMED_ENCODING',
  'BODY_REQUIRED',
  'BODY_TOO_LARGE',
  'BODY_UNREADABLE',
  'FILE_REQUIRED',
  'UNSUPPORTED_MEDIA_TYPE',
  'STALE_VERSION',
  'NO_SUCH_OPERATION',
  'METHOD_NOT_ALLOWED',
  'NOT_SIMULATED',
  'STARTING',
  'NOT_READY',
  'INTERNAL_ERROR',
] as const;

export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];
/** A code of the error shape: one of the common codes, or an operation's own (`string & {}` keeps the suggestions). */
export type ErrorCode = CommonErrorCode | (string & {});

/**
 * An error answer of the gateway, from its one error shape
 * `{"error":{"status","code","message","details","requestId"}}`. An answer that is not in that shape (a proxy's
 * HTML page) becomes code `HTTP_<status>`; a request that got no answer at all throws the fetch error itself.
 */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: readonly ErrorDetail[],
    readonly requestId: string | undefined,
    /** `METHOD /path` of the request. */
    readonly operation: string,
    /** Seconds to wait before retrying (Retry-After), when the gateway says. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${operation}: ${status} ${code}: ${message}`);
    this.name = 'GatewayError';
  }

  /** The error's detail for a field of the request (e.g. `roleIds[2]`), if the gateway named it. */
  detail(field: string): ErrorDetail | undefined {
    return this.details.find((d) => d.field === field);
  }
}

/** Whether `error` is a GatewayError, with one of `codes` when given: `if (isGatewayError(e, 'STALE_VERSION')) …`. */
export function isGatewayError<C extends ErrorCode>(
  error: unknown,
  ...codes: C[]
): error is GatewayError & { readonly code: C } {
  return error instanceof GatewayError && (codes.length === 0 || (codes as string[]).includes(error.code));
}
