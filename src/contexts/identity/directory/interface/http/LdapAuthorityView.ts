import { IsString } from 'class-validator';
import type { LdapAuthority } from '../../domain/LdapAuthority.js';

/** A directory authority as users/ldapAuthorities/get answers it. */
export class LdapAuthorityView {
  @IsString()
  id!: string;

  @IsString()
  displayName!: string;

  @IsString()
  url!: string;

  @IsString()
  baseDn!: string;

  @IsString()
  userAttribute!: string;

  static of(authority: LdapAuthority): LdapAuthorityView {
    return {
      id: authority.id,
      displayName: authority.displayName,
      url: authority.url,
      baseDn: authority.baseDn,
      userAttribute: authority.userAttribute,
    };
  }
}
