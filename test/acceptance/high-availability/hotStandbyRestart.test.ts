import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import { durableStores } from '../../support/testStores.js';

for (const store of durableStores()) {
  describe(`hot standby across a restart on ${store.name}`, function () {
    this.timeout(60000);
    after(() => store.dispose());

    it('keeps the committed objects, the active side and the enabled flags', async () => {
      const first = await TestGateway.start({ config: store.config });
      let id: string;
      try {
        const admin = first.admin();
        const added = await admin.post('/api/hotStandby/add', {
          query: { mode: 'addMainSystemHotStandbyObjects' },
          json: { name: 'Durable pair' },
        });
        expect(added.status, added.text).to.equal(200);
        id = added.json.hotStandbyId;
        expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
        expect((await admin.get('/api/hotStandby/handover', { query: { id } })).text).to.equal('SUCCESS');
        expect(
          (await admin.get('/api/hotStandby/enableMainSystem', { query: { id, enabled: false } })).status,
        ).to.equal(200);
      } finally {
        await first.stop();
      }
      const again = await TestGateway.start({ config: store.config, keepData: true });
      try {
        const status = await again.admin().get('/api/hotStandby/status', { query: { id } });
        expect(status.json).to.include({
          linkStatus: 'UP',
          mainStatus: 'DISABLED',
          standbyStatus: 'ACTIVE',
          recoveryPossible: false,
          handoverPossible: false,
        });
      } finally {
        await again.stop();
      }
    });
  });
}
