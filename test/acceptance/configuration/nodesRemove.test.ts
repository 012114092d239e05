import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createObject, expectError, readGraph } from './objectsSupport.js';
import { addSystem, objectCount, PROFILES } from './nodesSupport.js';

describe('nodes over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  describe('remove', () => {
    it('removes an unreferenced node with its wizard sub-graph, keeping what it reused', async () => {
      const created = await addSystem(admin, PROFILES.genericPbx, {
        displayName: 'Short-lived PBX',
        udpTcpPort: 5900,
        tlsPort: 5901,
      });
      const count = await objectCount(admin);
      expect((await admin.delete('/api/nodes/remove', { query: { node: 'Short-lived PBX' } })).status).to.equal(200);
      expect(await objectCount(admin)).to.equal(count - created.length);
      for (const { id } of created)
        expectError(await admin.get('/api/objects/get', { query: { id } }), 404, 'OBJECT_NOT_FOUND');
      expect(
        (await admin.get('/api/objects/sorts', { query: { sort: 'IN_STACK', displayName: 'eth0' } })).status,
      ).to.equal(200);
    });

    it('refuses a referenced node naming the referrer; force removes it and the commit then names the dangling reference', async () => {
      const domain = await createObject(admin, 'TELRT_STACK', 'Remove domain');
      const created = await addSystem(admin, PROFILES.genericPbx, {
        displayName: 'Referenced PBX',
        udpTcpPort: 5910,
        tlsPort: 5911,
        routingDomains: ['Remove domain'],
      });
      const before = await readGraph(admin);
      const refused = await admin.delete('/api/nodes/remove', { query: { node: created[0]!.id } });
      expectError(refused, 409, 'NODE_REFERENCED');
      expect(refused.json.error.message).to.contain("TELRT_STACK 'Remove domain'");
      expectError(
        await admin.delete('/api/nodes/remove', { query: { node: created[0]!.id, force: 'maybe' } }),
        400,
        'INVALID_QUERY_PARAMETER',
      );
      expect(await readGraph(admin)).to.deep.equal(before);
      expect(
        (await admin.delete('/api/nodes/remove', { query: { node: created[0]!.id, force: true } })).status,
      ).to.equal(200);
      expect((await admin.get('/api/nodes/get')).json.map((n: { id: string }) => n.id)).to.not.include(created[0]!.id);
      expect((await admin.get('/api/objects/get', { query: { id: domain['id'] } })).json.sourceNodeIds).to.deep.equal([
        created[0]!.id,
      ]);
      const commit = await admin.post('/api/coreConfig/commit');
      expectError(commit, 409, 'CONFIGURATION_INCONSISTENT');
      expect(commit.json.error.details.map((d: { message: string }) => d.message).join(' '))
        .to.contain(created[0]!.id)
        .and.contain("'Remove domain'");
      expect(
        (await admin.put('/api/objects/set', { query: { id: domain['id'] }, json: { sourceNodeIds: [] } })).status,
      ).to.equal(200);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    });
  });
});
