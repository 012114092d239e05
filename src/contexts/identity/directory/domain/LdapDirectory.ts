import type { LdapAuthority } from './LdapAuthority.js';

/** The gateway's connection to one directory server, as its dashboard shows it. */
export interface LdapConnectionState {
  readonly authority: LdapAuthority;
  readonly state: 'connected' | 'disconnected';
  /** The account the gateway binds with. */
  readonly bindAccount: string;
  readonly establishedAt: Date;
  /** The last user search (a login through it); undefined: none yet. */
  readonly lastSearchAt: Date | undefined;
  readonly searches: number;
  /** The entries the connection holds from its searches (the directory's accounts it has looked up). */
  readonly cachedItems: number;
}

/** The directory servers users with `ldapLogin` authenticate against (the simulator ships a fixed one). */
export abstract class LdapDirectory {
  abstract authorities(): readonly LdapAuthority[];
  abstract authority(id: string): LdapAuthority | undefined;
  /** Whether `name` / `password` is a valid login at that authority; constant-time, false for unknown ones. */
  abstract verify(authorityId: string, name: string, password: string): Promise<boolean>;
  /** The gateway's connection to each authority, in the authorities' order. */
  abstract connections(): readonly LdapConnectionState[];
}
