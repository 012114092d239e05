import { inject, injectable } from 'inversify';
import { ListLdapAuthorities } from '../../application/ListLdapAuthorities.js';

@injectable()
export class LdapAuthoritiesController {
  constructor(@inject(ListLdapAuthorities) private readonly listAuthorities: ListLdapAuthorities) {}

  async get() {
    return this.listAuthorities.execute().map((a) => ({
      id: a.id, displayName: a.displayName, url: a.url, baseDn: a.baseDn, userAttribute: a.userAttribute,
    }));
  }
}
