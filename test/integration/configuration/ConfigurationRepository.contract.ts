import { expect } from 'chai';
import { DomainError, StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB, labId, type LabId } from '../../../src/shared/domain/LabId.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import type {
  ConfigObject,
  ConfigObjectSnapshot,
} from '../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import type { ConfigurationRepository } from '../../../src/contexts/configuration/graph/domain/ConfigurationRepository.js';
import { compactObjectId } from '../../../src/contexts/configuration/graph/domain/ObjectId.js';
import { ConfigObjectMother as Mother } from './ConfigObjectMother.js';

/** A fresh, empty configuration store in which the labs A and B exist. */
export interface ContractStore {
  readonly repository: ConfigurationRepository;
  readonly unitOfWork: UnitOfWork;
}

export interface ContractSubject {
  /** Called before each test: an empty store. */
  fresh(): Promise<ContractStore>;
  close(): Promise<void>;
}

export const LAB_A: LabId = DEFAULT_LAB;
export const LAB_B: LabId = labId('contract-b');

function content(
  object: ConfigObject | ConfigObjectSnapshot | undefined,
): Omit<ConfigObjectSnapshot, 'version'> | undefined {
  if (!object) return undefined;
  const { version: _version, ...rest } = 'snapshot' in object ? object.snapshot() : object;
  return rest;
}

async function failure(work: () => Promise<unknown>): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

/**
 * What every ConfigurationRepository adapter must do, run against each of them so the in-memory fake
 * stays honest. `open` runs once; `fresh` before each test.
 */
export function configurationRepositoryContract(adapter: string, open: () => Promise<ContractSubject>): void {
  describe(`ConfigurationRepository contract: ${adapter}`, function () {
    this.timeout(60000);
    let subject: ContractSubject;
    let repository: ConfigurationRepository;
    let unitOfWork: UnitOfWork;
    const write = <T>(work: () => Promise<T>, lab: LabId = LAB_A) => unitOfWork.write(lab, work);
    const read = <T>(work: () => Promise<T>) => unitOfWork.read(work);
    const save = (object: ConfigObject) => write(() => repository.save(object), object.lab);
    const find = (id: string, revision: 'working' | 'committed' = 'working', lab = LAB_A) =>
      read(() => repository.find(lab, id, revision));

    before(async () => {
      subject = await open();
    });
    beforeEach(async () => ({ repository, unitOfWork } = await subject.fresh()));
    after(() => subject?.close());

    describe('save', () => {
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

    describe('reads', () => {
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

    describe('revisions', () => {
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
  });
}
