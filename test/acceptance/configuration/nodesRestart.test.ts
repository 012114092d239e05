import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import { durableStores } from '../../support/testStores.js';
import { addProvider, CARRIER_PASSWORD, PROFILES } from './nodesSupport.js';

for (const store of durableStores()) {
  describe(`nodes across a restart on ${store.name}`, function () {
    this.timeout(60000);
    after(() => store.dispose());

    it('keeps a node made by a wizard, its settings and its sub-graph', async () => {
      const first = await TestGateway.start({ config: store.config });
      let created: Array<{ id: string; displayName: string }>;
      try {
        const admin = first.admin();
        created = await addProvider(admin, PROFILES.genericCarrier, {
          displayName: 'Durable trunk',
          credentials: { username: 'durable', password: CARRIER_PASSWORD },
          udpTcpPort: 5262,
          tlsPort: 5263,
        });
        expect(
          (
            await admin.put('/api/nodes/overrideHostname/set', {
              query: { node: 'Durable trunk' },
              text: 'trunk.acme.example.com',
            })
          ).status,
        ).to.equal(200);
        expect((await admin.post('/api/nodes/disable', { query: { node: 'Durable trunk' } })).status).to.equal(200);
      } finally {
        await first.stop();
      }
      const again = await TestGateway.start({ config: store.config, keepData: true });
      try {
        const admin = again.admin();
        expect((await admin.get('/api/nodes/get')).json).to.deep.include({
          id: created[0]!.id,
          displayName: 'Durable trunk',
        });
        expect((await admin.get('/api/nodes/port/get', { query: { node: created[0]!.id } })).text).to.equal('5262');
        expect(
          (await admin.get('/api/nodes/overrideHostname/get', { query: { node: 'Durable trunk' } })).text,
        ).to.equal('trunk.acme.example.com');
        expect(
          (await admin.get('/api/nodes/subTreeObject/get', { query: { node: 'Durable trunk', objectType: 'sipNode' } }))
            .json.enabled,
        ).to.equal('false');
        for (const { id } of created)
          expect((await admin.get('/api/objects/get', { query: { id } })).status, id).to.equal(200);
      } finally {
        await again.stop();
      }
    });
  });
}
