import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import { durableStores } from '../../support/testStores.js';

interface RestartableStore {
  readonly name: string;
  first(): Promise<TestGateway>;
  again(): Promise<TestGateway>;
  dispose(): void;
}

function stores(): RestartableStore[] {
  return durableStores().map((store) => ({
    name: store.name,
    first: () => TestGateway.start({ config: store.config }),
    again: () => TestGateway.start({ config: store.config, keepData: true }),
    dispose: () => store.dispose(),
  }));
}

for (const store of stores()) {
  describe(`configuration lifecycle across a restart on ${store.name}`, function () {
    this.timeout(60000);
    after(() => store.dispose());

    it('keeps the working and committed configuration and the lifecycle state, without installing the factory configuration again', async () => {
      const first = await store.first();
      let lastCommitId: string;
      try {
        const admin = first.admin();
        lastCommitId = (await admin.get('/api/coreConfig/status/get')).json.lastCommitId;
        expect((await admin.delete('/api/coreConfig/clean')).status).to.equal(200);
      } finally {
        await first.stop();
      }
      const again = await store.again();
      try {
        const admin = again.admin();
        expect((await admin.get('/api/coreConfig/status/get')).json).to.deep.include({
          state: 'CLEANED',
          lastCommitId,
          workingObjectCount: 3,
          committedObjectCount: 13,
        });
        expect((await admin.post('/api/coreConfig/revert')).status).to.equal(200);
        expect((await admin.get('/api/coreConfig/status/get')).json).to.deep.include({
          state: 'COMMITTED',
          lastCommitId,
          workingObjectCount: 13,
        });
      } finally {
        await again.stop();
      }
    });
  });
}
