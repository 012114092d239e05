import { expect } from 'chai';
import { LabRevisions } from '../../../src/shared/application/LabRevisions.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  ConfigObject,
  ConfigurationReader,
  ConfigurationRepository,
  OBJECT_SORTS,
  WorkingConfiguration,
  type GraphView,
} from '../../../src/contexts/configuration/index.js';
import { storeTargets } from '../../support/testStores.js';
import { TestGateway } from '../../support/TestGateway.js';

const LAB = DEFAULT_LAB;

/** JSON with keys in order (the store's jsonb has an order of its own). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function contentOf(objects: Iterable<ConfigObject>): string[] {
  return [...objects].map((object) => canonical(object.snapshot())).sort();
}

function everything(graph: GraphView): readonly ConfigObject[] {
  return graph.ofSorts(OBJECT_SORTS);
}

for (const target of storeTargets({ memory: true })) {
  describe(`the working graph held in memory follows every write on ${target.name}`, function () {
    this.timeout(120_000);
    let gateway: TestGateway;
    let reader: ConfigurationReader;
    let working: WorkingConfiguration;
    let repository: ConfigurationRepository;

    const stored = () => gateway.get(UnitOfWork).read(() => repository.list(LAB));
    const revision = async () => (await gateway.get(LabRevisions).current(LAB))!;
    const expectCurrent = async (what: string) => {
      const fromStore = await stored();
      const graph = await reader.working(LAB);
      expect(graph.size, what).to.equal(fromStore.length);
      const mine = contentOf(everything(graph));
      const theirs = contentOf(fromStore);
      const differing = mine.filter((line, i) => line !== theirs[i]).slice(0, 2);
      expect(
        differing.length === 0 ? [] : [differing, theirs.filter((line, i) => line !== mine[i]).slice(0, 2)],
        what,
      ).to.deep.equal([]);
    };

    before(async () => {
      gateway =
        target.kind === 'memory'
          ? await TestGateway.start({ store: 'memory' })
          : await TestGateway.start({ config: target.kind === 'server' ? { databaseUrl: target.databaseUrl } : {} });
      reader = gateway.get(ConfigurationReader);
      working = gateway.get(WorkingConfiguration);
      repository = gateway.get(ConfigurationRepository);
    });

    after(() => gateway.stop());

    it('a unit run through the write door sees its own saves and hands the graph to the next read without a reload', async () => {
      await reader.working(LAB);
      const before = await revision();
      const id = '00000000-0000-4000-8000-00000000c0de';
      await working.run(LAB, async () => {
        const graph = await working.graph(LAB);
        expect(graph.get(id)).to.equal(undefined);
        await working.beforeChange(LAB);
        await working.save(ConfigObject.create(LAB, { id, sort: 'IN_QOS_STACK', displayName: 'qos one' }));
        const after = await working.graph(LAB);
        expect(after.get(id)?.version).to.equal(1);
        expect(after.byDisplayName('IN_QOS_STACK', 'qos one')?.id).to.equal(id);
        const renamed = after.get(id)!.copy();
        renamed.rename('qos renamed');
        await working.save(renamed);
        expect((await working.graph(LAB)).get(id)?.displayName).to.equal('qos renamed');
      });
      const after = await revision();
      expect(after).to.equal(before + 1);
      expect(reader.keptAt(LAB, after), 'kept for the new revision without a read').to.not.equal(undefined);
      expect(reader.keptAt(LAB, after)!.get(id)?.version).to.equal(2);
      await expectCurrent('after a write through the door');
    });

    it('a write unit that changes no object (a user added, a commit) carries the graph held in memory over to its revision', async () => {
      const admin = gateway.admin();
      expect((await admin.get('/api/version/get')).status).to.equal(200); // the login's own write happens here
      await reader.working(LAB);
      const added = await admin.post('/api/users/add', {
        json: {
          displayName: 'carry',
          loginLocally: true,
          localUsername: 'carry',
          localPassword: 'Carry-Over-Pw-1',
          roleIds: [],
          enabled: true,
          ldapLogin: false,
        },
      });
      expect(added.status, added.text).to.equal(200);
      expect(reader.keptAt(LAB, await revision()), 'kept after a user was added').to.not.equal(undefined);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      expect(reader.keptAt(LAB, await revision()), 'kept after a commit').to.not.equal(undefined);
      await expectCurrent('after a user was added and a commit');
    });

    it('stays equal to the store after removals, writes of the detached-objects view, a failed unit, a revert and a commit', async () => {
      await reader.working(LAB);
      const victim = (await reader.working(LAB)).ofSort('IN_QOS_STACK')[0];
      if (victim) {
        await working.run(LAB, async () => {
          await working.beforeChange(LAB);
          await working.remove(LAB, [victim.id]);
        });
        await expectCurrent('after a removal');
      }
      const response = await gateway.admin().put('/api/objects/set', {
        query: { id: '00000000-0000-4000-8000-00000000beef' },
        json: { sort: 'IN_QOS_STACK', displayName: 'through objects/set', signalingDscp: '24' },
      });
      expect(response.status, response.text).to.equal(200);
      await expectCurrent('after objects/set');
      const failing = working.run(LAB, async () => {
        await working.beforeChange(LAB);
        await working.save(
          ConfigObject.create(LAB, {
            id: '00000000-0000-4000-8000-00000000fa11',
            sort: 'IN_QOS_STACK',
            displayName: 'never kept',
          }),
        );
        throw new Error('the unit fails after a save');
      });
      await failing.then(
        () => expect.fail('the unit should fail'),
        (error: Error) => expect(error.message).to.match(/fails after a save/),
      );
      if (target.kind !== 'memory') await expectCurrent('after a failed unit'); // memory has no rollback
      expect((await gateway.admin().post('/api/coreConfig/revert')).status).to.equal(200);
      await expectCurrent('after a revert');
      await working.run(LAB, async () => {
        await working.beforeChange(LAB);
        await working.save(
          ConfigObject.create(LAB, {
            id: '00000000-0000-4000-8000-0000000c0331',
            sort: 'IN_QOS_STACK',
            displayName: 'to commit',
          }),
        );
      });
      expect((await gateway.admin().post('/api/coreConfig/commit')).status).to.equal(200);
      await expectCurrent('after a commit');
    });
  });
}
