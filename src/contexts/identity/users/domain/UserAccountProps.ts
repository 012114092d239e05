import type { LabId } from '../../../../shared/domain/LabId.js';
import type { AccountState } from './AccountStates.js';
import type { LdapLink } from './LdapLink.js';
import type { PasswordChange } from './PasswordChange.js';

/** Everything a user account holds; what mappers read and rebuild from. */
export interface UserAccountProps {
  readonly lab: LabId;
  readonly id: string;
  readonly builtIn: boolean;
  readonly displayName: string;
  readonly emailAddress: string;
  readonly state: AccountState;
  readonly loginLocally: boolean;
  readonly localUsername: string | undefined;
  readonly passwordHash: string | undefined;
  readonly passwordChangedAt: Date | undefined;
  readonly passwordChange: PasswordChange;
  /** Hashes of earlier passwords, newest first (at most MAX_OBSOLETE_PASSWORDS). */
  readonly obsoletePasswordHashes: readonly string[];
  readonly ldapLogin: boolean;
  readonly ldapUsers: readonly LdapLink[];
  readonly roleIds: readonly string[];
  readonly failedLogins: number;
  readonly lastFailedLogin: Date | undefined;
  readonly lastLogin: Date | undefined;
  readonly blockedUntil: Date | undefined;
  /** Built-in administrator only: a hash of the configured password it was last seeded from. */
  readonly seedFingerprint: string | undefined;
  readonly createdAt: Date;
  readonly version: number;
}
