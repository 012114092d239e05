import { StateMachine, type TransitionTable } from '../../../../shared/domain/StateMachine.js';

/**
 * The states of a user account and the moves between them, as data.
 * - ACTIVE: may log in.
 * - BLOCKED: too many consecutive failed logins; refused, even with the right password, until blockedUntil.
 * - DISABLED: switched off by an administrator (or created so); refused.
 * - PASSWORD_EXPIRED: the local password is older than the login policy allows; refused until it changes.
 */
export const ACCOUNT_STATES = ['ACTIVE', 'BLOCKED', 'DISABLED', 'PASSWORD_EXPIRED'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const ACCOUNT_TRANSITIONS: TransitionTable<AccountState> = {
  // blocked by failures, disabled, or its password aged out
  ACTIVE: ['BLOCKED', 'DISABLED', 'PASSWORD_EXPIRED'],
  // the block ran out (or the administrator password was reset from configuration), or disabled meanwhile
  BLOCKED: ['ACTIVE', 'DISABLED'],
  // enabled again (expiry and blocks are re-evaluated from ACTIVE)
  DISABLED: ['ACTIVE'],
  // a new password (or a relaxed policy), wrong passwords still count and block, or disabled
  PASSWORD_EXPIRED: ['ACTIVE', 'BLOCKED', 'DISABLED'],
};

export const ACCOUNT_STATE_MACHINE = new StateMachine<AccountState>('account', ACCOUNT_TRANSITIONS);
