import { DomainError } from '../../../../shared/domain/DomainError.js';

/** A snapshot's name: a short slug (what its URLs carry), never a word `reset` gives a meaning of its own. */
export const SNAPSHOT_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
/** Words `POST /_sim/labs/{lab}/reset {to}` reads as something other than a snapshot. */
export const RESERVED_SNAPSHOT_NAMES: readonly string[] = ['empty', 'demo', 'scenario'];

/** Checks a snapshot name; the error names `field` (the body's `name`, or the path's). */
export function snapshotName(name: unknown, field = 'name'): string {
  const text = typeof name === 'string' ? name : '';
  let problem: string | undefined;
  if (typeof name !== 'string') problem = 'must be a string';
  else if (!SNAPSHOT_NAME.test(text))
    problem = `'${text.slice(0, 40)}' is not a snapshot name: 1 to 64 lower-case letters, digits, '.', '_' and '-', starting with a letter or digit`;
  else if (RESERVED_SNAPSHOT_NAMES.includes(text))
    problem = `'${text}' is reserved (reset reads it as a word of its own): choose another name`;
  if (problem)
    throw DomainError.invalid('INVALID_SNAPSHOT_NAME', `${field}: ${problem}`, [
      { field, rule: 'snapshotName', message: problem },
    ]);
  return text;
}
