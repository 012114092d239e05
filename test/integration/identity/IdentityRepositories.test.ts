import { roleRepositoryContract } from './RoleRepository.contract.js';
import { userRepositoryContract } from './UserRepository.contract.js';
import { identityStores } from './identityStores.js';

/**
 * The identity repositories' contracts on every adapter: in memory, TypeORM on embedded PostgreSQL, and TypeORM
 * on the PostgreSQL server named by TEST_DATABASE_URL when it is set. Each store is opened once for both.
 */
for (const subject of identityStores()) {
  describe(`identity repositories on ${subject.name}`, function () {
    this.timeout(120000);
    let opened = false;
    const shared = {
      ...subject,
      async open() {
        if (!opened) {
          await subject.open();
          opened = true;
        }
      },
      async close() {},
    };
    after(() => subject.close());

    userRepositoryContract(shared);
    roleRepositoryContract(shared);
  });
}
