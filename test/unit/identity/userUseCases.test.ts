import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { CORPORATE_DIRECTORY_ID } from '../../../src/contexts/identity/directory/infrastructure/SimulatedLdapDirectory.js';
import { SetLoginPolicy } from '../../../src/contexts/identity/policies/application/SetLoginPolicy.js';
import { SetPasswordPolicy } from '../../../src/contexts/identity/policies/application/SetPasswordPolicy.js';
import { DEFAULT_LOGIN_POLICY } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { DEFAULT_PASSWORD_POLICY } from '../../../src/contexts/identity/policies/domain/PasswordPolicy.js';
import { AddRole } from '../../../src/contexts/identity/roles/application/AddRole.js';
import { ListRoles } from '../../../src/contexts/identity/roles/application/ListRoles.js';
import { RemoveRole } from '../../../src/contexts/identity/roles/application/RemoveRole.js';
import { AddUser, type AddUserCommand } from '../../../src/contexts/identity/users/application/AddUser.js';
import { ChangePassword } from '../../../src/contexts/identity/users/application/ChangePassword.js';
import { ListUsers } from '../../../src/contexts/identity/users/application/ListUsers.js';
import { RemoveUser } from '../../../src/contexts/identity/users/application/RemoveUser.js';
import { BUILT_IN_ADMINISTRATOR_ID } from '../../../src/contexts/identity/users/application/SeedBuiltInAdministrator.js';
import { UserRepository } from '../../../src/contexts/identity/users/domain/UserRepository.js';
import { RoleMother } from './support/IdentityMother.js';
import { identityHarness, LAB, type Harness } from './support/IdentityHarness.js';

const PASSWORD = 'Carol-Pass-1234';

function local(username: string, overrides: Partial<AddUserCommand> = {}): AddUserCommand {
  return {
    displayName: undefined,
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

async function failure(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('user and role use cases', function () {
  this.timeout(20000);
  let h: Harness;

  beforeEach(async () => {
    h = identityHarness();
    await h.startUp();
  });

  describe('adding a user', () => {
    it('stores a hash of the password, never the password, and lists the user after the administrator', async () => {
      const user = await h.get(AddUser).execute(LAB, local('carol', { roleIds: ['CALL_HISTORY_EXPORTER'] }));
      expect(user.displayName).to.equal('carol');
      expect(user.passwordHash).to.match(/^scrypt\$ln=10,/);
      expect(JSON.stringify(user.snapshot())).to.not.contain(PASSWORD);
      expect((await h.get(ListUsers).execute(LAB)).map((u) => u.localUsername)).to.deep.equal(['anadmin', 'carol']);
    });

    it('refuses a password against the policy, naming each broken rule', async () => {
      await h
        .get(SetPasswordPolicy)
        .execute(LAB, { ...DEFAULT_PASSWORD_POLICY, minDigits: 1, minSpecial: 1, addUsernameToBlacklist: true });
      const error = await failure(h.get(AddUser).execute(LAB, local('carol', { localPassword: 'carolXYZ' })));
      expect(error.code).to.equal('PASSWORD_POLICY_VIOLATED');
      expect(error.details.map((d) => d.rule)).to.have.members(['minDigits', 'minSpecial', 'addUsernameToBlacklist']);
    });

    it('refuses unknown roles and directory authorities with 404 codes naming them, and taken login names with 409', async () => {
      const roles = await failure(
        h.get(AddUser).execute(LAB, local('carol', { roleIds: ['nope', 'ADMINISTRATOR', 'nada'] })),
      );
      expect([roles.kind, roles.code]).to.deep.equal(['not_found', 'ROLE_NOT_FOUND']);
      expect(roles.message).to.contain("'nope'").and.contain("'nada'");
      const authority = await failure(
        h.get(AddUser).execute(LAB, local('carol', { ldapAuthentications: [{ name: 'c', ldapAuthorityId: 'ghost' }] })),
      );
      expect([authority.kind, authority.code]).to.deep.equal(['not_found', 'LDAP_AUTHORITY_NOT_FOUND']);
      await h
        .get(AddUser)
        .execute(
          LAB,
          local('carol', { ldapAuthentications: [{ name: 'alice', ldapAuthorityId: CORPORATE_DIRECTORY_ID }] }),
        );
      expect((await failure(h.get(AddUser).execute(LAB, local('carol')))).code).to.equal('USERNAME_TAKEN');
      expect((await failure(h.get(AddUser).execute(LAB, local('anadmin')))).code).to.equal('USERNAME_TAKEN');
      expect((await failure(h.get(AddUser).execute(LAB, local('alice')))).code).to.equal('USERNAME_TAKEN');
    });

    it('needs a password for a local login', async () => {
      const error = await failure(h.get(AddUser).execute(LAB, local('carol', { localPassword: undefined })));
      expect(error.details.map((d) => d.field)).to.deep.equal(['localPassword']);
    });
  });

  describe('removing a user', () => {
    it('answers the removed user, found by id, username or display name', async () => {
      const a = await h.get(AddUser).execute(LAB, local('a1'));
      await h.get(AddUser).execute(LAB, local('b1', { displayName: 'Bee' }));
      await h.get(AddUser).execute(LAB, local('c1'));
      expect((await h.get(RemoveUser).execute(LAB, a.id)).localUsername).to.equal('a1');
      expect((await h.get(RemoveUser).execute(LAB, 'Bee')).localUsername).to.equal('b1');
      expect((await h.get(RemoveUser).execute(LAB, 'c1')).localUsername).to.equal('c1');
      expect((await h.get(ListUsers).execute(LAB)).map((u) => u.localUsername)).to.deep.equal(['anadmin']);
    });

    it('refuses the built-in administrator (409) and an unknown user (404)', async () => {
      expect((await failure(h.get(RemoveUser).execute(LAB, 'anadmin'))).code).to.equal('BUILT_IN_USER');
      expect((await failure(h.get(RemoveUser).execute(LAB, 'ghost'))).code).to.equal('USER_NOT_FOUND');
    });
  });

  describe('changing a password', () => {
    const change = (newPassword: string, oldPassword = PASSWORD) =>
      h.get(ChangePassword).execute(LAB, { user: 'carol', oldPassword, newPassword, passwordChange: 'RECOMMENDED' });

    beforeEach(() => h.get(AddUser).execute(LAB, local('carol')));

    it('needs the old password and a new one the policy accepts', async () => {
      expect((await failure(change('Other-Pass-1', 'wrong'))).code).to.equal('WRONG_OLD_PASSWORD');
      const error = await failure(change('short'));
      expect(error.details.map((d) => [d.field, d.rule])).to.deep.equal([['newPassword', 'minLength']]);
      await change('Other-Pass-1');
      const carol = await h.get(UnitOfWork).read(() => h.get(UserRepository).byLocalUsername(LAB, 'carol'));
      expect(carol!.snapshot().passwordChange).to.equal('RECOMMENDED');
    });

    it('refuses the current password and the last maxObsoletePasswords ones', async () => {
      await h.get(SetLoginPolicy).execute(LAB, { ...DEFAULT_LOGIN_POLICY, maxObsoletePasswords: 2 });
      expect((await failure(change(PASSWORD))).details.map((d) => d.rule)).to.deep.equal(['differentFromCurrent']);
      await change('Second-Pass-2');
      await change('Third-Pass-3', 'Second-Pass-2');
      expect((await failure(change(PASSWORD, 'Third-Pass-3'))).details.map((d) => d.rule)).to.deep.equal([
        'maxObsoletePasswords',
      ]);
      await change('Fourth-Pass-4', 'Third-Pass-3');
      await change(PASSWORD, 'Fourth-Pass-4');
    });

    it('refuses the current password written with decomposed accents (the same password to the hash)', async () => {
      const composed = 'Caf\u00e9-Pass-77';
      await change(composed);
      h.clock.advanceSeconds(60);
      const error = await failure(change('Cafe\u0301-Pass-77', composed));
      expect(error.details.map((d) => d.rule)).to.deep.equal(['differentFromCurrent']);
    });

    it('refuses a change within passwordUnchangeableMinutes of the last one', async () => {
      await h.get(SetLoginPolicy).execute(LAB, { ...DEFAULT_LOGIN_POLICY, passwordUnchangeableMinutes: 60 });
      const early = await failure(change('Other-Pass-1'));
      expect([early.kind, early.code]).to.deep.equal(['conflict', 'PASSWORD_CHANGED_TOO_RECENTLY']);
      h.clock.advanceSeconds(3600);
      await change('Other-Pass-1');
    });

    it('set by an administrator for another user: no old password, no minimum age, the block lifted, the policy and history still held', async () => {
      await h
        .get(SetLoginPolicy)
        .execute(LAB, { ...DEFAULT_LOGIN_POLICY, passwordUnchangeableMinutes: 60, attemptsUntilBlocked: 2 });
      const auth = h.get(Authenticator);
      for (const guess of ['guess-1', 'guess-2']) await failure(auth.login(LAB, 'carol', guess));
      expect((await h.get(UnitOfWork).read(() => h.get(UserRepository).byLocalUsername(LAB, 'carol')))!.state).to.equal(
        'BLOCKED',
      );
      const reset = (newPassword: string) =>
        h.get(ChangePassword).execute(LAB, {
          user: 'carol',
          oldPassword: 'not looked at',
          newPassword,
          passwordChange: 'REQUIERED',
          by: BUILT_IN_ADMINISTRATOR_ID,
        });
      expect((await failure(reset(PASSWORD))).details.map((d) => d.rule)).to.deep.equal(['differentFromCurrent']);
      expect((await failure(reset('short'))).details.map((d) => [d.field, d.rule])).to.deep.equal([
        ['newPassword', 'minLength'],
      ]);
      const carol = await reset('Reset-Pass-42');
      expect([carol.state, carol.failedLogins, carol.blockedUntil]).to.deep.equal(['ACTIVE', 0, undefined]);
      expect((await auth.login(LAB, 'carol', 'Reset-Pass-42')).principal.username).to.equal('carol');
      // her own change right after still waits for the minimum age and needs the current password
      const own = (oldPassword: string | undefined) =>
        h.get(ChangePassword).execute(LAB, {
          user: 'carol',
          oldPassword,
          newPassword: 'Own-Pass-43',
          passwordChange: 'NOT_NECESSARY',
          by: carol.id,
        });
      expect((await failure(own('Reset-Pass-42'))).code).to.equal('PASSWORD_CHANGED_TOO_RECENTLY');
      h.clock.advanceSeconds(3600);
      expect((await failure(own(undefined))).details.map((d) => d.field)).to.deep.equal(['oldPassword']);
      await own('Reset-Pass-42');
    });
  });

  describe('roles', () => {
    it('are added with unique ids and display names, built-in ones included', async () => {
      await h.get(AddRole).execute(LAB, RoleMother.with('ops', {}, LAB, 'Operators'));
      expect((await failure(h.get(AddRole).execute(LAB, RoleMother.with('ops')))).code).to.equal('ROLE_EXISTS');
      expect((await failure(h.get(AddRole).execute(LAB, RoleMother.with('ADMINISTRATOR')))).code).to.equal(
        'ROLE_EXISTS',
      );
      expect((await failure(h.get(AddRole).execute(LAB, RoleMother.with('ops2', {}, LAB, 'Operators')))).code).to.equal(
        'ROLE_DISPLAY_NAME_TAKEN',
      );
      expect((await h.get(ListRoles).execute(LAB)).map((r) => r.id)).to.deep.equal(['ops']);
    });

    it('are removed by id or display name, answering those that remain', async () => {
      for (const id of ['r1', 'r2', 'r3'])
        await h.get(AddRole).execute(LAB, RoleMother.with(id, {}, LAB, `Role ${id}`));
      expect((await h.get(RemoveRole).execute(LAB, 'r2')).map((r) => r.id)).to.deep.equal(['r1', 'r3']);
      expect((await h.get(RemoveRole).execute(LAB, 'Role r1')).map((r) => r.id)).to.deep.equal(['r3']);
      expect(await h.get(RemoveRole).execute(LAB, 'r3')).to.deep.equal([]);
    });

    it('cannot be removed while assigned (409 naming the users), when built in, or when unknown', async () => {
      await h.get(AddRole).execute(LAB, RoleMother.with('ops'));
      await h.get(AddUser).execute(LAB, local('carol', { roleIds: ['ops'] }));
      await h.get(AddUser).execute(LAB, local('dave', { roleIds: ['ops'] }));
      const inUse = await failure(h.get(RemoveRole).execute(LAB, 'ops'));
      expect(inUse.code).to.equal('ROLE_IN_USE');
      expect(inUse.message).to.contain("'carol'").and.contain("'dave'");
      expect(inUse.details).to.have.length(2);
      expect((await failure(h.get(RemoveRole).execute(LAB, 'ADMINISTRATOR'))).code).to.equal('BUILT_IN_ROLE');
      expect((await failure(h.get(RemoveRole).execute(LAB, 'CALL_HISTORY_EXPORTER'))).code).to.equal('BUILT_IN_ROLE');
      expect((await failure(h.get(RemoveRole).execute(LAB, 'ghost'))).code).to.equal('ROLE_NOT_FOUND');
      await h.get(RemoveUser).execute(LAB, 'carol');
      await h.get(RemoveUser).execute(LAB, 'dave');
      expect(await h.get(RemoveRole).execute(LAB, 'ops')).to.deep.equal([]);
    });
  });
});
