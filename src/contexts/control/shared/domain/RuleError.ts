import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';

/** Collects the faults of a value field by field, then throws one DomainError naming every field. */
export class FieldProblems {
  private readonly details: ErrorDetail[] = [];

  add(field: string, rule: string, message: string): void {
    this.details.push({ field, rule, message: `${field} ${message}` });
  }

  get empty(): boolean {
    return this.details.length === 0;
  }

  throwIfAny(code: string, what: string): void {
    if (this.details.length === 0) return;
    throw DomainError.invalid(
      code,
      `${what} is invalid: ${this.details.map((d) => d.message).join('; ')}`,
      this.details,
    );
  }
}
