import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createNodeGraph, createObject, expectError, UNKNOWN_ID } from './objectsSupport.js';

describe('detached objects over HTTP', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  describe('GET /api/objects/sorts', () => {
    it('lists every sort with its kind and count; the factory configuration is there', async () => {
      const { status, json } = await admin.get('/api/objects/sorts');
      expect(status).to.equal(200);
      expect(json).to.have.length(69);
      expect(json.find((s: { sort: string }) => s.sort === 'HTTP_SERVER')).to.include({ kind: 'web server connector' });
      expect(json.find((s: { sort: string }) => s.sort === 'HTTP_SERVER').count).to.be.greaterThan(0);
    });

    it('lists the objects of a sort as {displayName, id, sort}, and one object by display name', async () => {
      const created = await createObject(admin, 'INS_STACK', 'sorts profile');
      const list = (await admin.get('/api/objects/sorts', { query: { sort: 'INS_STACK' } })).json;
      expect(list).to.deep.include({ displayName: 'sorts profile', id: created['id'], sort: 'INS_STACK' });
      for (const entry of list) expect(entry).to.have.keys('displayName', 'id', 'sort');
      const one = await admin.get('/api/objects/sorts', { query: { sort: 'INS_STACK', displayName: 'sorts profile' } });
      expect(one.json).to.deep.equal(created);
      expectError(
        await admin.get('/api/objects/sorts', { query: { sort: 'INS_STACK', displayName: 'no such profile' } }),
        404,
        'OBJECT_NOT_FOUND',
      );
    });

    it('refuses an unknown sort naming the allowed values, and a displayName without a sort', async () => {
      const unknown = await admin.get('/api/objects/sorts', { query: { sort: 'NOT_A_SORT' } });
      expectError(unknown, 400, 'INVALID_QUERY_PARAMETER');
      expect(unknown.json.error.message).to.contain('SIPST_STACK').and.contain('TELSIP_STACK');
      expectError(await admin.get('/api/objects/sorts', { query: { displayName: 'x' } }), 400, 'SORT_REQUIRED');
    });
  });

  describe('GET /api/objects/get and the notes', () => {
    it('shows every scalar as a string, references as ids and the metaData block with note and version', async () => {
      const graph = await createNodeGraph(admin, 'get');
      const { json } = await admin.get('/api/objects/get', { query: { id: graph.transport['id'] } });
      expect(json).to.include({
        sort: 'SIPST_STACK',
        displayName: 'get transport',
        visible: 'true',
        protected: 'false',
        trMark: 'false',
        comment: '',
        udpTcpPort: '5060',
        tlsPort: '5061',
        udpEnabled: 'true',
        networkControllerId: graph.controller['id'],
      });
      expect(json.metaData.anynodefe).to.deep.equal({
        compatibility: '0',
        replication: { systemIdentifiersEnabled: 'false' },
        note: '',
        version: '1',
      });
      for (const [key, value] of Object.entries(json))
        if (key !== 'metaData') expect(typeof value, key).to.equal('string');
      const compact = graph.transport['id'].replace(/-/g, '').toUpperCase();
      expect((await admin.get('/api/objects/get', { query: { id: compact } })).json).to.deep.equal(json);
    });

    it('refuses a missing, malformed or unknown id', async () => {
      expectError(await admin.get('/api/objects/get'), 400, 'INVALID_QUERY_PARAMETER');
      expectError(await admin.get('/api/objects/get', { query: { id: 'eth0' } }), 400, 'OBJECT_ID_INVALID');
      expectError(await admin.get('/api/objects/get', { query: { id: UNKNOWN_ID } }), 404, 'OBJECT_NOT_FOUND');
    });

    it('sets a note from the raw body and reads it back as text and in metaData; "" clears it', async () => {
      const object = await createObject(admin, 'IN_QOS_STACK', 'noted');
      expect(
        (await admin.put('/api/objects/note/set', { query: { id: object['id'] }, text: 'uplink to the carrier' }))
          .status,
      ).to.equal(200);
      const note = await admin.get('/api/objects/note/get', { query: { id: object['id'] } });
      expect([note.status, note.text, note.headers.get('content-type')]).to.deep.equal([
        200,
        'uplink to the carrier',
        'text/plain; charset=utf-8',
      ]);
      expect(
        (await admin.get('/api/objects/get', { query: { id: object['id'] } })).json.metaData.anynodefe.note,
      ).to.equal('uplink to the carrier');
      await admin.put('/api/objects/note/set', { query: { id: object['id'] }, json: '' });
      expect((await admin.get('/api/objects/note/get', { query: { id: object['id'] } })).text).to.equal('');
      expectError(await admin.put('/api/objects/note/set', { query: { id: UNKNOWN_ID }, text: 'x' }), 404);
    });
  });

  describe('objectTree and subTreeObjects', () => {
    it('shows the node with its descendants as nested {object, via, children}', async () => {
      const graph = await createNodeGraph(admin, 'tree');
      const { json } = await admin.get('/api/objects/objectTree/get', { query: { id: graph.node['id'] } });
      expect(json.object).to.deep.equal(graph.node);
      expect(json.children.map((c: { via: string; object: { id: string } }) => [c.via, c.object.id])).to.deep.equal([
        ['sipUserAgentId', graph.userAgent['id']],
        ['transportConnectionIds', graph.connection['id']],
      ]);
      const transport = json.children[0].children[0];
      expect(transport.object.id).to.equal(graph.transport['id']);
      expect(transport.children.map((c: { object: { sort: string } }) => c.object.sort)).to.deep.equal([
        'IN_STACK',
        'INS_STACK',
      ]);
      expectError(await admin.get('/api/objects/objectTree/get', { query: { id: UNKNOWN_ID } }), 404);
    });

    it('lists the descendants of a sort', async () => {
      const graph = await createNodeGraph(admin, 'subtree');
      const { json } = await admin.get('/api/objects/subTreeObjects/get', {
        query: { id: graph.node['id'], sort: 'IN_STACK' },
      });
      expect(json).to.deep.equal([graph.controller]);
      expect(
        (await admin.get('/api/objects/subTreeObjects/get', { query: { id: graph.node['id'], sort: 'TELRT_STACK' } }))
          .json,
      ).to.deep.equal([]);
      expectError(await admin.get('/api/objects/subTreeObjects/get', { query: { id: graph.node['id'] } }), 400);
      expectError(
        await admin.get('/api/objects/subTreeObjects/get', { query: { id: graph.node['id'], sort: 'nodes' } }),
        400,
      );
    });
  });
});
