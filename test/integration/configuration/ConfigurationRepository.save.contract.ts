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

/** The contract of save: inserts, updates and what it refuses. */
export function saveContract(store: () => ContractStore): void {
  describe('save', () => {
    const { write, read, save, find } = contractSteps(store);
    let repository: ConfigurationRepository;
    beforeEach(() => ({ repository } = store()));

    it('inserts a new object (version 0) as version 1 with exactly its content', async () => {
      const object = Mother.any(LAB_A, {
        parameters: {
          text: 'ä €  "quoted"',
          n: 12.5,
          big: 2 ** 40,
          neg: -3,
          flag: true,
          none: null,
          list: [1, 'two', [3]],
          nested: { a: { b: [] } },
        },
        references: {
          second: ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001'],
          first: ['00000000-0000-4000-8000-000000000003'],
        },
        common: { comment: 'c', visible: false, protected: true, trMark: true },
        note: 'a note\nwith lines',
        metadata: { wizard: { id: 'x', compatibility: '1' } },
      });
      await save(object);
      const stored = await find(object.id);
      expect(stored!.version).to.equal(1);
      expect(content(stored)).to.deep.equal(content(object));
      expect(stored!.referencesIn('second')).to.deep.equal([
        '00000000-0000-4000-8000-000000000002',
        '00000000-0000-4000-8000-000000000001',
      ]);
    });

    it('updates an object read at the current version and bumps the version', async () => {
      const object = Mother.any(LAB_A);
      await save(object);
      const read1 = await find(object.id);
      read1!.rename('renamed');
      read1!.setParameter('mtu', 9000);
      await save(read1!);
      const stored = await find(object.id);
      expect(stored!.version).to.equal(2);
      expect(stored!.displayName).to.equal('renamed');
      expect(stored!.parameters['mtu']).to.equal(9000);
    });

    it('refuses a save based on a stale version, and an insert over an existing id, changing nothing', async () => {
      const object = Mother.any(LAB_A);
      await save(object);
      const first = await find(object.id);
      const second = await find(object.id);
      first!.rename('first writer');
      await save(first!);
      second!.rename('second writer');
      const stale = await failure(() => save(second!));
      expect(stale).to.be.instanceOf(StaleVersionError);
      expect(stale.kind).to.equal('conflict');
      const duplicate = await failure(() => save(Mother.any(LAB_A, { id: object.id, displayName: 'duplicate' })));
      expect(duplicate).to.be.instanceOf(StaleVersionError);
      expect((await find(object.id))!.displayName).to.equal('first writer');
      expect((await find(object.id))!.version).to.equal(2);
    });

    it('refuses an update of an object that no longer exists', async () => {
      const object = Mother.any(LAB_A);
      await save(object);
      const stored = await find(object.id);
      await write(() => repository.remove(LAB_A, [object.id]));
      expect(await failure(() => save(stored!))).to.be.instanceOf(StaleVersionError);
      expect(await find(object.id)).to.equal(undefined);
    });

    it('refuses ids and references that are not canonical, and NUL characters, storing nothing', async () => {
      const upper = Mother.any(LAB_A, { id: 'ABCDEF01-2345-4678-89AB-CDEF01234567' });
      expect((await failure(() => save(upper))).code).to.equal('OBJECT_ID_INVALID');
      const badReference = Mother.any(LAB_A, { references: { node: ['not-an-id'] } });
      expect((await failure(() => save(badReference))).code).to.equal('OBJECT_REFERENCE_INVALID');
      const nul = Mother.any(LAB_A, { note: 'a\u0000b' });
      expect((await failure(() => save(nul))).code).to.equal('OBJECT_TEXT_INVALID');
      const replaced = await failure(() =>
        write(() => repository.replaceWorking(LAB_A, [Mother.snapshot({ id: 'x' })])),
      );
      expect(replaced.code).to.equal('OBJECT_ID_INVALID');
      expect(await read(() => repository.count(LAB_A))).to.equal(0);
    });
  });
}
