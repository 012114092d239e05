import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { SystemClock } from '../../../src/shared/infrastructure/SystemClock.js';
import { InMemoryConfigurationStateRepository } from '../../../src/contexts/configuration/revisions/infrastructure/memory/InMemoryConfigurationStateRepository.js';
import { TypeOrmConfigurationStateRepository } from '../../../src/contexts/configuration/revisions/infrastructure/persistence/TypeOrmConfigurationStateRepository.js';
import { configurationStateRepositoryContract } from './ConfigurationStateRepository.contract.js';
import { storeTargets } from '../../support/testStores.js';

configurationStateRepositoryContract('in memory', async () => ({
  async fresh() {
    return {
      repository: new InMemoryConfigurationStateRepository(new SystemClock()),
      unitOfWork: new InMemoryUnitOfWork(),
    };
  },
  async close() {},
}));

for (const opener of storeTargets()) {
  configurationStateRepositoryContract(`TypeORM on ${opener.name}`, async () => {
    const store = await opener.open();
    return {
      async fresh() {
        await store.reset();
        return { repository: new TypeOrmConfigurationStateRepository(new SystemClock()), unitOfWork: store.unitOfWork };
      },
      close: () => store.close(),
    };
  });
}
