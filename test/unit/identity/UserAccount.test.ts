import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  DEFAULT_LOGIN_POLICY,
  LoginPolicy,
  type LoginPolicyValues,
} from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { UserAccount } from '../../../src/contexts/identity/users/domain/UserAccount.js';
import { T0, UserMother } from './support/IdentityMother.js';

const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const days = (n: number) => minutes(n * 24 * 60);

function policy(values: Partial<LoginPolicyValues> = {}): LoginPolicy {
  return LoginPolicy.of(DEFAULT_LAB, { ...DEFAULT_LOGIN_POLICY, ...values });
}

function failure(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const transitions = (user: UserAccount) =>
  user
    .pullEvents()
    .filter((e) => e.name === 'UserAccountStateChanged')
    .map((e) => (e.name === 'UserAccountStateChanged' ? `${e.from}->${e.to}` : ''));

describe('a user account', () => {
  describe('creation', () => {
    it('starts ACTIVE when enabled and DISABLED when not, and raises UserAdded', () => {
      const user = UserAccount.create(DEFAULT_LAB, UserMother.newUser(), T0);
      expect(user.state).to.equal('ACTIVE');
      expect(user.pullEvents().map((e) => e.name)).to.deep.equal(['UserAdded']);
      expect(UserAccount.create(DEFAULT_LAB, UserMother.newUser({ enabled: false }), T0).state).to.equal('DISABLED');
    });

    it('needs a login method, a username and password for a local login, a directory login for an LDAP one', () => {
      const none = failure(() => UserMother.with({ loginLocally: false, ldapLogin: false }));
      expect(none.details.map((d) => d.field)).to.deep.equal(['loginLocally']);
      const local = failure(() => UserMother.with({ localUsername: undefined, passwordHash: undefined }));
      expect(local.details.map((d) => d.field)).to.have.members(['localUsername', 'localPassword']);
      const ldap = failure(() => UserMother.with({ loginLocally: false, ldapLogin: true, ldapUsers: [] }));
      expect(ldap.details.map((d) => d.field)).to.deep.equal(['ldapAuthentications']);
    });

    it('refuses usernames with a colon or whitespace, a bad e-mail address, two built-in roles', () => {
      expect(failure(() => UserMother.with({ localUsername: 'a:b' })).details.map((d) => d.field)).to.deep.equal([
        'localUsername',
      ]);
      expect(failure(() => UserMother.with({ localUsername: 'a b' })).details.map((d) => d.field)).to.deep.equal([
        'localUsername',
      ]);
      expect(failure(() => UserMother.with({ emailAddress: 'nobody' })).details.map((d) => d.field)).to.deep.equal([
        'emailAddress',
      ]);
      expect(
        failure(() => UserMother.with({ roleIds: ['ADMINISTRATOR', 'CALL_HISTORY_EXPORTER'] })).details.map(
          (d) => d.rule,
        ),
      ).to.deep.equal(['oneBuiltInRole']);
    });
  });

  describe('failed logins', () => {
    it('are counted with their time and block the account at attemptsUntilBlocked', () => {
      const user = UserMother.any();
      const p = policy({ attemptsUntilBlocked: 3 });
      user.recordFailedLogin(minutes(1), p);
      user.recordFailedLogin(minutes(2), p);
      expect(user.state).to.equal('ACTIVE');
      expect(user.failedLogins).to.equal(2);
      user.recordFailedLogin(minutes(3), p);
      expect(user.state).to.equal('BLOCKED');
      expect(user.blockedUntil!.toISOString()).to.equal(minutes(18).toISOString());
      expect(user.snapshot().lastFailedLogin!.toISOString()).to.equal(minutes(3).toISOString());
      expect(transitions(user)).to.deep.equal(['ACTIVE->BLOCKED']);
    });

    it('end the block when blockedUntil has passed, starting the count over', () => {
      const user = UserMother.any();
      const p = policy({ attemptsUntilBlocked: 1 });
      user.recordFailedLogin(T0, p);
      user.refresh(minutes(14), p);
      expect(user.state).to.equal('BLOCKED');
      user.refresh(minutes(15), p);
      expect(user.state).to.equal('ACTIVE');
      expect(user.failedLogins).to.equal(0);
      expect(transitions(user)).to.deep.equal(['ACTIVE->BLOCKED', 'BLOCKED->ACTIVE']);
    });

    it('delay the next attempt as the policy says, from the last failure', () => {
      const user = UserMother.any();
      const p = policy({ minLoginDelay: 5, maxLoginDelay: 60 });
      expect(user.nextAttemptAllowedAt(p)).to.equal(undefined);
      user.recordFailedLogin(T0, p);
      expect(user.nextAttemptAllowedAt(p)!.getTime() - T0.getTime()).to.equal(5000);
      user.recordFailedLogin(T0, p);
      expect(user.nextAttemptAllowedAt(p)!.getTime() - T0.getTime()).to.equal(10000);
    });

    it('reset on a successful login, which records lastLogin', () => {
      const user = UserMother.any();
      user.recordFailedLogin(T0, policy());
      user.recordSuccessfulLogin(minutes(1));
      expect(user.failedLogins).to.equal(0);
      expect(user.lastLogin!.toISOString()).to.equal(minutes(1).toISOString());
    });
  });

  describe('password expiry', () => {
    it('expires a local password passwordExpiration days after it was set and a relaxed policy revives it', () => {
      const user = UserMother.any();
      user.refresh(days(29), policy({ passwordExpiration: 30 }));
      expect(user.state).to.equal('ACTIVE');
      user.refresh(days(30), policy({ passwordExpiration: 30 }));
      expect(user.state).to.equal('PASSWORD_EXPIRED');
      user.refresh(days(30), policy({ passwordExpiration: 0 }));
      expect(user.state).to.equal('ACTIVE');
    });

    it('ends with a new password, which keeps the old one in the history', () => {
      const user = UserMother.with({ passwordHash: 'h1' });
      user.refresh(days(31), policy({ passwordExpiration: 30 }));
      user.changePassword('h2', days(31), 'RECOMMENDED');
      expect(user.state).to.equal('ACTIVE');
      expect(user.passwordHashesToAvoid(3)).to.deep.equal(['h2', 'h1']);
      user.changePassword('h3', days(32), 'NOT_NECESSARY');
      expect(user.passwordHashesToAvoid(1)).to.deep.equal(['h3', 'h2']);
    });

    it('never applies to the built-in administrator', () => {
      const admin = UserAccount.builtInAdministrator(DEFAULT_LAB, 'admin-id', 'anadmin', 'h1', 'f1', T0);
      admin.refresh(days(400), policy({ passwordExpiration: 1, passwordExpirationWarning: 0 }));
      expect(admin.state).to.equal('ACTIVE');
    });

    it('never applies to directory logins', () => {
      const user = UserMother.with({
        loginLocally: false,
        localUsername: undefined,
        passwordHash: undefined,
        ldapLogin: true,
        ldapUsers: [{ name: 'x', ldapAuthorityId: 'a' }],
      });
      user.refresh(days(400), policy({ passwordExpiration: 1, passwordExpirationWarning: 0 }));
      expect(user.state).to.equal('ACTIVE');
    });
  });

  it('refuses a successful login unless ACTIVE', () => {
    const user = UserMother.with({ enabled: false });
    expect(failure(() => user.recordSuccessfulLogin(T0)).code).to.equal('ACCOUNT_NOT_ACTIVE');
  });

  it('can be disabled and enabled again, one event per transition', () => {
    const user = UserMother.any();
    user.disable(T0);
    expect(user.enabled).to.equal(false);
    user.enable(T0);
    expect(transitions(user)).to.deep.equal(['ACTIVE->DISABLED', 'DISABLED->ACTIVE']);
    expect(failure(() => user.enable(T0)).code).to.equal('ACCOUNT_TRANSITION_REFUSED');
  });

  it('cannot be removed when built in; a built-in administrator reset from configuration is unblocked', () => {
    const admin = UserAccount.builtInAdministrator(DEFAULT_LAB, 'admin-id', 'anadmin', 'h1', 'f1', T0);
    expect(failure(() => admin.remove(T0)).code).to.equal('BUILT_IN_USER');
    admin.recordFailedLogin(T0, policy({ attemptsUntilBlocked: 1 }));
    admin.resetFromConfiguration('h2', 'f2', minutes(1));
    expect(admin.state).to.equal('ACTIVE');
    expect(admin.passwordHash).to.equal('h2');
    expect(admin.seedFingerprint).to.equal('f2');
    expect(admin.roleIds).to.deep.equal(['ADMINISTRATOR']);
  });

  it('is rebuilt from its snapshot unchanged, and a corrupt snapshot is refused', () => {
    const user = UserMother.with({
      ldapLogin: true,
      ldapUsers: [{ name: 'x', ldapAuthorityId: 'a' }],
      roleIds: ['r1'],
    });
    expect(UserAccount.restore(user.snapshot()).snapshot()).to.deep.equal(user.snapshot());
    expect(
      failure(() => UserAccount.restore({ ...user.snapshot(), state: 'BLOCKED' })).details.map((d) => d.field),
    ).to.deep.equal(['blockedUntil']);
  });
});
