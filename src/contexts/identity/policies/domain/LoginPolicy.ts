import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';

export interface LoginPolicyValues {
  /** Seconds: the delay after the first failed attempt (0 switches delays off). */
  readonly minLoginDelay: number;
  /** Seconds: the delay never grows beyond this. */
  readonly maxLoginDelay: number;
  /** Consecutive failed attempts that block the account (0: never block). */
  readonly attemptsUntilBlocked: number;
  /** True: a refused login says why (wrong credentials, blocked, delayed, disabled, expired); false: one generic message. */
  readonly showLoginFailureMessage: boolean;
  /** Days a password stays valid after it was set (0: never expires). */
  readonly passwordExpiration: number;
  /** Days before expiry from which a warning is due (kept and shown; the API has no place to show a warning). */
  readonly passwordExpirationWarning: number;
  /** How many earlier passwords of a user cannot be chosen again (besides the current one, which never can). */
  readonly maxObsoletePasswords: number;
  /** Minutes after a password change during which it cannot change again. */
  readonly passwordUnchangeableMinutes: number;
}

/** How long an account stays blocked once it reached attemptsUntilBlocked (the policy has no field for it). */
export const BLOCK_DURATION_MINUTES = 15;
export const MAX_OBSOLETE_PASSWORDS = 24;

/**
 * Defaults of a lab that never set its login policy: block after 5 consecutive failures (for 15 minutes),
 * no delay between attempts (minLoginDelay 0; set it to switch delays on, they then double per failure up to
 * maxLoginDelay 30 s), passwords never expire, the last 3 passwords cannot be reused, no minimum password age.
 */
export const DEFAULT_LOGIN_POLICY: LoginPolicyValues = Object.freeze({
  minLoginDelay: 0, maxLoginDelay: 30, attemptsUntilBlocked: 5, showLoginFailureMessage: true,
  passwordExpiration: 0, passwordExpirationWarning: 14, maxObsoletePasswords: 3, passwordUnchangeableMinutes: 0,
});

const BOUNDS: { readonly [F in Exclude<keyof LoginPolicyValues, 'showLoginFailureMessage'>]: readonly [number, number] } = {
  minLoginDelay: [0, 3600],
  maxLoginDelay: [0, 86400],
  attemptsUntilBlocked: [0, 1000],
  passwordExpiration: [0, 3650],
  passwordExpirationWarning: [0, 3650],
  maxObsoletePasswords: [0, MAX_OBSOLETE_PASSWORDS],
  passwordUnchangeableMinutes: [0, 525600],
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function loginPolicyProblems(values: LoginPolicyValues): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  let inRange = true;
  for (const [field, [min, max]] of Object.entries(BOUNDS)) {
    const value = values[field as keyof typeof BOUNDS];
    if (!Number.isInteger(value) || value < min || value > max) {
      details.push({ field, rule: 'range', message: `${field} must be a whole number from ${min} to ${max}` });
      inRange = false;
    }
  }
  if (typeof values.showLoginFailureMessage !== 'boolean') {
    details.push({ field: 'showLoginFailureMessage', rule: 'isBoolean', message: 'showLoginFailureMessage must be true or false' });
  }
  if (inRange && values.minLoginDelay > values.maxLoginDelay) {
    details.push({ field: 'minLoginDelay', rule: 'minNotAboveMax', message: `minLoginDelay (${values.minLoginDelay}) must not exceed maxLoginDelay (${values.maxLoginDelay})` });
  }
  if (inRange && values.passwordExpiration > 0 && values.passwordExpirationWarning > values.passwordExpiration) {
    details.push({ field: 'passwordExpirationWarning', rule: 'notAboveExpiration',
      message: `passwordExpirationWarning (${values.passwordExpirationWarning}) must not exceed passwordExpiration (${values.passwordExpiration})` });
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
  private constructor(readonly lab: LabId, private current: LoginPolicyValues, readonly version: number) {}

  static initial(lab: LabId): LoginPolicy {
    return new LoginPolicy(lab, DEFAULT_LOGIN_POLICY, 0);
  }

  static restore(lab: LabId, values: LoginPolicyValues, version: number): LoginPolicy {
    return new LoginPolicy(lab, LoginPolicy.checked(values), version);
  }

  private static checked(values: LoginPolicyValues): LoginPolicyValues {
    const details = loginPolicyProblems(values);
    if (details.length > 0) {
      throw DomainError.invalid('INVALID_LOGIN_POLICY', `login policy is invalid: ${details.map((d) => d.message).join('; ')}`, details);
    }
    return Object.freeze({ ...values });
  }

  get values(): LoginPolicyValues {
    return this.current;
  }

  change(values: LoginPolicyValues): void {
    this.current = LoginPolicy.checked(values);
  }

  /** Seconds the next attempt must wait after `failures` consecutive failures. */
  delayAfter(failures: number): number {
    const { minLoginDelay, maxLoginDelay } = this.current;
    if (failures <= 0 || minLoginDelay === 0) return 0;
    return Math.min(maxLoginDelay, minLoginDelay * 2 ** Math.min(failures - 1, 30));
  }

  /** Whether `failures` consecutive failures block the account. */
  blocksAfter(failures: number): boolean {
    return this.current.attemptsUntilBlocked > 0 && failures >= this.current.attemptsUntilBlocked;
  }

  blockedUntil(now: Date): Date {
    return new Date(now.getTime() + BLOCK_DURATION_MINUTES * 60_000);
  }

  /** When a password set at `changedAt` expires; undefined when passwords never expire. */
  expiryOf(changedAt: Date): Date | undefined {
    return this.current.passwordExpiration > 0 ? new Date(changedAt.getTime() + this.current.passwordExpiration * DAY_MS) : undefined;
  }

  /** The earliest time a password set at `changedAt` may change again. */
  changeableFrom(changedAt: Date): Date {
    return new Date(changedAt.getTime() + this.current.passwordUnchangeableMinutes * 60_000);
  }
}
