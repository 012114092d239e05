/**
 * A directory (LDAP) server users can log in through. The specification leaves its fields open; these are
 * what an automation engineer needs to pick one: its id (referenced by users' ldapAuthentications), a display
 * name, the server URL, the base DN searched for users and the attribute holding the login name.
 */
export interface LdapAuthority {
  readonly id: string;
  readonly displayName: string;
  readonly url: string;
  readonly baseDn: string;
  readonly userAttribute: string;
}
