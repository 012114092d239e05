import type { UserAccountProps } from './UserAccountProps.js';

type NewAccountFields = Omit<
  UserAccountProps,
  'obsoletePasswordHashes' | 'failedLogins' | 'lastFailedLogin' | 'lastLogin' | 'blockedUntil' | 'createdAt' | 'version'
>;

/** The record of an account made at `now`: the given fields, no earlier passwords, no logins yet, version 0. */
export function newAccountProps(fields: NewAccountFields, now: Date): UserAccountProps {
  return {
    ...fields,
    obsoletePasswordHashes: [],
    failedLogins: 0,
    lastFailedLogin: undefined,
    lastLogin: undefined,
    blockedUntil: undefined,
    createdAt: now,
    version: 0,
  };
}
