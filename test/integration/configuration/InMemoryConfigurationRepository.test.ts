import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { InMemoryConfigurationRepository } from '../../../src/contexts/configuration/graph/infrastructure/memory/InMemoryConfigurationRepository.js';
import { configurationRepositoryContract } from './ConfigurationRepository.contract.js';

configurationRepositoryContract('in memory', async () => ({
  async fresh() {
    return { repository: new InMemoryConfigurationRepository(), unitOfWork: new InMemoryUnitOfWork() };
  },
  async close() {},
}));
