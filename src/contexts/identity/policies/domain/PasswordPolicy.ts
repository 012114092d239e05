import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import {
  defaultsOf,
  fieldProblems,
  flag,
  integer,
  list,
  pickFields,
  text,
  type ValuesOf,
} from '../../../../shared/domain/SettingFields.js';
import { findPatterns } from './passwordPatterns.js';

export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_BLACKLIST_ITEMS = 1000;
export const MAX_BLACKLIST_ITEM_LENGTH = 128;

/**
 * The password policy's fields, written once: its values' type, defaults, per-field checks, request DTO and
 * answer all come from this list. Defaults of a lab that never set its policy: at least 6 characters, at most
 * 128, no character-class minimums, patterns allowed, empty blacklist. They accept the well-known default
 * administrator password `anadmin`, so a fresh gateway is usable as documented.
 */
export const PASSWORD_POLICY_FIELDS = {
  minLength: integer(0, MAX_PASSWORD_LENGTH, 6, 'minimum length in characters'),
  maxLength: integer(1, MAX_PASSWORD_LENGTH, 128, 'maximum length in characters'),
  minDigits: integer(0, MAX_PASSWORD_LENGTH, 0, 'minimum digit characters'),
  minCharacters: integer(0, MAX_PASSWORD_LENGTH, 0, 'minimum letters, any case'),
  minLowerCase: integer(0, MAX_PASSWORD_LENGTH, 0, 'minimum lowercase letters'),
  minUpperCase: integer(0, MAX_PASSWORD_LENGTH, 0, 'minimum uppercase letters'),
  minSpecial: integer(0, MAX_PASSWORD_LENGTH, 0, 'minimum special characters (anything but a letter or digit)'),
  constraintAreas: integer(0, 5, 0, 'how many of the 5 character classes must hold (0: every minimum is mandatory)'),
  patterns: flag(true, 'whether repetitions, sequences and keyboard sequences are allowed'),
  blacklist: list(
    { value: text(1, MAX_BLACKLIST_ITEM_LENGTH, 'a text no password may contain (compared case-insensitively)') },
    {
      maxItems: MAX_BLACKLIST_ITEMS,
      optional: true,
      description:
        'substrings a password must not contain (a set may leave it out or send null: none; items may also be sent as plain strings)',
    },
  ),
  addUsernameToBlacklist: flag(false, 'when true the username counts as blacklisted'),
};

export type PasswordPolicyValues = ValuesOf<typeof PASSWORD_POLICY_FIELDS>;
/** One blacklisted text: a password must not contain it (compared case-insensitively). */
export type PasswordPolicyBlacklistItem = PasswordPolicyValues['blacklist'][number];

export const DEFAULT_PASSWORD_POLICY: PasswordPolicyValues = defaultsOf(PASSWORD_POLICY_FIELDS);

/** The five character classes and the policy field holding each one's minimum. */
export const CHARACTER_CLASSES = [
  { name: 'digits', field: 'minDigits', pattern: /\p{Nd}/u },
  { name: 'letters', field: 'minCharacters', pattern: /\p{L}/u },
  { name: 'lowercase letters', field: 'minLowerCase', pattern: /\p{Ll}/u },
  { name: 'uppercase letters', field: 'minUpperCase', pattern: /\p{Lu}/u },
  { name: 'special characters', field: 'minSpecial', pattern: /[^\p{L}\p{Nd}]/u },
] as const;

function problem(field: string, rule: string, message: string): ErrorDetail {
  return { field, rule, message };
}

/** Every rule the values break (each field's type and bounds, min ≤ max, satisfiable), one detail each. */
export function passwordPolicyProblems(values: PasswordPolicyValues): ErrorDetail[] {
  const details = fieldProblems(PASSWORD_POLICY_FIELDS, values);
  const counts = ['minLength', 'maxLength', 'minDigits', 'minCharacters', 'minLowerCase', 'minUpperCase', 'minSpecial'];
  if (details.some((d) => d.field === undefined || counts.includes(d.field))) return details;
  if (values.minLength > values.maxLength) {
    details.push(
      problem(
        'minLength',
        'minNotAboveMax',
        `minLength (${values.minLength}) must not exceed maxLength (${values.maxLength})`,
      ),
    );
  }
  const letters = Math.max(values.minCharacters, values.minLowerCase + values.minUpperCase);
  const needed = letters + values.minDigits + values.minSpecial;
  if (needed > values.maxLength) {
    details.push(
      problem(
        'maxLength',
        'satisfiable',
        `the character-class minimums need ${needed} characters but maxLength is ${values.maxLength}: no password could comply`,
      ),
    );
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
  private constructor(
    readonly lab: LabId,
    readonly values: PasswordPolicyValues,
  ) {}

  /** The defaults, for a lab that never set its policy. */
  static initial(lab: LabId): PasswordPolicy {
    return new PasswordPolicy(lab, DEFAULT_PASSWORD_POLICY);
  }

  /**
   * A policy with these values, checked (400 INVALID_PASSWORD_POLICY naming every broken rule); used for a new
   * policy and to rebuild a stored one alike. Properties that are not fields of the policy are dropped.
   */
  static of(lab: LabId, values: PasswordPolicyValues): PasswordPolicy {
    const details = passwordPolicyProblems(values);
    if (details.length > 0) {
      throw DomainError.invalid(
        'INVALID_PASSWORD_POLICY',
        `password policy is invalid: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    return new PasswordPolicy(lab, pickFields(PASSWORD_POLICY_FIELDS, values));
  }

  /**
   * Every rule `password` breaks, one detail each (field `password`, rule = the policy field). `usernames`
   * are the names the password's owner logs in with (blacklisted when addUsernameToBlacklist is on).
   */
  violations(given: string, usernames: readonly string[]): ErrorDetail[] {
    // Judged as it is hashed and later checked (Unicode NFC): 'e' + U+0301 is the same password as 'é'.
    const password = given.normalize('NFC');
    const p = this.values;
    const details: ErrorDetail[] = [];
    const broken = (rule: string, message: string) => details.push(problem('password', rule, message));
    const length = [...password].length;
    if (length < p.minLength)
      broken('minLength', `the password must be at least ${p.minLength} characters long (it has ${length})`);
    if (length > p.maxLength)
      broken('maxLength', `the password must be at most ${p.maxLength} characters long (it has ${length})`);

    const classes = CHARACTER_CLASSES.map((c) => ({ ...c, minimum: p[c.field], count: count(password, c.pattern) }));
    if (p.constraintAreas === 0) {
      for (const c of classes) {
        if (c.count < c.minimum)
          broken(c.field, `the password must contain at least ${c.minimum} ${c.name} (it has ${c.count})`);
      }
    } else {
      const satisfied = classes.filter((c) => c.count >= Math.max(1, c.minimum));
      if (satisfied.length < p.constraintAreas) {
        const missing = classes.filter((c) => !satisfied.includes(c)).map((c) => `${Math.max(1, c.minimum)} ${c.name}`);
        broken(
          'constraintAreas',
          `the password must satisfy at least ${p.constraintAreas} of the 5 character classes ` +
            `(it satisfies ${satisfied.length}; missing: ${missing.join(', ')})`,
        );
      }
    }

    if (!p.patterns) {
      const kinds = new Set(findPatterns(password).map((finding) => finding.kind));
      if (kinds.has('repetition'))
        broken('patterns', 'the password must not repeat a character 3 or more times in a row');
      if (kinds.has('sequence'))
        broken(
          'patterns',
          'the password must not contain a sequence of 3 or more consecutive letters or digits (such as abc or 321)',
        );
      if (kinds.has('keyboard'))
        broken(
          'patterns',
          'the password must not contain 4 or more neighbouring keys of a keyboard row (such as qwer or asdf)',
        );
    }

    const lowered = password.toLowerCase();
    for (const item of p.blacklist) {
      if (lowered.includes(item.value.normalize('NFC').toLowerCase()))
        broken('blacklist', `the password must not contain the blacklisted text '${item.value}'`);
    }
    if (p.addUsernameToBlacklist) {
      for (const name of usernames) {
        if (name && lowered.includes(name.normalize('NFC').toLowerCase()))
          broken('addUsernameToBlacklist', `the password must not contain the username '${name}'`);
      }
    }
    return details;
  }

  /** Throws PASSWORD_POLICY_VIOLATED (400) naming every broken rule. */
  enforce(password: string, usernames: readonly string[]): void {
    const details = this.violations(password, usernames);
    if (details.length > 0) {
      throw DomainError.invalid(
        'PASSWORD_POLICY_VIOLATED',
        `the password does not comply with the password policy: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
  }
}
