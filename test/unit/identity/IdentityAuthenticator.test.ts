import { expect } from 'chai';
import { AuthenticationError } from '../../../src/shared/domain/DomainError.js';
import { labId } from '../../../src/shared/domain/LabId.js';
import { grants, PERMISSION_CODES } from '../../../src/shared/domain/Permission.js';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { SessionRepository } from '../../../src/contexts/identity/authentication/domain/SessionRepository.js';
import {
  CORPORATE_DIRECTORY_ID,
  OPEN_LDAP_DIRECTORY_ID,
} from '../../../src/contexts/identity/directory/infrastructure/SimulatedLdapDirectory.js';
import {
  DEFAULT_LOGIN_POLICY,
  type LoginPolicyValues,
} from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { SetLoginPolicy } from '../../../src/contexts/identity/policies/application/SetLoginPolicy.js';
import { AddRole } from '../../../src/contexts/identity/roles/application/AddRole.js';
import { RolePermissions } from '../../../src/contexts/identity/roles/application/RolePermissions.js';
import { AddUser, type AddUserCommand } from '../../../src/contexts/identity/users/application/AddUser.js';
import { ChangePassword } from '../../../src/contexts/identity/users/application/ChangePassword.js';
import { RemoveUser } from '../../../src/contexts/identity/users/application/RemoveUser.js';
import { UserRepository } from '../../../src/contexts/identity/users/domain/UserRepository.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { RoleMother } from './support/IdentityMother.js';
import { ADMIN_PASSWORD, identityHarness, LAB, type Harness } from './support/IdentityHarness.js';

const PASSWORD = 'Bob-Pass-4711';

function local(username: string, overrides: Partial<AddUserCommand> = {}): AddUserCommand {
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
    ...overrides,
  };
}

async function refusal(work: Promise<unknown>): Promise<AuthenticationError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AuthenticationError) return error;
    throw error;
  }
  throw new Error('expected the login to be refused');
}

describe('the identity authenticator', function () {
  this.timeout(20000);
  let h: Harness;
  let auth: Authenticator;

  const setLoginPolicy = (values: Partial<LoginPolicyValues>) =>
    h.get(SetLoginPolicy).execute(LAB, { ...DEFAULT_LOGIN_POLICY, ...values });
  const stored = (username: string) =>
    h.get(UnitOfWork).read(() => h.get(UserRepository).byLocalUsername(LAB, username));

  beforeEach(async () => {
    h = identityHarness();
    await h.startUp();
    auth = h.get(Authenticator);
  });

  describe('a successful login', () => {
    it("opens a session whose principal holds the union of the user's roles", async () => {
      await h.get(AddRole).execute(LAB, RoleMother.with('readers', { monitoringMode: 'READ_ACCESS' }));
      await h
        .get(AddRole)
        .execute(LAB, RoleMother.with('tracers', { tracing: 'ACCESS', monitoringMode: 'READ_WRITE_ACCESS' }));
      await h.get(AddUser).execute(LAB, local('bob', { roleIds: ['readers', 'tracers'] }));
      const session = await auth.login(LAB, 'bob', PASSWORD);
      expect(session.sessionId).to.be.a('string').with.length.greaterThan(20);
      expect(PERMISSION_CODES.filter((code) => grants(session.principal.permissions, code))).to.deep.equal([
        'API',
        'TRC',
        'MON-R',
        'MON-W',
      ]);
      expect(await auth.resume(LAB, session.sessionId)).to.deep.equal(session.principal);
    });

    it('records lastLogin and resets the failed attempts', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      await refusal(auth.login(LAB, 'bob', 'wrong'));
      expect((await stored('bob'))!.failedLogins).to.equal(1);
      h.clock.advanceSeconds(5);
      await auth.login(LAB, 'bob', PASSWORD);
      const bob = (await stored('bob'))!;
      expect(bob.failedLogins).to.equal(0);
      expect(bob.lastLogin!.toISOString()).to.equal(h.clock.now().toISOString());
    });

    it('works for the seeded built-in administrator, who holds every permission', async () => {
      const session = await auth.login(LAB, 'anadmin', ADMIN_PASSWORD);
      expect(PERMISSION_CODES.every((code) => grants(session.principal.permissions, code))).to.equal(true);
    });

    it('works for a directory login against the simulated directory, with the right authority only', async () => {
      await h.get(AddUser).execute(
        LAB,
        local('alice', {
          loginLocally: false,
          localUsername: undefined,
          localPassword: undefined,
          ldapLogin: true,
          ldapAuthentications: [{ name: 'alice', ldapAuthorityId: CORPORATE_DIRECTORY_ID }],
        }),
      );
      expect((await auth.login(LAB, 'alice', 'Alice-Corp-2024')).principal.username).to.equal('alice');
      expect((await refusal(auth.login(LAB, 'alice', 'Alice-Lab-2024'))).code).to.equal('INVALID_CREDENTIALS');
      expect(OPEN_LDAP_DIRECTORY_ID).to.not.equal(CORPORATE_DIRECTORY_ID);
    });
  });

  describe('a refused login', () => {
    it('costs an unknown username the same key derivation as a known one', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      const before = h.hasher.derivations;
      expect((await refusal(auth.login(LAB, 'bob', 'wrong'))).code).to.equal('INVALID_CREDENTIALS');
      const known = h.hasher.derivations - before;
      expect((await refusal(auth.login(LAB, 'nobody', 'wrong'))).code).to.equal('INVALID_CREDENTIALS');
      expect(h.hasher.derivations - before - known).to.equal(known);
      expect(known).to.equal(1);
    });

    it('blocks the account after attemptsUntilBlocked failures, refusing even the right password until blockedUntil', async () => {
      await setLoginPolicy({ attemptsUntilBlocked: 3 });
      await h.get(AddUser).execute(LAB, local('bob'));
      for (let i = 0; i < 2; i += 1)
        expect((await refusal(auth.login(LAB, 'bob', 'wrong'))).code).to.equal('INVALID_CREDENTIALS');
      const third = await refusal(auth.login(LAB, 'bob', 'wrong'));
      expect(third.code).to.equal('ACCOUNT_BLOCKED');
      expect(third.retryAfterSeconds).to.equal(15 * 60);
      h.clock.advanceSeconds(14 * 60);
      const right = await refusal(auth.login(LAB, 'bob', PASSWORD));
      expect(right.code).to.equal('ACCOUNT_BLOCKED');
      expect(right.retryAfterSeconds).to.equal(60);
      expect((await stored('bob'))!.failedLogins).to.equal(3);
      h.clock.advanceSeconds(60);
      await auth.login(LAB, 'bob', PASSWORD);
      expect((await stored('bob'))!.state).to.equal('ACTIVE');
    });

    it('refuses an attempt sooner than the growing delay without looking at the password, telling when to retry', async () => {
      await setLoginPolicy({ minLoginDelay: 2, maxLoginDelay: 5, attemptsUntilBlocked: 0 });
      await h.get(AddUser).execute(LAB, local('bob'));
      expect((await refusal(auth.login(LAB, 'bob', 'wrong'))).retryAfterSeconds).to.equal(2);
      const early = await refusal(auth.login(LAB, 'bob', PASSWORD));
      expect(early.code).to.equal('LOGIN_DELAYED');
      expect(early.retryAfterSeconds).to.equal(2);
      expect((await stored('bob'))!.failedLogins).to.equal(1);
      h.clock.advanceSeconds(2);
      expect((await refusal(auth.login(LAB, 'bob', 'wrong'))).retryAfterSeconds).to.equal(4);
      h.clock.advanceSeconds(3);
      expect((await refusal(auth.login(LAB, 'bob', PASSWORD))).code).to.equal('LOGIN_DELAYED');
      h.clock.advanceSeconds(1);
      expect((await refusal(auth.login(LAB, 'bob', 'wrong'))).retryAfterSeconds).to.equal(5);
      h.clock.advanceSeconds(5);
      await auth.login(LAB, 'bob', PASSWORD);
    });

    it('refuses a disabled user, with the same work as any attempt', async () => {
      await h.get(AddUser).execute(LAB, local('bob', { enabled: false }));
      const before = h.hasher.derivations;
      expect((await refusal(auth.login(LAB, 'bob', PASSWORD))).code).to.equal('USER_DISABLED');
      expect(h.hasher.derivations - before).to.equal(1);
    });

    it('refuses an expired password until it is changed', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      await setLoginPolicy({ passwordExpiration: 10, passwordExpirationWarning: 2 });
      h.clock.advanceSeconds(10 * 86400);
      expect((await refusal(auth.login(LAB, 'bob', PASSWORD))).code).to.equal('PASSWORD_EXPIRED');
      expect((await stored('bob'))!.state).to.equal('PASSWORD_EXPIRED');
      await h.get(ChangePassword).execute(LAB, {
        user: 'bob',
        oldPassword: PASSWORD,
        newPassword: 'Fresh-Pass-0815',
        passwordChange: 'NOT_NECESSARY',
      });
      await auth.login(LAB, 'bob', 'Fresh-Pass-0815');
    });

    it('reads the same for every reason when showLoginFailureMessage is off', async () => {
      await setLoginPolicy({ showLoginFailureMessage: false });
      await h.get(AddUser).execute(LAB, local('bob', { enabled: false }));
      const disabled = await refusal(auth.login(LAB, 'bob', PASSWORD));
      const unknown = await refusal(auth.login(LAB, 'nobody', PASSWORD));
      expect([disabled.code, disabled.message]).to.deep.equal([unknown.code, unknown.message]);
      expect(disabled.code).to.equal('AUTHENTICATION_FAILED');
    });

    it('serialises parallel guesses, so they cannot outrun the block', async () => {
      await setLoginPolicy({ attemptsUntilBlocked: 3 });
      await h.get(AddUser).execute(LAB, local('bob'));
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => auth.login(LAB, 'bob', 'wrong')));
      const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AuthenticationError).code : 'OK'));
      expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).to.have.length(2);
      expect(codes.filter((c) => c === 'ACCOUNT_BLOCKED')).to.have.length(6);
      expect((await stored('bob'))!.failedLogins).to.equal(3);
    });
  });

  describe('a burst of parallel logins with the same right credentials', () => {
    it('costs one key derivation and one write, and every request gets the session of that login', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      const before = h.hasher.derivations;
      const versionBefore = (await stored('bob'))!.version;
      const sessions = await Promise.all(Array.from({ length: 12 }, () => auth.login(LAB, 'bob', PASSWORD)));
      expect(h.hasher.derivations - before).to.equal(1);
      expect((await stored('bob'))!.version).to.equal(versionBefore + 1);
      expect(new Set(sessions.map((session) => session.sessionId)).size).to.equal(1);
    });

    it('still verifies a wrong password that waited behind a right one, counts it, and a right one after it pays a full login again', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      const before = h.hasher.derivations;
      const first = await Promise.allSettled([auth.login(LAB, 'bob', PASSWORD), auth.login(LAB, 'bob', 'wrong')]);
      expect(first.map((r) => r.status)).to.deep.equal(['fulfilled', 'rejected']);
      expect(((first[1] as PromiseRejectedResult).reason as AuthenticationError).code).to.equal('INVALID_CREDENTIALS');
      expect((await stored('bob'))!.failedLogins).to.equal(1);
      await auth.login(LAB, 'bob', PASSWORD);
      expect(h.hasher.derivations - before).to.equal(3);
      expect((await stored('bob'))!.failedLogins).to.equal(0);
    });
  });

  describe('parallel guesses through several login names of one user', () => {
    it('are serialised per user, so they cannot outrun the delay between attempts', async () => {
      await setLoginPolicy({ minLoginDelay: 30, maxLoginDelay: 30, attemptsUntilBlocked: 0 });
      await h.get(AddUser).execute(
        LAB,
        local('bob', {
          ldapLogin: true,
          ldapAuthentications: [
            { name: 'alice', ldapAuthorityId: CORPORATE_DIRECTORY_ID },
            { name: 'carol', ldapAuthorityId: OPEN_LDAP_DIRECTORY_ID },
          ],
        }),
      );
      const results = await Promise.allSettled(
        ['bob', 'alice', 'carol', 'bob', 'alice', 'carol'].map((name) => auth.login(LAB, name, 'wrong')),
      );
      const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AuthenticationError).code : 'OK'));
      expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).to.have.length(1);
      expect(codes.filter((c) => c === 'LOGIN_DELAYED')).to.have.length(5);
      expect((await stored('bob'))!.failedLogins).to.equal(1);
    });
  });

  describe('sessions', () => {
    it('end when idle for sessionIdleMinutes, and activity keeps them alive', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      const { sessionId } = await auth.login(LAB, 'bob', PASSWORD);
      h.clock.advanceSeconds(29 * 60);
      expect(await auth.resume(LAB, sessionId)).to.not.equal(undefined);
      h.clock.advanceSeconds(29 * 60);
      expect(await auth.resume(LAB, sessionId)).to.not.equal(undefined);
      h.clock.advanceSeconds(30 * 60);
      expect(await auth.resume(LAB, sessionId)).to.equal(undefined);
      expect(h.get(SessionRepository).get(sessionId)).to.equal(undefined);
    });

    it('end when the password changes; the old password, remembered a moment ago, is refused and counted', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      const { sessionId } = await auth.login(LAB, 'bob', PASSWORD);
      await auth.login(LAB, 'bob', PASSWORD); // answered from the login remembered a moment ago
      expect(await auth.resume(LAB, sessionId)).to.not.equal(undefined);
      await h.get(ChangePassword).execute(LAB, {
        user: 'bob',
        oldPassword: PASSWORD,
        newPassword: 'Fresh-Pass-0815',
        passwordChange: 'NOT_NECESSARY',
      });
      expect(await auth.resume(LAB, sessionId)).to.equal(undefined);
      expect((await refusal(auth.login(LAB, 'bob', PASSWORD))).code).to.equal('INVALID_CREDENTIALS');
      expect((await stored('bob'))!.failedLogins).to.equal(1);
      h.clock.advanceSeconds(60);
      await auth.login(LAB, 'bob', 'Fresh-Pass-0815');
    });

    it('end when the user is removed, and belong to one lab only', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      const { sessionId } = await auth.login(LAB, 'bob', PASSWORD);
      expect(await auth.resume(labId('other-lab'), sessionId)).to.equal(undefined);
      await h.get(RemoveUser).execute(LAB, 'bob');
      expect(h.get(SessionRepository).get(sessionId)).to.equal(undefined);
      expect(await auth.resume(LAB, sessionId)).to.equal(undefined);
    });

    it('stop answering once the user is blocked, and all end on endAllSessions', async () => {
      await setLoginPolicy({ attemptsUntilBlocked: 1 });
      await h.get(AddUser).execute(LAB, local('bob'));
      const { sessionId } = await auth.login(LAB, 'bob', PASSWORD);
      const admin = await auth.login(LAB, 'anadmin', ADMIN_PASSWORD);
      await refusal(auth.login(LAB, 'bob', 'wrong'));
      expect(await auth.resume(LAB, sessionId)).to.equal(undefined);
      auth.endAllSessions();
      expect(await auth.resume(LAB, admin.sessionId)).to.equal(undefined);
    });

    it('are not left open for a user removed while its login was being completed', async () => {
      await h.get(AddUser).execute(LAB, local('bob'));
      const roles = h.get(RolePermissions);
      const permissionsOf = roles.permissionsOf.bind(roles);
      let reached!: () => void;
      let release!: () => void;
      const atPrincipal = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const removed = new Promise<void>((resolve) => {
        release = resolve;
      });
      // the login has recorded its success and reads the principal's permissions when the removal lands
      roles.permissionsOf = async (...args) => {
        reached();
        await removed;
        return permissionsOf(...args);
      };
      const login = auth.login(LAB, 'bob', PASSWORD).then(
        (session) => session,
        (error: unknown) => error,
      );
      await atPrincipal;
      await h.get(RemoveUser).execute(LAB, 'bob');
      release();
      const outcome = await login;
      expect(outcome).to.be.instanceOf(AuthenticationError);
      expect(h.get(SessionRepository).size).to.equal(0);
    });

    it('are never answered for an unknown id', async () => {
      expect(await auth.resume(LAB, 'forged')).to.equal(undefined);
    });
  });
});
