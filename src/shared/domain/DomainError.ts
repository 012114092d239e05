/**
 * What went wrong, in domain terms. The HTTP adapter maps each kind to a status through one table
 * (src/app/http/errorStatus.ts); the domain knows nothing of HTTP.
 */
export type ErrorKind =
  | 'invalid' // the request or value breaks a rule
  | 'not_found' // a referenced thing does not exist
  | 'conflict' // the state forbids it now (duplicate, stale version, still referenced, protected)
  | 'unauthenticated' // no valid identity
  | 'forbidden' // identity lacks a permission
  | 'unavailable'; // a simulated component is down

export interface ErrorDetail {
  readonly field?: string;
  readonly rule?: string;
  readonly message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(code: string, message: string, details: readonly ErrorDetail[] = []): DomainError {
    return new DomainError(code, 'invalid', message, details);
  }

  static notFound(what: string, key: string): DomainError {
    return new DomainError(
      `${what.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_NOT_FOUND`,
      'not_found',
      `${what} '${key}' does not exist`,
    );
  }

  static conflict(code: string, message: string, details: readonly ErrorDetail[] = []): DomainError {
    return new DomainError(code, 'conflict', message, details);
  }

  static unavailable(code: string, message: string): DomainError {
    return new DomainError(code, 'unavailable', message);
  }
}

/** Thrown by a repository when a save was based on a stale version of the aggregate. */
export class StaleVersionError extends DomainError {
  constructor(what: string, key: string) {
    super('STALE_VERSION', 'conflict', `${what} '${key}' was changed by another request; read it again and retry`);
  }
}

/** Authentication failed; `retryAfterSeconds` is set when the caller must wait before the next attempt. */
export class AuthenticationError extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(code, 'unauthenticated', message);
  }
}
