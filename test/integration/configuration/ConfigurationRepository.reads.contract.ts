import { expect } from 'chai';
import type { ConfigurationRepository } from '../../../src/contexts/configuration/graph/domain/ConfigurationRepository.js';
import { compactObjectId } from '../../../src/contexts/configuration/graph/domain/ObjectId.js';
import { ConfigObjectMother as Mother } from './ConfigObjectMother.js';
import { contractSteps, LAB_A, LAB_B, type ContractStore } from './ConfigurationRepository.contractSupport.js';

/** The contract of the reads: find, list, find by name, referrers, labs apart. */
export function readsContract(store: () => ContractStore): void {
  describe('reads', () => {
    const { write, read, save, find } = contractSteps(store);
    let repository: ConfigurationRepository;
    beforeEach(() => ({ repository } = store()));

    it('finds only canonical ids; another id shape or any other text finds nothing', async () => {
      const object = Mother.any(LAB_A);
      await save(object);
      expect(await find(object.id)).to.not.equal(undefined);
      expect(await find(compactObjectId(object.id))).to.equal(undefined);
      expect(await find('not an id')).to.equal(undefined);
      expect(await read(() => repository.referrersOf(LAB_A, 'not an id'))).to.deep.equal([]);
    });

    it('lists by sort, then display name, then id, comparing code points', async () => {
      const names = ['b', 'B', 'a', 'Ä', '_x', 'a'];
      for (const displayName of names) await save(Mother.any(LAB_A, { displayName }));
      await save(Mother.any(LAB_A, { sort: 'HTTP_SERVER', displayName: 'z' }));
      await save(Mother.any(LAB_A, { sort: 'INS_STACK', displayName: 'A' }));
      const all = await read(() => repository.list(LAB_A));
      expect(all.map((o) => `${o.sort}/${o.displayName}`)).to.deep.equal([
        'HTTP_SERVER/z',
        'INS_STACK/A',
        'IN_STACK/B',
        'IN_STACK/_x',
        'IN_STACK/a',
        'IN_STACK/a',
        'IN_STACK/b',
        'IN_STACK/Ä',
      ]);
      const twins = all.filter((o) => o.displayName === 'a').map((o) => o.id);
      expect(twins).to.deep.equal([...twins].sort());
      const controllers = await read(() => repository.list(LAB_A, 'IN_STACK'));
      expect(controllers.map((o) => o.displayName)).to.deep.equal(['B', '_x', 'a', 'a', 'b', 'Ä']);
    });

    it('finds by sort and exact display name, the lowest id first when names repeat', async () => {
      const one = Mother.any(LAB_A, { displayName: 'twin' });
      const two = Mother.any(LAB_A, { displayName: 'twin' });
      await save(one);
      await save(two);
      await save(Mother.any(LAB_A, { sort: 'HTTP_SERVER', displayName: 'web' }));
      const found = await read(() => repository.findByDisplayName(LAB_A, 'IN_STACK', 'twin'));
      expect(found!.id).to.equal([one.id, two.id].sort()[0]);
      expect(await read(() => repository.findByDisplayName(LAB_A, 'IN_STACK', 'TWIN'))).to.equal(undefined);
      expect(await read(() => repository.findByDisplayName(LAB_A, 'IN_STACK', 'web'))).to.equal(undefined);
      expect((await read(() => repository.findByDisplayName(LAB_A, 'HTTP_SERVER', 'web')))!.sort).to.equal(
        'HTTP_SERVER',
      );
    });

    it('lists the working objects that reference an id, from any slot, once each', async () => {
      const target = Mother.any(LAB_A, { displayName: 'target' });
      const viaOne = Mother.any(LAB_A, { displayName: 'r1', references: { a: [target.id] } });
      const viaTwo = Mother.any(LAB_A, {
        displayName: 'r2',
        references: { a: ['00000000-0000-4000-8000-000000000009'], b: [target.id, target.id] },
      });
      const unrelated = Mother.any(LAB_A, {
        displayName: 'r3',
        references: { a: ['00000000-0000-4000-8000-000000000009'] },
      });
      for (const o of [target, viaOne, viaTwo, unrelated]) await save(o);
      const referrers = await read(() => repository.referrersOf(LAB_A, target.id));
      expect(referrers.map((o) => o.displayName)).to.deep.equal(['r1', 'r2']);
      await write(() => repository.publishWorking(LAB_A));
      await write(() => repository.remove(LAB_A, [viaOne.id]));
      expect((await read(() => repository.referrersOf(LAB_A, target.id))).map((o) => o.displayName)).to.deep.equal([
        'r2',
      ]);
    });

    it('keeps labs apart', async () => {
      const inA = Mother.any(LAB_A, { displayName: 'same' });
      const inB = Mother.any(LAB_B, { id: inA.id, displayName: 'same' });
      await save(inA);
      await save(inB);
      await write(() => repository.publishWorking(LAB_B), LAB_B);
      await write(() => repository.remove(LAB_A, [inA.id]));
      expect(await find(inA.id)).to.equal(undefined);
      expect(await find(inA.id, 'working', LAB_B)).to.not.equal(undefined);
      expect(await read(() => repository.count(LAB_B, 'committed'))).to.equal(1);
      expect(await read(() => repository.count(LAB_A, 'committed'))).to.equal(0);
    });
  });
}
