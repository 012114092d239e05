import type { ErrorDetail } from '../../shared/domain/DomainError.js';

/** A transport-level refusal (bad version, wrong media type, oversized body) with its exact HTTP status. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}
