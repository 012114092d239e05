import { parse as parseIsoDuration } from 'tinyduration';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';

/** The longest a scenario may run, and the furthest a duration in it may reach. */
export const MAX_SCENARIO_MS = 366 * 24 * 3600_000;

/** Collects the faults field by field; `fail` throws them as one 400 INVALID_SCENARIO. */
export class ScenarioProblems {
  readonly details: ErrorDetail[] = [];

  add(field: string, message: string, rule = 'scenario'): undefined {
    if (this.details.length < 50) this.details.push({ field, rule, message: `${field} ${message}` });
    return undefined;
  }

  /** Runs a part's own check, keeping its details (already named from `field`). */
  part<T>(field: string, read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'invalid') throw error;
      if (error.details.length === 0) this.add(field, error.message);
      for (const detail of error.details) {
        const named =
          detail.field && !detail.field.startsWith(field) ? `${field}.${detail.field}` : detail.field || field;
        this.details.push({ field: named, rule: detail.rule, message: detail.message });
      }
      return undefined;
    }
  }

  throwIfAny(): void {
    if (this.details.length === 0) return;
    const shown = this.details
      .slice(0, 5)
      .map((d) => d.message)
      .join('; ');
    throw DomainError.invalid(
      'INVALID_SCENARIO',
      `the scenario is invalid: ${shown}${this.details.length > 5 ? ` (and ${this.details.length - 5} more)` : ''}`,
      this.details,
    );
  }
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An ISO-8601 duration in ms (weeks to seconds; `-` in front for a negative one); undefined when it is not one. */
export function durationMs(text: string): number | undefined {
  try {
    const d = parseIsoDuration(text.trim());
    if (d.years || d.months) return undefined;
    const ms =
      ((((d.weeks ?? 0) * 7 + (d.days ?? 0)) * 24 + (d.hours ?? 0)) * 60 + (d.minutes ?? 0)) * 60_000 +
      (d.seconds ?? 0) * 1000;
    return d.negative ? -ms : ms;
  } catch {
    return undefined;
  }
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO-8601 instant with its offset; undefined when it is not one. */
export function instant(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !INSTANT.test(text.trim())) return undefined;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Fields an object may have: the others are named as unknown. */
export function known(problems: ScenarioProblems, value: Json, field: string, keys: readonly string[]): void {
  for (const key of Object.keys(value))
    if (!keys.includes(key))
      problems.add(
        field ? `${field}.${key}` : key,
        `is not a field of ${field || 'a scenario'} (known: ${keys.join(', ')})`,
        'unknown',
      );
}

export function text(
  problems: ScenarioProblems,
  value: unknown,
  field: string,
  options: { required?: boolean; max?: number; pattern?: RegExp; hint?: string } = {},
): string | undefined {
  if (value === undefined) return options.required ? problems.add(field, 'is required') : undefined;
  if (typeof value !== 'string') return problems.add(field, 'must be a string');
  if (options.required && value.trim() === '') return problems.add(field, 'must not be empty');
  if (value.length > (options.max ?? 4000))
    return problems.add(field, `is longer than ${options.max ?? 4000} characters`);
  if (options.pattern && !options.pattern.test(value)) return problems.add(field, options.hint ?? 'has the wrong form');
  return value;
}

export function integer(
  problems: ScenarioProblems,
  value: unknown,
  field: string,
  min: number,
  max: number,
  required = false,
): number | undefined {
  if (value === undefined) return required ? problems.add(field, 'is required') : undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return problems.add(field, `must be a whole number from ${min} to ${max}`);
  return value;
}

export function duration(
  problems: ScenarioProblems,
  value: unknown,
  field: string,
  options: { required?: boolean; negative?: boolean } = {},
): number | undefined {
  if (value === undefined)
    return options.required ? problems.add(field, 'is required (an ISO-8601 duration such as PT15M)') : undefined;
  const ms = typeof value === 'string' ? durationMs(value) : undefined;
  if (ms === undefined)
    return problems.add(
      field,
      `must be an ISO-8601 duration of weeks, days, hours, minutes and seconds, such as PT15M or P1DT2H (not ${JSON.stringify(value)?.slice(0, 40)})`,
    );
  if (ms < 0 && !options.negative) return problems.add(field, 'must not be negative');
  if (Math.abs(ms) > MAX_SCENARIO_MS) return problems.add(field, 'must be within a year');
  return ms;
}

/** A clock mode: real, scaled or frozen. */
export function parseMode(
  problems: ScenarioProblems,
  value: unknown,
  field: string,
): 'real' | 'scaled' | 'frozen' | undefined {
  if (value === undefined) return undefined;
  if (value !== 'real' && value !== 'scaled' && value !== 'frozen')
    return problems.add(field, 'must be real, scaled or frozen');
  return value;
}

/** The scale of the scaled clock mode (only with it): 0.001 to 10000. */
export function parseScale(
  problems: ScenarioProblems,
  value: unknown,
  field: string,
  mode: string | undefined,
): number | undefined {
  if (value === undefined) return undefined;
  if (mode !== 'scaled') return problems.add(field, 'applies to the scaled mode only');
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0.001 || value > 10_000)
    return problems.add(field, 'must be a number from 0.001 to 10000');
  return value;
}
