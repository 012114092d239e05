import { constantTimeEquals } from '@gwsim/secret-hash';
import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DirectorySearches } from './DirectorySearches.js';
import type { LdapAuthority } from '../domain/LdapAuthority.js';
import { LdapDirectory, type LdapConnectionState } from '../domain/LdapDirectory.js';

export const CORPORATE_DIRECTORY_ID = '5f0c1e2a-7b3d-4c8e-9a61-2d4f8b0e1a01';
export const OPEN_LDAP_DIRECTORY_ID = '5f0c1e2a-7b3d-4c8e-9a61-2d4f8b0e1a02';

/** The simulated directory's authorities. */
export const SIMULATED_AUTHORITIES: readonly LdapAuthority[] = Object.freeze([
  Object.freeze({
    id: CORPORATE_DIRECTORY_ID,
    displayName: 'Corporate Active Directory',
    url: 'ldaps://dc1.corp.gwsim.test:636',
    baseDn: 'OU=Users,DC=corp,DC=gwsim,DC=test',
    userAttribute: 'sAMAccountName',
  }),
  Object.freeze({
    id: OPEN_LDAP_DIRECTORY_ID,
    displayName: 'Lab OpenLDAP',
    url: 'ldap://ldap.lab.gwsim.test:389',
    baseDn: 'ou=people,dc=lab,dc=gwsim,dc=test',
    userAttribute: 'uid',
  }),
]);

/**
 * The accounts the simulated directory knows, per authority (documented test data, not secrets):
 * corporate: alice / Alice-Corp-2024, bob / Bob-Corp-2024; lab OpenLDAP: carol / Carol-Lab-2024,
 * alice / Alice-Lab-2024 (the same name at two authorities).
 */
export const SIMULATED_ACCOUNTS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  [CORPORATE_DIRECTORY_ID]: Object.freeze({ alice: 'Alice-Corp-2024', bob: 'Bob-Corp-2024' }),
  [OPEN_LDAP_DIRECTORY_ID]: Object.freeze({ carol: 'Carol-Lab-2024', alice: 'Alice-Lab-2024' }),
});

const NO_ACCOUNT = '\u0000no such directory account\u0000';

/** The service account the gateway binds to each simulated directory with (its connection's `username`). */
const BIND_ACCOUNTS: Readonly<Record<string, string>> = Object.freeze({
  [CORPORATE_DIRECTORY_ID]: 'CN=gwsim-bind,OU=Service Accounts,DC=corp,DC=gwsim,DC=test',
  [OPEN_LDAP_DIRECTORY_ID]: 'cn=gwsim-bind,ou=services,dc=lab,dc=gwsim,dc=test',
});

/**
 * A fixed, in-memory directory: the same in every lab, never changes, reaches no network. Its connections are up
 * from the process's start; each login through an authority is a search on its connection (counted, with the
 * accounts found kept as its cached entries).
 */
@injectable()
export class SimulatedLdapDirectory extends LdapDirectory {
  constructor(
    @inject(DirectorySearches) private readonly searches: DirectorySearches,
    @inject(Clock) private readonly clock: Clock,
  ) {
    super();
  }

  authorities(): readonly LdapAuthority[] {
    return SIMULATED_AUTHORITIES;
  }

  authority(id: string): LdapAuthority | undefined {
    return SIMULATED_AUTHORITIES.find((authority) => authority.id === id);
  }

  connections(): readonly LdapConnectionState[] {
    return SIMULATED_AUTHORITIES.map((authority, index) => {
      const searches = this.searches.of(index);
      return {
        authority,
        state: 'connected',
        bindAccount: BIND_ACCOUNTS[authority.id] ?? '',
        establishedAt: this.searches.establishedAt,
        lastSearchAt: searches.lastAt,
        searches: searches.searches,
        cachedItems: searches.found,
      };
    });
  }

  async verify(authorityId: string, name: string, password: string): Promise<boolean> {
    const accounts = SIMULATED_ACCOUNTS[authorityId] ?? {};
    const known = Object.prototype.hasOwnProperty.call(accounts, name);
    const index = SIMULATED_AUTHORITIES.findIndex((authority) => authority.id === authorityId);
    if (index >= 0)
      this.searches.record(index, this.clock.now().getTime(), known ? Object.keys(accounts).indexOf(name) : undefined);
    const matches = constantTimeEquals(password, known ? accounts[name]! : NO_ACCOUNT);
    return known && matches;
  }
}
