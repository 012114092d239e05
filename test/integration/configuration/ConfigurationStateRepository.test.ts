import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { SystemClock } from '../../../src/shared/infrastructure/SystemClock.js';
import { InMemoryConfigurationStateRepository } from '../../../src/contexts/lifecycle/configuration/infrastructure/memory/InMemoryConfigurationStateRepository.js';
import { TypeOrmConfigurationStateRepository } from '../../../src/contexts/lifecycle/configuration/infrastructure/persistence/TypeOrmConfigurationStateRepository.js';
import { configurationStateRepositoryContract } from './ConfigurationStateRepository.contract.js';
import { testStores } from './testStores.js';

configurationStateRepositoryContract('in memory', async () => ({
  async fresh() {
    return { repository: new InMemoryConfigurationStateRepository(new SystemClock()), unitOfWork: new InMemoryUnitOfWork() };
  },
  async close() {},
}));

for (const opener of testStores()) {
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
