import { InMemoryLicenseRepository } from '../../../src/contexts/licensing/licenses/infrastructure/memory/InMemoryLicenseRepository.js';
import { TypeOrmLicenseRepository } from '../../../src/contexts/licensing/licenses/infrastructure/persistence/TypeOrmLicenseRepository.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { storeTargets } from '../../support/testStores.js';
import { licenseRepositoryContract } from './LicenseRepository.contract.js';

licenseRepositoryContract('in memory', async () => ({
  async fresh() {
    return { repository: new InMemoryLicenseRepository(), unitOfWork: new InMemoryUnitOfWork() };
  },
  async close() {},
}));

for (const opener of storeTargets()) {
  licenseRepositoryContract(`TypeORM on ${opener.name}`, async () => {
    const store = await opener.open();
    return {
      async fresh() {
        await store.reset();
        return { repository: new TypeOrmLicenseRepository(), unitOfWork: store.unitOfWork };
      },
      close: () => store.close(),
    };
  });
}
