import { expect } from 'chai';
import { StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LOGIN_POLICY, LoginPolicy } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { UserAccount } from '../../../src/contexts/identity/users/domain/UserAccount.js';
import { T0, UserMother } from '../../unit/identity/support/IdentityMother.js';
import { failure } from './failure.js';
import { LAB_A, LAB_B, type IdentityStore, type StoreSubject } from './identityStores.js';

/** What every UserRepository adapter must do; run against each so the in-memory fake stays honest. */
export function userRepositoryContract(subject: StoreSubject): void {
  describe(`UserRepository contract: ${subject.name}`, function () {
    this.timeout(60000);
    let store: IdentityStore;
    const write = <T>(work: () => Promise<T>, lab = LAB_A) => store.unitOfWork.write(lab, work);
    const read = <T>(work: () => Promise<T>) => store.unitOfWork.read(work);
    const save = (user: UserAccount) => write(() => store.users.save(user), user.lab);
    const byId = (id: string, lab = LAB_A) => read(() => store.users.byId(lab, id));

    before(() => subject.open());
    beforeEach(async () => {
      store = await subject.fresh();
    });
    after(() => subject.close());

    it('stores a new user at version 1 and gives back every field', async () => {
      const user = UserMother.with({
        emailAddress: 'x@example.test',
        roleIds: ['ADMINISTRATOR', 'ops'],
        ldapLogin: true,
        ldapUsers: [
          { name: 'x1', ldapAuthorityId: 'auth-1' },
          { name: 'x2', ldapAuthorityId: 'auth-2' },
        ],
      });
      await save(user);
      const stored = await byId(user.id);
      expect(stored!.version).to.equal(1);
      expect({ ...stored!.snapshot(), version: 0 }).to.deep.equal(user.snapshot());
    });

    it('keeps the login bookkeeping: failures, block, last login, history', async () => {
      const user = UserMother.with({ passwordHash: 'h1' });
      const policy = LoginPolicy.of(LAB_A, { ...DEFAULT_LOGIN_POLICY, attemptsUntilBlocked: 2 });
      user.recordSuccessfulLogin(T0);
      user.changePassword('h2', new Date(T0.getTime() + 1000), 'REQUIERED');
      user.recordFailedLogin(new Date(T0.getTime() + 2000), policy);
      user.recordFailedLogin(new Date(T0.getTime() + 3000), policy);
      await save(user);
      const stored = (await byId(user.id))!.snapshot();
      expect(stored.state).to.equal('BLOCKED');
      expect(stored.failedLogins).to.equal(2);
      expect(stored.lastFailedLogin!.toISOString()).to.equal('2026-03-01T08:00:03.000Z');
      expect(stored.blockedUntil!.toISOString()).to.equal('2026-03-01T08:15:03.000Z');
      expect(stored.lastLogin!.toISOString()).to.equal(T0.toISOString());
      expect(stored.passwordChangedAt!.toISOString()).to.equal('2026-03-01T08:00:01.000Z');
      expect(stored.obsoletePasswordHashes).to.deep.equal(['h1']);
      expect(stored.passwordChange).to.equal('REQUIERED');
    });

    it('updates a user read at the current version and refuses a stale one', async () => {
      const user = UserMother.any();
      await save(user);
      const first = (await byId(user.id))!;
      const second = (await byId(user.id))!;
      first.recordSuccessfulLogin(T0);
      await save(first);
      expect((await byId(user.id))!.version).to.equal(2);
      second.disable(T0);
      expect(await failure(() => save(second))).to.be.instanceOf(StaleVersionError);
      expect((await byId(user.id))!.enabled).to.equal(true);
    });

    it('refuses to insert the same id twice, and another user with a taken local username', async () => {
      const user = UserMother.any();
      await save(user);
      expect(await failure(() => save(UserAccount.restore(user.snapshot())))).to.be.instanceOf(StaleVersionError);
      const clash = await failure(() => save(UserMother.with({ localUsername: user.localUsername })));
      expect([clash.kind, clash.code]).to.deep.equal(['conflict', 'USERNAME_TAKEN']);
    });

    it("lists a lab's users in the order they were added, and no other lab's", async () => {
      const [a, b, c] = [UserMother.any(), UserMother.any(), UserMother.any()];
      for (const user of [b, a, c]) await save(user);
      await save(UserMother.any(LAB_B));
      expect((await read(() => store.users.list(LAB_A))).map((u) => u.id)).to.deep.equal([b.id, a.id, c.id]);
      expect(await read(() => store.users.list(LAB_B))).to.have.length(1);
      expect(await byId(a.id, LAB_B)).to.equal(undefined);
    });

    it('finds users by local username, directory name and role, within the lab', async () => {
      const alice = UserMother.with({
        ldapLogin: true,
        ldapUsers: [{ name: 'alice', ldapAuthorityId: 'auth-1' }],
        roleIds: ['ops'],
      });
      const carol = UserMother.with({
        ldapUsers: [{ name: 'alice', ldapAuthorityId: 'auth-2' }],
        roleIds: ['ops', 'CALL_HISTORY_EXPORTER'],
      });
      const other = UserMother.with(
        { ldapUsers: [{ name: 'alice', ldapAuthorityId: 'auth-1' }], roleIds: ['ops'] },
        LAB_B,
      );
      for (const user of [alice, carol, other]) await save(user);
      expect((await read(() => store.users.byLocalUsername(LAB_A, carol.localUsername!)))!.id).to.equal(carol.id);
      expect(await read(() => store.users.byLocalUsername(LAB_A, 'nobody'))).to.equal(undefined);
      expect((await read(() => store.users.byDirectoryName(LAB_A, 'alice'))).map((u) => u.id)).to.deep.equal([
        alice.id,
        carol.id,
      ]);
      expect(await read(() => store.users.byDirectoryName(LAB_A, 'ali'))).to.deep.equal([]);
      expect((await read(() => store.users.withRole(LAB_A, 'ops'))).map((u) => u.id)).to.deep.equal([
        alice.id,
        carol.id,
      ]);
      expect((await read(() => store.users.withRole(LAB_A, 'CALL_HISTORY_EXPORTER'))).map((u) => u.id)).to.deep.equal([
        carol.id,
      ]);
      expect(await read(() => store.users.withRole(LAB_A, 'op'))).to.deep.equal([]);
    });

    it('removes a user read at the current version only', async () => {
      const user = UserMother.any();
      await save(user);
      const stale = (await byId(user.id))!;
      const current = (await byId(user.id))!;
      current.recordSuccessfulLogin(T0);
      await save(current);
      expect(await failure(() => write(() => store.users.remove(stale)))).to.be.instanceOf(StaleVersionError);
      await write(async () => store.users.remove((await store.users.byId(LAB_A, user.id))!));
      expect(await byId(user.id)).to.equal(undefined);
      expect(await failure(() => write(() => store.users.remove(current)))).to.be.instanceOf(StaleVersionError);
    });

    it('finds nobody by a key holding a NUL character (no stored text can hold one)', async () => {
      await save(
        UserMother.with({
          localUsername: 'nul',
          ldapLogin: true,
          ldapUsers: [{ name: 'nul', ldapAuthorityId: 'auth-1' }],
          roleIds: ['ops'],
        }),
      );
      expect(await byId('x\u0000')).to.equal(undefined);
      expect(await read(() => store.users.byLocalUsername(LAB_A, 'nul\u0000'))).to.equal(undefined);
      expect(await read(() => store.users.byDirectoryName(LAB_A, 'nul\u0000'))).to.deep.equal([]);
      expect(await read(() => store.users.withRole(LAB_A, 'ops\u0000'))).to.deep.equal([]);
    });
  });
}
