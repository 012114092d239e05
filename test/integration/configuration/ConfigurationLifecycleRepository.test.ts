import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { SystemClock } from '../../../src/shared/infrastructure/SystemClock.js';
import { InMemoryConfigurationLifecycleRepository } from '../../../src/contexts/configuration/revisions/infrastructure/memory/InMemoryConfigurationLifecycleRepository.js';
import { TypeOrmConfigurationLifecycleRepository } from '../../../src/contexts/configuration/revisions/infrastructure/persistence/TypeOrmConfigurationLifecycleRepository.js';
import { configurationStateRepositoryContract } from './ConfigurationLifecycleRepository.contract.js';
import { storeTargets } from '../../support/testStores.js';

configurationStateRepositoryContract('in memory', async () => ({
  async fresh() {
    return { repository: new InMemoryConfigurationLifecycleRepository(new SystemClock()), unitOfWork: new InMemoryUnitOfWork() };
  },
  async close() {},
}));

for (const opener of storeTargets()) {
  configurationStateRepositoryContract(`TypeORM on ${opener.name}`, async () => {
    const store = await opener.open();
    return {
      async fresh() {
        await store.reset();
        return { repository: new TypeOrmConfigurationLifecycleRepository(new SystemClock()), unitOfWork: store.unitOfWork };
      },
      close: () => store.close(),
    };
  });
}
