import { expect } from 'chai';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { LoginSessions } from '../../../src/contexts/identity/authentication/application/LoginSessions.js';
import { RememberedLogins } from '../../../src/contexts/identity/authentication/application/RememberedLogins.js';
import type { VerifiedLogin } from '../../../src/contexts/identity/authentication/domain/VerifiedCredentials.js';
import { CORPORATE_DIRECTORY_ID } from '../../../src/contexts/identity/directory/infrastructure/SimulatedLdapDirectory.js';
import { SetLoginPolicy } from '../../../src/contexts/identity/policies/application/SetLoginPolicy.js';
import { DEFAULT_LOGIN_POLICY } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { AddUser } from '../../../src/contexts/identity/users/application/AddUser.js';
import { UserRepository } from '../../../src/contexts/identity/users/domain/UserRepository.js';
import { identityHarness, LAB, type Harness } from './support/IdentityHarness.js';

const PASSWORD = 'Bob-Pass-4711';

describe('the remembered logins', function () {
  this.timeout(20000);
  let h: Harness;
  let remembered: RememberedLogins;

  /** The login remembered for these credentials after a login that passed. */
  const loggedIn = async (username: string, password: string): Promise<VerifiedLogin> => {
    await h.get(Authenticator).login(LAB, username, password);
    return remembered.recall(LAB, username, password)!;
  };

  beforeEach(async () => {
    // sessions that outlive the days the clock moves here
    h = identityHarness({ sessionIdleMinutes: 20 * 1440 });
    await h.startUp();
    remembered = h.get(RememberedLogins);
    await h.get(AddUser).execute(LAB, {
      displayName: 'bob',
      emailAddress: undefined,
      enabled: true,
      loginLocally: true,
      localUsername: 'bob',
      localPassword: PASSWORD,
      ldapLogin: true,
      ldapAuthentications: [{ name: 'alice', ldapAuthorityId: CORPORATE_DIRECTORY_ID }],
      passwordChange: 'NOT_NECESSARY',
      roleIds: [],
    });
  });

  it('stand while the session of the login is alive, and no longer once it ended', async () => {
    const login = await loggedIn('bob', PASSWORD);
    expect((await remembered.reuse(LAB, login))!.sessionId).to.equal(login.sessionId);
    h.get(LoginSessions).end(login.sessionId);
    expect(await remembered.reuse(LAB, login)).to.equal(undefined);
  });

  it('stand for a directory login once the local password expired, not for the local login', async () => {
    const local = await loggedIn('bob', PASSWORD);
    const directory = await loggedIn('alice', 'Alice-Corp-2024');
    await h
      .get(SetLoginPolicy)
      .execute(LAB, { ...DEFAULT_LOGIN_POLICY, passwordExpiration: 10, passwordExpirationWarning: 2 });
    h.clock.advanceSeconds(10 * 86400);
    expect(await remembered.reuse(LAB, local)).to.equal(undefined);
    expect((await remembered.reuse(LAB, directory))!.sessionId).to.equal(directory.sessionId);
  });

  it('no longer stand after a failed attempt, or once the stored password hash changed behind their back', async () => {
    const login = await loggedIn('bob', PASSWORD);
    await h
      .get(Authenticator)
      .login(LAB, 'bob', 'wrong')
      .catch(() => undefined);
    expect(await remembered.reuse(LAB, login), 'a failed attempt since').to.equal(undefined);
    const again = await loggedIn('bob', PASSWORD);
    expect(await remembered.reuse(LAB, again)).to.not.equal(undefined);
    // as a write through another process would: no event here, only the stored state (and the lab's revision) move
    await h.get(UnitOfWork).write(LAB, async () => {
      const bob = (await h.get(UserRepository).byLocalUsername(LAB, 'bob'))!;
      bob.rehash('scrypt$another-hash');
      await h.get(UserRepository).save(bob);
    });
    expect(await remembered.reuse(LAB, again)).to.equal(undefined);
  });
});
