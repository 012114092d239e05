import { expect } from 'chai';
import { AuthenticationError } from '../../../src/shared/domain/DomainError.js';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { VerifiedCredentials } from '../../../src/contexts/identity/authentication/domain/VerifiedCredentials.js';
import {
  HmacVerifiedCredentials,
  VERIFIED_CREDENTIALS_TTL_MS,
} from '../../../src/contexts/identity/authentication/infrastructure/memory/HmacVerifiedCredentials.js';
import { AddRole } from '../../../src/contexts/identity/roles/application/AddRole.js';
import { RemoveRole } from '../../../src/contexts/identity/roles/application/RemoveRole.js';
import { AddUser, type AddUserCommand } from '../../../src/contexts/identity/users/application/AddUser.js';
import { ChangePassword } from '../../../src/contexts/identity/users/application/ChangePassword.js';
import { UnblockUser } from '../../../src/contexts/identity/users/application/UnblockUser.js';
import { UserRepository } from '../../../src/contexts/identity/users/domain/UserRepository.js';
import { RoleMother, T0 } from './support/IdentityMother.js';
import { identityHarness, LAB, type Harness } from './support/IdentityHarness.js';

const PASSWORD = 'Cached-Pass-4711';

function local(username: string): AddUserCommand {
  return {
    displayName: username,
    emailAddress: undefined,
    enabled: true,
    loginLocally: true,
    localUsername: username,
    localPassword: PASSWORD,
    ldapLogin: false,
    ldapAuthentications: [],
    passwordChange: 'NOT_NECESSARY',
    roleIds: [],
  };
}

async function refused(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AuthenticationError) return error.code;
    throw error;
  }
  throw new Error('expected the login to be refused');
}

describe('verified credentials', () => {
  describe('the HMAC store', () => {
    const login = {
      userId: 'u1',
      passwordHash: 'scrypt$x',
      local: true,
      principal: { lab: LAB, userId: 'u1', username: 'bob', permissions: {} as never },
      sessionId: 's1',
    };

    it('answers exactly the credentials remembered, until the TTL runs out', () => {
      const store = new HmacVerifiedCredentials();
      store.remember(LAB, 'bob', PASSWORD, login, T0);
      expect(store.find(LAB, 'bob', PASSWORD, T0)).to.equal(login);
      expect(store.find(LAB, 'bob', `${PASSWORD}x`, T0)).to.equal(undefined);
      expect(store.find(LAB, 'bob', PASSWORD.slice(0, -1), T0)).to.equal(undefined);
      expect(store.find(LAB, 'alice', PASSWORD, T0)).to.equal(undefined);
      expect(store.find('other' as never, 'bob', PASSWORD, T0)).to.equal(undefined);
      expect(store.find(LAB, 'bob', PASSWORD, new Date(T0.getTime() + VERIFIED_CREDENTIALS_TTL_MS - 1))).to.equal(
        login,
      );
      expect(store.find(LAB, 'bob', PASSWORD, new Date(T0.getTime() + VERIFIED_CREDENTIALS_TTL_MS))).to.equal(
        undefined,
      );
      expect(store.size).to.equal(0);
    });

    it('holds no password: neither as text nor in any buffer of an entry', () => {
      const store = new HmacVerifiedCredentials();
      store.remember(LAB, 'bob', PASSWORD, login, T0);
      const entries = [...(store as unknown as { entries: Map<string, { digest: Buffer }> }).entries.values()];
      const dumped = JSON.stringify(entries) + entries.map((e) => e.digest.toString('latin1')).join('');
      expect(dumped).to.not.contain(PASSWORD);
      expect(entries[0]!.digest).to.have.length(32);
    });

    it('forgets a user, a lab, everything', () => {
      const store = new HmacVerifiedCredentials();
      store.remember(LAB, 'bob', PASSWORD, login, T0);
      store.remember(LAB, 'carl', PASSWORD, { ...login, userId: 'u2' }, T0);
      store.forgetUser(LAB, 'u1');
      expect(store.find(LAB, 'bob', PASSWORD, T0)).to.equal(undefined);
      expect(store.find(LAB, 'carl', PASSWORD, T0)).to.not.equal(undefined);
      store.forgetLab(LAB);
      expect(store.size).to.equal(0);
    });
  });

  describe('in the authenticator', function () {
    this.timeout(20000);
    let h: Harness;
    let auth: Authenticator;
    let cache: VerifiedCredentials;

    beforeEach(async () => {
      h = identityHarness();
      await h.startUp();
      auth = h.get(Authenticator);
      cache = h.get(VerifiedCredentials);
      await h.get(AddUser).execute(LAB, local('bob'));
    });

    it('answers the same credentials again with the same session, without a key derivation or a write', async () => {
      const first = await auth.login(LAB, 'bob', PASSWORD);
      const derivations = h.hasher.derivations;
      const version = (await h.get(UnitOfWork).read(() => h.get(UserRepository).byLocalUsername(LAB, 'bob')))!.version;
      const again = await auth.login(LAB, 'bob', PASSWORD);
      expect(again.sessionId).to.equal(first.sessionId);
      expect(again.principal).to.deep.equal(first.principal);
      expect(h.hasher.derivations).to.equal(derivations);
      expect((await h.get(UnitOfWork).read(() => h.get(UserRepository).byLocalUsername(LAB, 'bob')))!.version).to.equal(
        version,
      );
    });

    it('never keeps a failed login, and a failure sends the right password down the full path (delays and blocks apply)', async () => {
      expect(await refused(auth.login(LAB, 'bob', 'wrong'))).to.equal('INVALID_CREDENTIALS');
      expect(cache.size).to.equal(0);
      await auth.login(LAB, 'bob', PASSWORD);
      expect(cache.size).to.equal(1);
      for (let i = 0; i < 5; i += 1) await refused(auth.login(LAB, 'bob', `wrong-${i}`));
      expect(cache.size).to.equal(0);
      expect(await refused(auth.login(LAB, 'bob', PASSWORD))).to.equal('ACCOUNT_BLOCKED');
      await h.get(UnblockUser).execute(LAB, 'bob');
      expect((await auth.login(LAB, 'bob', PASSWORD)).principal.username).to.equal('bob');
    });

    it('drops the entry when the password changes or a role is removed', async () => {
      await auth.login(LAB, 'bob', PASSWORD);
      await h.get(ChangePassword).execute(LAB, {
        user: 'bob',
        oldPassword: undefined,
        newPassword: 'Next-Pass-2468',
        passwordChange: 'NOT_NECESSARY',
        by: 'admin',
      });
      expect(cache.size).to.equal(0);
      expect(await refused(auth.login(LAB, 'bob', PASSWORD))).to.equal('INVALID_CREDENTIALS');
      await auth.login(LAB, 'bob', 'Next-Pass-2468');
      expect(cache.size).to.equal(1);
      await h.get(AddRole).execute(LAB, RoleMother.with('temporary'));
      await h.get(RemoveRole).execute(LAB, 'temporary');
      expect(cache.size).to.equal(0);
    });

    it('does not answer from an entry whose user changed behind its back (another process): the stored user decides', async () => {
      await auth.login(LAB, 'bob', PASSWORD);
      // as a write through another process would: no event here, only the stored state (and the lab's revision) move
      await h.get(UnitOfWork).write(LAB, async () => {
        const bob = (await h.get(UserRepository).byLocalUsername(LAB, 'bob'))!;
        bob.disable(T0);
        await h.get(UserRepository).save(bob);
      });
      expect(cache.size).to.equal(1);
      expect(await refused(auth.login(LAB, 'bob', PASSWORD))).to.equal('USER_DISABLED');
    });
  });
});
