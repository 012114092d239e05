import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createNodeGraph, createObject, expectError, readGraph, UNKNOWN_ID } from './objectsSupport.js';

describe('detached objects over HTTP', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  describe('remove, bulkRemove and unreferenced', () => {
    it('removing a referenced object fails naming the referrer and changes nothing', async () => {
      const graph = await createNodeGraph(admin, 'referenced');
      const before = await readGraph(admin);
      const response = await admin.delete('/api/objects/remove', { query: { id: graph.controller['id'] } });
      expectError(response, 409, 'OBJECT_REFERENCED');
      expect(response.json.error.message).to.contain('referenced eth1');
      expect(response.json.error.details[0].message)
        .to.contain(graph.transport['id'])
        .and.contain('networkControllerId');
      expect(await readGraph(admin)).to.deep.equal(before);
    });

    it('unreferenced lists exactly the objects of the sort that nothing references', async () => {
      const graph = await createNodeGraph(admin, 'unref');
      const spare = await createObject(admin, 'SIPAUTH_STACK', 'unref spare login');
      const listed = (await admin.get('/api/objects/unreferenced/get', { query: { sort: 'SIPAUTH_STACK' } })).json.map(
        (o: { id: string }) => o.id,
      );
      expect(listed).to.include(spare['id']).and.not.include(graph.credentials['id']);
      const all = await readGraph(admin);
      const referenced = new Set(
        Object.values(all).flatMap((o) =>
          Object.entries(o)
            .filter(([key]) => key !== 'id')
            .flatMap(([, v]) => (Array.isArray(v) ? v : [v])),
        ),
      );
      const expected = Object.values(all)
        .filter((o) => o['sort'] === 'SIPAUTH_STACK' && !referenced.has(o['id']))
        .map((o) => o['id']);
      expect(listed.sort()).to.deep.equal(expected.sort());
      expectError(await admin.get('/api/objects/unreferenced/get'), 400);
      expectError(await admin.get('/api/objects/unreferenced/get', { query: { sort: 'NOPE' } }), 400);
    });

    it('removes an unreferenced object', async () => {
      const graph = await createNodeGraph(admin, 'removable');
      expect((await admin.delete('/api/objects/remove', { query: { id: graph.node['id'] } })).status).to.equal(200);
      expectError(await admin.get('/api/objects/get', { query: { id: graph.node['id'] } }), 404);
      expectError(await admin.delete('/api/objects/remove', { query: { id: graph.node['id'] } }), 404);
    });

    it('bulkRemove takes a JSON array of ids and removes all or nothing', async () => {
      const graph = await createNodeGraph(admin, 'bulk');
      const before = await readGraph(admin);
      const unknown = await admin.delete('/api/objects/bulkRemove', { json: [graph.node['id'], UNKNOWN_ID] });
      expectError(unknown, 404, 'OBJECT_NOT_FOUND');
      expect(unknown.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal([UNKNOWN_ID]);
      const outside = await admin.delete('/api/objects/bulkRemove', {
        json: [graph.userAgent['id'], graph.transport['id']],
      });
      expectError(outside, 409, 'OBJECT_REFERENCED');
      expect(outside.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal([graph.userAgent['id']]);
      expectError(
        await admin.delete('/api/objects/bulkRemove', { json: { ids: [graph.node['id']] } }),
        400,
        'INVALID_BODY',
      );
      expectError(await admin.delete('/api/objects/bulkRemove', { json: [42] }), 400, 'VALIDATION_FAILED');
      expectError(await admin.delete('/api/objects/bulkRemove', { json: [] }), 400, 'IDS_REQUIRED');
      expectError(
        await admin.delete('/api/objects/bulkRemove', { body: '[', headers: { 'content-type': 'application/json' } }),
        400,
      );
      expect(await readGraph(admin)).to.deep.equal(before);
      const all = Object.values(graph).map((o) => o['id'].replace(/-/g, '').toUpperCase());
      expect((await admin.delete('/api/objects/bulkRemove', { json: all })).status).to.equal(200);
      for (const object of Object.values(graph))
        expectError(await admin.get('/api/objects/get', { query: { id: object['id'] } }), 404);
    });
  });
});
