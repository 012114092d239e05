import { DomainError } from './DomainError.js';

/** Every piece of gateway state belongs to a lab: one isolated simulated gateway. */
export type LabId = string & { readonly __lab: unique symbol };

export const DEFAULT_LAB = 'default' as LabId;

const LAB_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function labId(value: string): LabId {
  if (!LAB_PATTERN.test(value))
    throw new RangeError(`'${value}' is not a lab id (lowercase letters, digits and dashes)`);
  return value as LabId;
}

/**
 * Whether a text can name a lab at all (every lab's name has this shape; a new lab's is narrower still). A request's
 * lab name that cannot is no lab's: it is answered without asking the store, which may refuse such text (a NUL).
 */
export function isLabId(value: string): value is LabId {
  return LAB_PATTERN.test(value);
}

/** The 404 LAB_NOT_FOUND naming `lab` for a name no lab has (shown cut to 64 characters). */
export function labNotFound(name: string): DomainError {
  const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
  const message = `lab '${shown}' does not exist (GET /_sim/labs lists the labs)`;
  return new DomainError('LAB_NOT_FOUND', 'not_found', message, [{ field: 'lab', rule: 'exists', message }]);
}
