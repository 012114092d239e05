import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { findPatterns } from './passwordPatterns.js';

/** One blacklisted text: a password must not contain it (compared case-insensitively). */
export interface PasswordPolicyBlacklistItem {
  readonly value: string;
}

export interface PasswordPolicyValues {
  readonly minLength: number;
  readonly maxLength: number;
  readonly minDigits: number;
  readonly minCharacters: number;
  readonly minLowerCase: number;
  readonly minUpperCase: number;
  readonly minSpecial: number;
  readonly constraintAreas: number;
  readonly patterns: boolean;
  readonly blacklist: readonly PasswordPolicyBlacklistItem[];
  readonly addUsernameToBlacklist: boolean;
}

/**
 * Defaults of a lab that never set its policy: at least 6 characters, at most 128, no character-class
 * minimums, patterns allowed, empty blacklist. They accept the well-known default administrator password
 * `anadmin`, so a fresh gateway is usable as documented.
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicyValues = Object.freeze({
  minLength: 6, maxLength: 128, minDigits: 0, minCharacters: 0, minLowerCase: 0, minUpperCase: 0, minSpecial: 0,
  constraintAreas: 0, patterns: true, blacklist: Object.freeze([]), addUsernameToBlacklist: false,
});

export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_BLACKLIST_ITEMS = 1000;
export const MAX_BLACKLIST_ITEM_LENGTH = 128;

/** The five character classes and the policy field holding each one's minimum. */
export const CHARACTER_CLASSES = [
  { name: 'digits', field: 'minDigits', pattern: /\p{Nd}/u },
  { name: 'letters', field: 'minCharacters', pattern: /\p{L}/u },
  { name: 'lowercase letters', field: 'minLowerCase', pattern: /\p{Ll}/u },
  { name: 'uppercase letters', field: 'minUpperCase', pattern: /\p{Lu}/u },
  { name: 'special characters', field: 'minSpecial', pattern: /[^\p{L}\p{Nd}]/u },
] as const;

type CountField = (typeof CHARACTER_CLASSES)[number]['field'] | 'minLength' | 'maxLength' | 'constraintAreas';

function problem(field: string, rule: string, message: string): ErrorDetail {
  return { field, rule, message };
}

/** Every rule the values break (bounds, min ≤ max, satisfiable), one detail each. */
export function passwordPolicyProblems(values: PasswordPolicyValues): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const integer = (field: CountField, min: number, max: number) => {
    const value = values[field];
    if (!Number.isInteger(value) || value < min || value > max) {
      details.push(problem(field, 'range', `${field} must be a whole number from ${min} to ${max}`));
      return false;
    }
    return true;
  };
  const counts = (['minLength', 'minDigits', 'minCharacters', 'minLowerCase', 'minUpperCase', 'minSpecial'] as const)
    .map((field) => integer(field, 0, MAX_PASSWORD_LENGTH)).every(Boolean);
  const max = integer('maxLength', 1, MAX_PASSWORD_LENGTH);
  integer('constraintAreas', 0, CHARACTER_CLASSES.length);
  if (counts && max) {
    if (values.minLength > values.maxLength) {
      details.push(problem('minLength', 'minNotAboveMax', `minLength (${values.minLength}) must not exceed maxLength (${values.maxLength})`));
    }
    const letters = Math.max(values.minCharacters, values.minLowerCase + values.minUpperCase);
    const needed = letters + values.minDigits + values.minSpecial;
    if (needed > values.maxLength) {
      details.push(problem('maxLength', 'satisfiable',
        `the character-class minimums need ${needed} characters but maxLength is ${values.maxLength}: no password could comply`));
    }
  }
  if (!Array.isArray(values.blacklist) || values.blacklist.length > MAX_BLACKLIST_ITEMS) {
    details.push(problem('blacklist', 'maxItems', `blacklist must be a list of at most ${MAX_BLACKLIST_ITEMS} items`));
  } else {
    values.blacklist.forEach((item, index) => {
      if (typeof item?.value !== 'string' || item.value.trim() === '' || item.value.length > MAX_BLACKLIST_ITEM_LENGTH) {
        details.push(problem(`blacklist[${index}].value`, 'length', `blacklist[${index}].value must be 1 to ${MAX_BLACKLIST_ITEM_LENGTH} characters, not blank`));
      } else if (item.value.includes('\u0000')) {
        details.push(problem(`blacklist[${index}].value`, 'noNul', `blacklist[${index}].value must not contain the NUL character`));
      }
    });
  }
  return details;
}

function count(password: string, pattern: RegExp): number {
  return [...password].filter((c) => pattern.test(c)).length;
}

/**
 * A lab's password policy. Applies at once to every password set afterwards (user creation, password change).
 *
 * constraintAreas: the five classes are digits (minDigits), letters of any case (minCharacters), lowercase
 * (minLowerCase), uppercase (minUpperCase) and special characters, i.e. anything but a letter or digit (minSpecial).
 * - 0: every class minimum is mandatory (a minimum of 0 asks nothing).
 * - N from 1 to 5: the password must satisfy at least N of the five classes, where a class is satisfied when
 *   the password holds at least max(1, minimum) characters of it; the others may fall short ("3 of 5" rules).
 */
export class PasswordPolicy {
  private constructor(readonly lab: LabId, private current: PasswordPolicyValues, readonly version: number) {}

  static initial(lab: LabId): PasswordPolicy {
    return new PasswordPolicy(lab, DEFAULT_PASSWORD_POLICY, 0);
  }

  /** Rebuilds a stored policy, checking it again. */
  static restore(lab: LabId, values: PasswordPolicyValues, version: number): PasswordPolicy {
    return new PasswordPolicy(lab, PasswordPolicy.checked(values), version);
  }

  private static checked(values: PasswordPolicyValues): PasswordPolicyValues {
    const details = passwordPolicyProblems(values);
    if (details.length > 0) {
      throw DomainError.invalid('INVALID_PASSWORD_POLICY', `password policy is invalid: ${details.map((d) => d.message).join('; ')}`, details);
    }
    return Object.freeze({ ...values, blacklist: Object.freeze(values.blacklist.map((item) => Object.freeze({ value: item.value }))) });
  }

  get values(): PasswordPolicyValues {
    return this.current;
  }

  change(values: PasswordPolicyValues): void {
    this.current = PasswordPolicy.checked(values);
  }

  /**
   * Every rule `password` breaks, one detail each (field `password`, rule = the policy field). `usernames`
   * are the names the password's owner logs in with (blacklisted when addUsernameToBlacklist is on).
   */
  violations(given: string, usernames: readonly string[]): ErrorDetail[] {
    // Judged as it is hashed and later checked (Unicode NFC): 'e' + U+0301 is the same password as 'é'.
    const password = given.normalize('NFC');
    const p = this.current;
    const details: ErrorDetail[] = [];
    const broken = (rule: string, message: string) => details.push(problem('password', rule, message));
    const length = [...password].length;
    if (length < p.minLength) broken('minLength', `the password must be at least ${p.minLength} characters long (it has ${length})`);
    if (length > p.maxLength) broken('maxLength', `the password must be at most ${p.maxLength} characters long (it has ${length})`);

    const classes = CHARACTER_CLASSES.map((c) => ({ ...c, minimum: p[c.field], count: count(password, c.pattern) }));
    if (p.constraintAreas === 0) {
      for (const c of classes) {
        if (c.count < c.minimum) broken(c.field, `the password must contain at least ${c.minimum} ${c.name} (it has ${c.count})`);
      }
    } else {
      const satisfied = classes.filter((c) => c.count >= Math.max(1, c.minimum));
      if (satisfied.length < p.constraintAreas) {
        const missing = classes.filter((c) => !satisfied.includes(c)).map((c) => `${Math.max(1, c.minimum)} ${c.name}`);
        broken('constraintAreas', `the password must satisfy at least ${p.constraintAreas} of the 5 character classes ` +
          `(it satisfies ${satisfied.length}; missing: ${missing.join(', ')})`);
      }
    }

    if (!p.patterns) {
      const kinds = new Set(findPatterns(password).map((finding) => finding.kind));
      if (kinds.has('repetition')) broken('patterns', 'the password must not repeat a character 3 or more times in a row');
      if (kinds.has('sequence')) broken('patterns', 'the password must not contain a sequence of 3 or more consecutive letters or digits (such as abc or 321)');
      if (kinds.has('keyboard')) broken('patterns', 'the password must not contain 4 or more neighbouring keys of a keyboard row (such as qwer or asdf)');
    }

    const lowered = password.toLowerCase();
    for (const item of p.blacklist) {
      if (lowered.includes(item.value.normalize('NFC').toLowerCase())) broken('blacklist', `the password must not contain the blacklisted text '${item.value}'`);
    }
    if (p.addUsernameToBlacklist) {
      for (const name of usernames) {
        if (name && lowered.includes(name.normalize('NFC').toLowerCase())) broken('addUsernameToBlacklist', `the password must not contain the username '${name}'`);
      }
    }
    return details;
  }

  /** Throws PASSWORD_POLICY_VIOLATED (400) naming every broken rule. */
  enforce(password: string, usernames: readonly string[]): void {
    const details = this.violations(password, usernames);
    if (details.length > 0) {
      throw DomainError.invalid('PASSWORD_POLICY_VIOLATED',
        `the password does not comply with the password policy: ${details.map((d) => d.message).join('; ')}`, details);
    }
  }
}
