import { DomainError } from '../../domain/DomainError.js';

type Raw = Record<string, string | string[] | undefined>;

function invalid(name: string, message: string): DomainError {
  return DomainError.invalid('INVALID_QUERY_PARAMETER', `query parameter '${name}' ${message}`, [
    { field: name, message },
  ]);
}

/** Typed access to the query string; every failure is a 400 that names the parameter. */
export class QueryParams {
  constructor(private readonly raw: Raw) {}

  /** The names of the parameters the request gave. */
  names(): string[] {
    return Object.keys(this.raw).filter((name) => this.raw[name] !== undefined);
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined;
  }

  optionalString(name: string): string | undefined {
    const value = this.raw[name];
    if (value === undefined) return undefined;
    if (Array.isArray(value)) throw invalid(name, 'must be given once');
    return value;
  }

  string(name: string): string {
    const value = this.optionalString(name);
    if (value === undefined || value.trim() === '') throw invalid(name, 'is required');
    return value;
  }

  optionalBoolean(name: string): boolean | undefined {
    const value = this.optionalString(name);
    if (value === undefined || value === '') return undefined;
    const lowered = value.toLowerCase();
    if (lowered === 'true') return true;
    if (lowered === 'false') return false;
    throw invalid(name, `must be true or false, got '${value}'`);
  }

  boolean(name: string, fallback: boolean): boolean {
    return this.optionalBoolean(name) ?? fallback;
  }

  optionalInteger(name: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const value = this.optionalString(name);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value)) throw invalid(name, `must be a whole number, got '${value}'`);
    const parsed = Number(value);
    if (parsed < min || parsed > max) throw invalid(name, `must be from ${min} to ${max}, got ${parsed}`);
    return parsed;
  }

  integer(name: string, min?: number, max?: number): number {
    const value = this.optionalInteger(name, min, max);
    if (value === undefined) throw invalid(name, 'is required');
    return value;
  }

  optionalEnum<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.optionalString(name);
    if (value === undefined || value === '') return undefined;
    if (!(allowed as readonly string[]).includes(value))
      throw invalid(name, `must be one of ${allowed.join(', ')}, got '${value}'`);
    return value as T;
  }

  enum<T extends string>(name: string, allowed: readonly T[]): T {
    const value = this.optionalEnum(name, allowed);
    if (value === undefined) throw invalid(name, `is required (one of ${allowed.join(', ')})`);
    return value;
  }
}
