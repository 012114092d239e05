import { expect } from 'chai';
import { StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import { RoleMother } from '../../unit/identity/support/IdentityMother.js';
import { failure } from './failure.js';
import { LAB_A, LAB_B, type IdentityStore, type StoreSubject } from './identityStores.js';

export function roleRepositoryContract(subject: StoreSubject): void {
  describe(`RoleRepository contract: ${subject.name}`, function () {
    this.timeout(60000);
    let store: IdentityStore;
    const write = <T>(work: () => Promise<T>, lab = LAB_A) => store.unitOfWork.write(lab, work);
    const read = <T>(work: () => Promise<T>) => store.unitOfWork.read(work);

    before(() => subject.open());
    beforeEach(async () => {
      store = await subject.fresh();
    });
    after(() => subject.close());

    it('adds a role at version 1 with its whole permission object, found by id and by display name', async () => {
      const role = RoleMother.with(
        'ops',
        { configurationMode: 'READ_WRITE_ACCESS', tracing: 'ACCESS' },
        LAB_A,
        'Operators',
      );
      await write(() => store.roles.add(role));
      const byId = (await read(() => store.roles.byId(LAB_A, 'ops')))!;
      expect([byId.id, byId.displayName, byId.version, byId.builtIn]).to.deep.equal(['ops', 'Operators', 1, false]);
      expect(byId.permissions).to.deep.equal(role.permissions);
      expect((await read(() => store.roles.byDisplayName(LAB_A, 'Operators')))!.id).to.equal('ops');
      expect(await read(() => store.roles.byDisplayName(LAB_A, 'ops'))).to.equal(undefined);
    });

    it("lists a lab's roles in the order they were added, and no other lab's", async () => {
      for (const id of ['b', 'a', 'c']) await write(() => store.roles.add(RoleMother.with(id)));
      await write(() => store.roles.add(RoleMother.with('a', {}, LAB_B)), LAB_B);
      expect((await read(() => store.roles.list(LAB_A))).map((r) => r.id)).to.deep.equal(['b', 'a', 'c']);
      expect((await read(() => store.roles.list(LAB_B))).map((r) => r.id)).to.deep.equal(['a']);
    });

    it('refuses a second role with the same id (stale) or the same display name (conflict)', async () => {
      await write(() => store.roles.add(RoleMother.with('ops', {}, LAB_A, 'Operators')));
      expect(
        await failure(() => write(() => store.roles.add(RoleMother.with('ops', {}, LAB_A, 'Other')))),
      ).to.be.instanceOf(StaleVersionError);
      const clash = await failure(() => write(() => store.roles.add(RoleMother.with('ops2', {}, LAB_A, 'Operators'))));
      expect(clash.code).to.equal('ROLE_DISPLAY_NAME_TAKEN');
    });

    it('removes a role read at its version, and refuses a stale or missing one', async () => {
      const role = RoleMother.with('ops');
      await write(() => store.roles.add(role));
      expect(await failure(() => write(() => store.roles.remove(role)))).to.be.instanceOf(StaleVersionError);
      const stored = (await read(() => store.roles.byId(LAB_A, 'ops')))!;
      await write(() => store.roles.remove(stored));
      expect(await read(() => store.roles.list(LAB_A))).to.deep.equal([]);
      expect(await failure(() => write(() => store.roles.remove(stored)))).to.be.instanceOf(StaleVersionError);
    });

    it('finds no role by a key holding a NUL character (no stored text can hold one)', async () => {
      await write(() => store.roles.add(RoleMother.with('ops')));
      expect(await read(() => store.roles.byId(LAB_A, 'ops\u0000'))).to.equal(undefined);
      expect(await read(() => store.roles.byDisplayName(LAB_A, 'ops\u0000'))).to.equal(undefined);
    });
  });
}
