import type { LdapAuthority } from './LdapAuthority.js';

/** The directory servers users with `ldapLogin` authenticate against (the simulator ships a fixed one). */
export abstract class LdapDirectory {
  abstract authorities(): readonly LdapAuthority[];
  abstract authority(id: string): LdapAuthority | undefined;
  /** Whether `name` / `password` is a valid login at that authority; constant-time, false for unknown ones. */
  abstract verify(authorityId: string, name: string, password: string): Promise<boolean>;
}
