import { inject, injectable } from 'inversify';
import type { LdapAuthority } from '../domain/LdapAuthority.js';
import { LdapDirectory } from '../domain/LdapDirectory.js';

@injectable()
export class ListLdapAuthorities {
  constructor(@inject(LdapDirectory) private readonly directory: LdapDirectory) {}

  execute(): readonly LdapAuthority[] {
    return this.directory.authorities();
  }
}
