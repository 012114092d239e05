/**
 * The values a template sees: strings, numbers, booleans, Dates, sequences (arrays) and hashes (other objects,
 * read through their own properties only). Functions, undefined and null are "missing", as Java null is in
 * FreeMarker; prototypes are never reached.
 */
export const MISSING: unique symbol = Symbol('missing');

export type Value = string | number | boolean | Date | readonly unknown[] | Record<string, unknown> | typeof MISSING;

/** Keys a template may never read, even when an object has them as its own properties. */
const FORBIDDEN = new Set([
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

export function isHash(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** An own, enumerable, non-function property of a hash, or MISSING. Getters are not run. */
export function hashGet(hash: Record<string, unknown>, key: string): Value {
  if (FORBIDDEN.has(key)) return MISSING;
  const d = Object.getOwnPropertyDescriptor(hash, key);
  if (!d || !d.enumerable || !('value' in d)) return MISSING;
  const v = d.value as unknown;
  if (v === undefined || v === null || typeof v === 'function' || typeof v === 'symbol') return MISSING;
  if (typeof v === 'bigint') return Number(v);
  return v as Value;
}

/** How a value is named in messages. */
export function typeOf(v: unknown): string {
  if (v === MISSING || v === undefined || v === null) return 'undefined';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  if (v instanceof Date) return 'a date';
  if (Array.isArray(v)) return 'a sequence';
  return 'a hash';
}
