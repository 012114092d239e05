import { expect } from 'chai';
import { StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import type { ConfigurationRepository } from '../../../src/contexts/configuration/graph/domain/ConfigurationRepository.js';
import { ConfigObjectMother as Mother } from './ConfigObjectMother.js';
import {
  contractSteps,
  content,
  failure,
  LAB_A,
  type ContractStore,
} from './ConfigurationRepository.contractSupport.js';

/** The contract of the working and committed revisions: publish, restore, replace, count, dangling references, remove. */
export function revisionsContract(store: () => ContractStore): void {
  describe('revisions', () => {
    const { write, read, save, find } = contractSteps(store);
    let repository: ConfigurationRepository;
    beforeEach(() => ({ repository } = store()));

    it('publishes the working revision as the committed one, content and versions', async () => {
      const kept = Mother.any(LAB_A, { displayName: 'kept' });
      const dropped = Mother.any(LAB_A, { displayName: 'dropped' });
      await save(kept);
      await save(dropped);
      await write(() => repository.publishWorking(LAB_A));
      const changed = await find(kept.id);
      changed!.setNote('changed');
      await save(changed!);
      await write(() => repository.remove(LAB_A, [dropped.id]));
      const added = Mother.any(LAB_A, { displayName: 'added' });
      await save(added);
      expect(await read(() => repository.diff(LAB_A))).to.deep.equal({ added: 1, removed: 1, modified: 1 });
      await write(() => repository.publishWorking(LAB_A));
      const working = await read(() => repository.list(LAB_A, undefined, 'working'));
      const committed = await read(() => repository.list(LAB_A, undefined, 'committed'));
      expect(committed.map((o) => o.snapshot())).to.deep.equal(working.map((o) => o.snapshot()));
      expect(committed.map((o) => o.displayName)).to.deep.equal(['added', 'kept']);
      expect(await read(() => repository.diff(LAB_A))).to.deep.equal({ added: 0, removed: 0, modified: 0 });
    });

    it('restores the committed revision, giving changed and re-added objects a version above any a client holds', async () => {
      const unchanged = Mother.any(LAB_A, { displayName: 'unchanged' });
      const edited = Mother.any(LAB_A, { displayName: 'edited' });
      const removed = Mother.any(LAB_A, { displayName: 'removed' });
      for (const o of [unchanged, edited, removed]) await save(o);
      await write(() => repository.publishWorking(LAB_A));
      for (let i = 0; i < 3; i += 1) {
        const e = await find(edited.id);
        e!.setNote(`edit ${i}`);
        await save(e!);
      }
      const heldByClient = await find(edited.id);
      await write(() => repository.remove(LAB_A, [removed.id]));
      const added = Mother.any(LAB_A, { displayName: 'added' });
      await save(added);

      await write(() => repository.restoreCommitted(LAB_A));
      const working = await read(() => repository.list(LAB_A));
      const committed = await read(() => repository.list(LAB_A, undefined, 'committed'));
      expect(working.map(content)).to.deep.equal(committed.map(content));
      expect((await find(unchanged.id))!.version).to.equal(1);
      expect((await find(edited.id))!.version).to.equal(5);
      expect((await find(removed.id))!.version).to.equal(2);
      expect(await find(added.id)).to.equal(undefined);
      heldByClient!.setNote('late write');
      expect(await failure(() => save(heldByClient!))).to.be.instanceOf(StaleVersionError);
      expect(await read(() => repository.diff(LAB_A))).to.deep.equal({ added: 0, removed: 0, modified: 0 });
    });

    it('replaces the working revision, keeping the versions of objects it does not change', async () => {
      const same = Mother.any(LAB_A, { displayName: 'same', parameters: { a: 1, b: { c: 2, d: 3 } } });
      const edited = Mother.any(LAB_A, { displayName: 'edited' });
      const dropped = Mother.any(LAB_A, { displayName: 'dropped' });
      for (const o of [same, edited, dropped]) await save(o);
      const fresh = Mother.snapshot({ displayName: 'new' });
      await write(() =>
        repository.replaceWorking(LAB_A, [
          { ...same.snapshot(), parameters: { b: { d: 3, c: 2 }, a: 1 }, version: 7 },
          { ...edited.snapshot(), displayName: 'edited again', version: 7 },
          fresh,
        ]),
      );
      const working = await read(() => repository.list(LAB_A));
      expect(working.map((o) => [o.displayName, o.version])).to.deep.equal([
        ['edited again', 2],
        ['new', 1],
        ['same', 1],
      ]);
      await write(() => repository.replaceWorking(LAB_A, []));
      expect(await read(() => repository.count(LAB_A))).to.equal(0);
    });

    it('counts differences by content only: key order and version-only changes are no difference', async () => {
      const object = Mother.any(LAB_A, { parameters: { x: 1, y: [1, 2], z: { p: true, q: null } } });
      await save(object);
      await write(() => repository.publishWorking(LAB_A));
      const reordered = await find(object.id);
      reordered!.setParameters({ z: { q: null, p: true }, y: [1, 2], x: 1 });
      await save(reordered!);
      expect(await read(() => repository.diff(LAB_A))).to.deep.equal({ added: 0, removed: 0, modified: 0 });
      const reordering = await find(object.id);
      reordering!.setParameters({ x: 1, y: [2, 1], z: { p: true, q: null } });
      await save(reordering!);
      expect(await read(() => repository.diff(LAB_A))).to.deep.equal({ added: 0, removed: 0, modified: 1 });
    });

    it('counts the objects of each revision', async () => {
      for (let i = 0; i < 3; i += 1) await save(Mother.any(LAB_A));
      await write(() => repository.publishWorking(LAB_A));
      await save(Mother.any(LAB_A));
      expect(await read(() => repository.count(LAB_A))).to.equal(4);
      expect(await read(() => repository.count(LAB_A, 'committed'))).to.equal(3);
    });

    it('lists references to ids no working object has, in object, slot and position order', async () => {
      const target = Mother.any(LAB_A, { displayName: 'target' });
      const missing1 = '00000000-0000-4000-8000-0000000000a1';
      const missing2 = '00000000-0000-4000-8000-0000000000a2';
      const b = Mother.any(LAB_A, {
        displayName: 'b',
        references: { zeta: [missing1], alpha: [target.id, missing2, missing1] },
      });
      const a = Mother.any(LAB_A, { displayName: 'a', references: { only: [missing2] } });
      for (const o of [target, b, a]) await save(o);
      expect(await read(() => repository.danglingReferences(LAB_A, 10))).to.deep.equal([
        { id: a.id, displayName: 'a', slot: 'only', missingId: missing2 },
        { id: b.id, displayName: 'b', slot: 'alpha', missingId: missing2 },
        { id: b.id, displayName: 'b', slot: 'alpha', missingId: missing1 },
        { id: b.id, displayName: 'b', slot: 'zeta', missingId: missing1 },
      ]);
      expect(await read(() => repository.danglingReferences(LAB_A, 2))).to.have.length(2);
      await write(() => repository.remove(LAB_A, [a.id, b.id]));
      expect(await read(() => repository.danglingReferences(LAB_A, 10))).to.deep.equal([]);
    });

    it('finds a dangling reference held by an unchanged object when the object it references is removed', async () => {
      const target = Mother.any(LAB_A, { displayName: 'target' });
      const referrer = Mother.any(LAB_A, { displayName: 'referrer', references: { x: [target.id] } });
      const bystander = Mother.any(LAB_A, { displayName: 'bystander' });
      for (const o of [target, referrer, bystander]) await save(o);
      await write(() => repository.publishWorking(LAB_A));
      expect(await read(() => repository.danglingReferences(LAB_A, 10))).to.deep.equal([]);
      await write(() => repository.remove(LAB_A, [target.id]));
      expect(await read(() => repository.danglingReferences(LAB_A, 10))).to.deep.equal([
        { id: referrer.id, displayName: 'referrer', slot: 'x', missingId: target.id },
      ]);
      await write(() => repository.restoreCommitted(LAB_A));
      expect(await read(() => repository.danglingReferences(LAB_A, 10))).to.deep.equal([]);
    });

    it('moves only what changed since the last commit or revert, and leaves both revisions with the same content', async () => {
      const edited = Mother.any(LAB_A, { displayName: 'edited' });
      const untouched = Mother.any(LAB_A, { displayName: 'untouched' });
      for (const o of [edited, untouched]) await save(o);
      await write(() => repository.publishWorking(LAB_A));
      const e = await find(edited.id);
      e!.setNote('reverted later');
      await save(e!);
      const transient = Mother.any(LAB_A, { displayName: 'transient' });
      await save(transient);
      await write(() => repository.remove(LAB_A, [transient.id]));
      expect(await read(() => repository.diff(LAB_A))).to.deep.equal({ added: 0, removed: 0, modified: 1 });
      await write(() => repository.restoreCommitted(LAB_A));
      expect(await read(() => repository.diff(LAB_A))).to.deep.equal({ added: 0, removed: 0, modified: 0 });
      await write(() => repository.publishWorking(LAB_A));
      const working = await read(() => repository.list(LAB_A, undefined, 'working'));
      const committed = await read(() => repository.list(LAB_A, undefined, 'committed'));
      expect(committed.map(content)).to.deep.equal(working.map(content));
      expect(working.map((o) => [o.displayName, o.version])).to.deep.equal([
        ['edited', 3],
        ['untouched', 1],
      ]);
    });

    it('gives an object revert brings back after a removal a version above every one it had since the last commit', async () => {
      const object = Mother.any(LAB_A);
      await save(object);
      await write(() => repository.publishWorking(LAB_A));
      for (let i = 0; i < 3; i += 1) {
        const edited = await find(object.id);
        edited!.setNote(`edit ${i}`);
        await save(edited!);
      }
      const heldByClient = await find(object.id);
      expect(heldByClient!.version).to.equal(4);
      await write(() => repository.remove(LAB_A, [object.id]));
      await write(() => repository.restoreCommitted(LAB_A));
      const restored = await find(object.id);
      expect(content(restored)).to.deep.equal(content(object));
      expect(restored!.version).to.equal(5);
      heldByClient!.setNote('late write');
      expect(await failure(() => save(heldByClient!))).to.be.instanceOf(StaleVersionError);
    });

    it('removes from the working revision only, ignoring ids it does not hold', async () => {
      const object = Mother.any(LAB_A);
      await save(object);
      await write(() => repository.publishWorking(LAB_A));
      await write(() => repository.remove(LAB_A, [object.id, '00000000-0000-4000-8000-00000000000f', 'junk']));
      expect(await find(object.id)).to.equal(undefined);
      expect(await find(object.id, 'committed')).to.not.equal(undefined);
    });
  });
}
