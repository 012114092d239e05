/** A directory login of a user: the name it has in the directory authority `ldapAuthorityId`. */
export interface LdapLink {
  readonly name: string;
  readonly ldapAuthorityId: string;
}
