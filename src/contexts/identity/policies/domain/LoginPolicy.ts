import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import {
  defaultsOf,
  fieldProblems,
  flag,
  integer,
  pickFields,
  type ValuesOf,
} from '../../../../shared/domain/SettingFields.js';

/** How long an account stays blocked once it reached attemptsUntilBlocked (the policy has no field for it). */
export const BLOCK_DURATION_MINUTES = 15;
export const MAX_OBSOLETE_PASSWORDS = 24;

/**
 * The login policy's fields, written once (values' type, defaults, checks, request DTO and answer). Defaults of a
 * lab that never set its login policy: block after 5 consecutive failures (for 15 minutes), no delay between
 * attempts (minLoginDelay 0; set it to switch delays on, they then double per failure up to maxLoginDelay 30 s),
 * passwords never expire, the last 3 passwords cannot be reused, no minimum password age.
 */
export const LOGIN_POLICY_FIELDS = {
  minLoginDelay: integer(0, 3600, 0, 'seconds: the delay after the first failed attempt (0 switches delays off)'),
  maxLoginDelay: integer(0, 86400, 30, 'seconds: the delay never grows beyond this'),
  attemptsUntilBlocked: integer(0, 1000, 5, 'consecutive failed attempts that block the account (0: never block)'),
  showLoginFailureMessage: flag(true, 'true: a refused login says why; false: one generic message'),
  passwordExpiration: integer(0, 3650, 0, 'days a password stays valid after it was set (0: never expires)'),
  passwordExpirationWarning: integer(0, 3650, 14, 'days before expiry from which a warning is due'),
  maxObsoletePasswords: integer(
    0,
    MAX_OBSOLETE_PASSWORDS,
    3,
    'how many earlier passwords of a user cannot be chosen again',
  ),
  passwordUnchangeableMinutes: integer(
    0,
    525600,
    0,
    'minutes after a password change during which it cannot change again',
  ),
};

export type LoginPolicyValues = ValuesOf<typeof LOGIN_POLICY_FIELDS>;

export const DEFAULT_LOGIN_POLICY: LoginPolicyValues = defaultsOf(LOGIN_POLICY_FIELDS);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every rule the values break (each field's type and bounds, min ≤ max, warning within expiry), one detail each. */
export function loginPolicyProblems(values: LoginPolicyValues): ErrorDetail[] {
  const details = fieldProblems(LOGIN_POLICY_FIELDS, values);
  if (details.length > 0) return details;
  if (values.minLoginDelay > values.maxLoginDelay) {
    details.push({
      field: 'minLoginDelay',
      rule: 'minNotAboveMax',
      message: `minLoginDelay (${values.minLoginDelay}) must not exceed maxLoginDelay (${values.maxLoginDelay})`,
    });
  }
  if (values.passwordExpiration > 0 && values.passwordExpirationWarning > values.passwordExpiration) {
    details.push({
      field: 'passwordExpirationWarning',
      rule: 'notAboveExpiration',
      message: `passwordExpirationWarning (${values.passwordExpirationWarning}) must not exceed passwordExpiration (${values.passwordExpiration})`,
    });
  }
  return details;
}

/**
 * A lab's login policy; applies at once to every later login attempt and password change.
 *
 * Delays: after k consecutive failed attempts (k ≥ 1) the next attempt is refused until
 * min(maxLoginDelay, minLoginDelay × 2^(k−1)) seconds have passed since the last failure; a success resets k.
 * Blocking: the attemptsUntilBlocked-th consecutive failure blocks the account for BLOCK_DURATION_MINUTES.
 */
export class LoginPolicy {
  private constructor(
    readonly lab: LabId,
    readonly values: LoginPolicyValues,
  ) {}

  /** The defaults, for a lab that never set its login policy. */
  static initial(lab: LabId): LoginPolicy {
    return new LoginPolicy(lab, DEFAULT_LOGIN_POLICY);
  }

  /** A policy with these values, checked (400 INVALID_LOGIN_POLICY naming every broken rule); new or stored alike. */
  static of(lab: LabId, values: LoginPolicyValues): LoginPolicy {
    const details = loginPolicyProblems(values);
    if (details.length > 0) {
      throw DomainError.invalid(
        'INVALID_LOGIN_POLICY',
        `login policy is invalid: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    return new LoginPolicy(lab, pickFields(LOGIN_POLICY_FIELDS, values));
  }

  /** Seconds the next attempt must wait after `failures` consecutive failures. */
  delayAfter(failures: number): number {
    const { minLoginDelay, maxLoginDelay } = this.values;
    if (failures <= 0 || minLoginDelay === 0) return 0;
    return Math.min(maxLoginDelay, minLoginDelay * 2 ** Math.min(failures - 1, 30));
  }

  /** Whether `failures` consecutive failures block the account. */
  blocksAfter(failures: number): boolean {
    return this.values.attemptsUntilBlocked > 0 && failures >= this.values.attemptsUntilBlocked;
  }

  blockedUntil(now: Date): Date {
    return new Date(now.getTime() + BLOCK_DURATION_MINUTES * 60_000);
  }

  /** When a password set at `changedAt` expires; undefined when passwords never expire. */
  expiryOf(changedAt: Date): Date | undefined {
    return this.values.passwordExpiration > 0
      ? new Date(changedAt.getTime() + this.values.passwordExpiration * DAY_MS)
      : undefined;
  }

  /** The earliest time a password set at `changedAt` may change again. */
  changeableFrom(changedAt: Date): Date {
    return new Date(changedAt.getTime() + this.values.passwordUnchangeableMinutes * 60_000);
  }
}
