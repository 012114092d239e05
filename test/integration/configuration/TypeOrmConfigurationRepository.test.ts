import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { TypeOrmConfigurationRepository } from '../../../src/contexts/configuration/graph/infrastructure/persistence/TypeOrmConfigurationRepository.js';
import { configurationRepositoryContract, LAB_A, LAB_B } from './ConfigurationRepository.contract.js';
import { ConfigObjectMother as Mother } from './ConfigObjectMother.js';
import { storeTargets, type TestStore } from '../../support/testStores.js';

for (const opener of storeTargets()) {
  configurationRepositoryContract(`TypeORM on ${opener.name}`, async () => {
    const store = await opener.open();
    return {
      async fresh() {
        await store.reset([LAB_B]);
        return { repository: new TypeOrmConfigurationRepository(), unitOfWork: store.unitOfWork };
      },
      close: () => store.close(),
    };
  });

  configurationRepositoryContract(`TypeORM on ${opener.name}, whole-revision commit and revert`, async () => {
    const store = await opener.open();
    return {
      async fresh() {
        await store.reset([LAB_B]);
        const repository = new TypeOrmConfigurationRepository();
        repository.wholeRevisionFrom = 1;
        return { repository, unitOfWork: store.unitOfWork };
      },
      close: () => store.close(),
    };
  });

  describe(`TypeOrmConfigurationRepository on ${opener.name}`, function () {
    this.timeout(60000);
    let store: TestStore;
    const repository = new TypeOrmConfigurationRepository();

    before(async () => {
      store = await opener.open();
    });
    beforeEach(() => store.reset([LAB_B]));
    after(() => store?.close());

    it('rolls a publish back with the rest of a failing write unit', async () => {
      await store.unitOfWork.write(LAB_A, () => repository.save(Mother.any(LAB_A)));
      let error: unknown;
      try {
        await store.unitOfWork.write(LAB_A, async () => {
          await repository.publishWorking(LAB_A);
          await repository.replaceWorking(LAB_A, []);
          throw DomainError.invalid('LATER_STEP_FAILED', 'a later step failed');
        });
      } catch (e) {
        error = e;
      }
      expect((error as DomainError).code).to.equal('LATER_STEP_FAILED');
      expect(await store.unitOfWork.read(() => repository.count(LAB_A, 'committed'))).to.equal(0);
      expect(await store.unitOfWork.read(() => repository.count(LAB_A, 'working'))).to.equal(1);
    });

    it('answers "who references X" from the GIN index on the working revision', async () => {
      const target = Mother.any(LAB_A);
      await store.unitOfWork.write(LAB_A, async () => {
        await repository.replaceWorking(LAB_A, [
          target.snapshot(),
          ...Array.from({ length: 200 }, (_, i) =>
            Mother.snapshot({ displayName: `r${i}`, references: i % 50 === 0 ? { x: [target.id] } : {} }),
          ),
        ]);
      });
      await store.dataSource.query('ANALYZE config_object');
      const plan: Array<{ 'QUERY PLAN': string }> = await store.dataSource.query(
        `EXPLAIN SELECT id FROM config_object WHERE lab_id = 'default' AND revision = 'working' AND referenced_ids @> ARRAY['${target.id}'::uuid]`,
      );
      await store.dataSource.query('SET enable_seqscan = off');
      try {
        const forced: Array<{ 'QUERY PLAN': string }> = await store.dataSource.query(
          `EXPLAIN SELECT id FROM config_object WHERE lab_id = 'default' AND revision = 'working' AND referenced_ids @> ARRAY['${target.id}'::uuid]`,
        );
        expect(forced.map((row) => row['QUERY PLAN']).join('\n')).to.contain('config_object_working_referenced_ids');
      } finally {
        await store.dataSource.query('SET enable_seqscan = on');
      }
      expect(plan.length).to.be.greaterThan(0);
      expect((await store.unitOfWork.read(() => repository.referrersOf(LAB_A, target.id))).length).to.equal(4);
    });
  });
}
