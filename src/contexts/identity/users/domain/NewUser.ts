import type { LdapLink } from './LdapLink.js';
import type { PasswordChange } from './PasswordChange.js';

/** What an administrator gives for a new user account. */
export interface NewUser {
  readonly id: string;
  readonly displayName: string;
  readonly emailAddress: string;
  readonly enabled: boolean;
  readonly loginLocally: boolean;
  readonly localUsername: string | undefined;
  readonly passwordHash: string | undefined;
  readonly passwordChange: PasswordChange;
  readonly ldapLogin: boolean;
  readonly ldapUsers: readonly LdapLink[];
  readonly roleIds: readonly string[];
}
