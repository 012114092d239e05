import type { ContractStore, ContractSubject } from './ConfigurationRepository.contractSupport.js';
import { saveContract } from './ConfigurationRepository.save.contract.js';
import { readsContract } from './ConfigurationRepository.reads.contract.js';
import { revisionsContract } from './ConfigurationRepository.revisions.contract.js';

export { LAB_A, LAB_B, type ContractStore, type ContractSubject } from './ConfigurationRepository.contractSupport.js';

/**
 * What every ConfigurationRepository adapter must do, run against each of them so the in-memory fake
 * stays honest. `open` runs once; `fresh` before each test.
 */
export function configurationRepositoryContract(adapter: string, open: () => Promise<ContractSubject>): void {
  describe(`ConfigurationRepository contract: ${adapter}`, function () {
    this.timeout(60000);
    let subject: ContractSubject;
    let store: ContractStore;

    before(async () => {
      subject = await open();
    });
    beforeEach(async () => (store = await subject.fresh()));
    after(() => subject?.close());

    saveContract(() => store);
    readsContract(() => store);
    revisionsContract(() => store);
  });
}
