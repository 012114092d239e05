import { inject, injectable } from 'inversify';
import { ListLdapAuthorities } from '../../application/ListLdapAuthorities.js';
import { LdapAuthorityView } from './LdapAuthorityView.js';

@injectable()
export class LdapAuthoritiesController {
  constructor(@inject(ListLdapAuthorities) private readonly listAuthorities: ListLdapAuthorities) {}

  async get(): Promise<LdapAuthorityView[]> {
    return this.listAuthorities.execute().map((authority) => LdapAuthorityView.of(authority));
  }
}
