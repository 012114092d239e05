import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createNodeGraph, createObject, expectError, readGraph } from './objectsSupport.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';

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
      expect(json.metaData.anynodefe).to.deep.equal({ compatibility: '0', note: '', version: '1' });
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

  describe('PUT /api/objects/set', () => {
    it('changes the parameters given as strings and answers the object with its new version', async () => {
      const graph = await createNodeGraph(admin, 'set');
      const response = await admin.put('/api/objects/set', {
        query: { id: graph.transport['id'] },
        json: { udpTcpPort: '5070', tlsEnabled: 'false' },
      });
      expect(response.status).to.equal(200);
      expect(response.json).to.include({ udpTcpPort: '5070', tlsEnabled: 'false', tlsPort: '5061' });
      expect(response.json.metaData.anynodefe.version).to.equal('2');
      expect((await admin.get('/api/objects/get', { query: { id: graph.transport['id'] } })).json).to.deep.equal(
        response.json,
      );
    });

    it('refuses what would corrupt a typed view with one detail per field, and changes nothing', async () => {
      const graph = await createNodeGraph(admin, 'corrupt');
      const before = (await admin.get('/api/objects/get', { query: { id: graph.transport['id'] } })).json;
      const response = await admin.put('/api/objects/set', {
        query: { id: graph.transport['id'] },
        json: {
          udpTcpPort: '70000',
          tlsEnabled: 'maybe',
          sipDomain: 'bad host!',
          networkControllerId: graph.node['id'],
          networkSecurityProfileId: UNKNOWN_ID,
          color: 'red',
        },
      });
      expectError(response, 400, 'OBJECT_INVALID');
      expect(response.json.error.details.map((d: { field: string }) => d.field)).to.have.members([
        'udpTcpPort',
        'tlsEnabled',
        'sipDomain',
        'networkControllerId',
        'networkSecurityProfileId',
        'color',
      ]);
      expect((await admin.get('/api/objects/get', { query: { id: graph.transport['id'] } })).json).to.deep.equal(
        before,
      );
    });

    it('refuses bad JSON, a non-object body, an id or version of the wrong shape, and a sort change', async () => {
      const object = await createObject(admin, 'IN_QOS_STACK', 'malformed target');
      const id = object['id'];
      expectError(
        await admin.put('/api/objects/set', {
          query: { id },
          body: '{"mediaDscp": ',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      );
      expectError(await admin.put('/api/objects/set', { query: { id }, json: ['mediaDscp'] }), 400, 'INVALID_BODY');
      expectError(await admin.put('/api/objects/set', { query: { id: 'qos' }, json: {} }), 400, 'OBJECT_ID_INVALID');
      expectError(await admin.put('/api/objects/set', { json: {} }), 400, 'INVALID_QUERY_PARAMETER');
      expectError(
        await admin.put('/api/objects/set', {
          query: { id },
          json: { metaData: { anynodefe: { version: 'latest' } } },
        }),
        400,
        'OBJECT_INVALID',
      );
      expectError(
        await admin.put('/api/objects/set', { query: { id }, json: { sort: 'IN_STACK' } }),
        400,
        'SORT_IMMUTABLE',
      );
      expectError(
        await admin.put('/api/objects/set', { query: { id: UNKNOWN_ID }, json: { displayName: 'x' } }),
        404,
        'OBJECT_NOT_FOUND',
      );
      expectError(
        await admin.put('/api/objects/set', {
          query: { id: randomUUID() },
          json: { sort: 'NOT_A_SORT', displayName: 'x' },
        }),
        400,
        'OBJECT_INVALID',
      );
    });

    it('refuses deeply nested values in any member with a 400 naming the field, not a 500', async () => {
      const object = await createObject(admin, 'IN_QOS_STACK', 'deeply nested target');
      const id = object['id'];
      const deep = `${'['.repeat(20000)}1${']'.repeat(20000)}`;
      for (const member of ['comment', 'mediaDscp', 'visible', 'displayName']) {
        const response = await admin.put('/api/objects/set', {
          query: { id },
          body: `{"${member}": ${deep}}`,
          headers: { 'content-type': 'application/json' },
        });
        expectError(response, 400, 'JSON_TOO_DEEP');
        expect(response.json.error.details[0].field).to.match(new RegExp(`^${member}\\[0\\]`));
      }
      expectError(
        await admin.put('/api/objects/set', {
          query: { id },
          body: `{"metaData": {"anynodefe": {"version": ${deep}}}}`,
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'JSON_TOO_DEEP',
      );
      expect((await admin.get('/api/objects/get', { query: { id } })).json).to.deep.equal(object);
    });

    it('two clients editing the same object: the one with the stale version gets 409, the first change stays', async () => {
      const object = await createObject(admin, 'IN_QOS_STACK', 'contended');
      const id = object['id'];
      const version = object['metaData'].anynodefe.version;
      const alice = gateway.admin();
      const bob = gateway.admin();
      const first = await alice.put('/api/objects/set', {
        query: { id },
        json: { mediaDscp: '40', metaData: { anynodefe: { version } } },
      });
      expect(first.status).to.equal(200);
      const second = await bob.put('/api/objects/set', {
        query: { id },
        json: { mediaDscp: '10', metaData: { anynodefe: { version } } },
      });
      expectError(second, 409, 'STALE_VERSION');
      expect((await admin.get('/api/objects/get', { query: { id } })).json.mediaDscp).to.equal('40');
    });

    it('takes the expected version from an If-Match header too, and refuses one that disagrees with the body', async () => {
      const object = await createObject(admin, 'IN_QOS_STACK', 'if-match');
      const id = object['id'];
      const version = Number(object['metaData'].anynodefe.version);
      const first = await admin.put('/api/objects/set', {
        query: { id },
        json: { mediaDscp: '12' },
        headers: { 'if-match': `"${version}"` },
      });
      expect(first.status, first.text).to.equal(200);
      expectError(
        await admin.put('/api/objects/set', {
          query: { id },
          json: { mediaDscp: '13' },
          headers: { 'if-match': `"${version}"` },
        }),
        409,
        'STALE_VERSION',
      );
      expectError(
        await admin.put('/api/objects/set', {
          query: { id },
          json: { mediaDscp: '13', metaData: { anynodefe: { version: version + 1 } } },
          headers: { 'if-match': `"${version}"` },
        }),
        400,
        'VERSION_MISMATCH',
      );
      expectError(
        await admin.put('/api/objects/set', {
          query: { id },
          json: { mediaDscp: '13' },
          headers: { 'if-match': 'latest' },
        }),
        400,
        'INVALID_IF_MATCH',
      );
      expect((await admin.get('/api/objects/get', { query: { id } })).json.mediaDscp).to.equal('12');
    });

    it('answers single-object reads with ETag: "<version>", which If-Match on set, note/set and remove accepts until the object changes', async () => {
      const object = await createObject(admin, 'IN_QOS_STACK', 'etag');
      const id = object['id'];
      const read = await admin.get('/api/objects/get', { query: { id } });
      const etag = read.headers.get('etag');
      expect(etag).to.equal(`"${object['metaData'].anynodefe.version}"`);
      expect(
        (await admin.get('/api/objects/sorts', { query: { sort: 'IN_QOS_STACK', displayName: 'etag' } })).headers.get(
          'etag',
        ),
      ).to.equal(etag);
      expect((await admin.get('/api/objects/note/get', { query: { id } })).headers.get('etag')).to.equal(etag);

      const noted = await admin.put('/api/objects/note/set', {
        query: { id },
        text: 'first',
        headers: { 'if-match': etag! },
      });
      expect(noted.status, noted.text).to.equal(200);
      expectError(
        await admin.put('/api/objects/note/set', { query: { id }, text: 'second', headers: { 'if-match': etag! } }),
        409,
        'STALE_VERSION',
      );
      const fresh = (await admin.get('/api/objects/get', { query: { id } })).headers.get('etag')!;
      expect(fresh).to.not.equal(etag);

      const set = await admin.put('/api/objects/set', {
        query: { id },
        json: { mediaDscp: '20' },
        headers: { 'if-match': fresh },
      });
      expect(set.status, set.text).to.equal(200);
      const afterSet = set.headers.get('etag')!;
      expect(afterSet).to.equal(`"${set.json.metaData.anynodefe.version}"`);
      expectError(
        await admin.delete('/api/objects/remove', { query: { id }, headers: { 'if-match': fresh } }),
        409,
        'STALE_VERSION',
      );
      expectError(
        await admin.delete('/api/objects/remove', { query: { id }, headers: { 'if-match': 'latest' } }),
        400,
        'INVALID_IF_MATCH',
      );
      expect((await admin.get('/api/objects/note/get', { query: { id } })).text).to.equal('first');
      expect(
        (await admin.delete('/api/objects/remove', { query: { id }, headers: { 'if-match': afterSet } })).status,
      ).to.equal(200);
      expect((await admin.get('/api/objects/get', { query: { id } })).status).to.equal(404);
    });

    it('two clients racing with the same version: exactly one wins', async () => {
      const object = await createObject(admin, 'IN_QOS_STACK', 'raced');
      const version = object['metaData'].anynodefe.version;
      const results = await Promise.all(
        ['11', '22', '33'].map((dscp) =>
          gateway
            .admin()
            .put('/api/objects/set', {
              query: { id: object['id'] },
              json: { mediaDscp: dscp, metaData: { anynodefe: { version } } },
            }),
        ),
      );
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409, 409]);
    });

    it('marks the configuration as changed for the lifecycle', async () => {
      await admin.post('/api/coreConfig/commit');
      expect((await admin.get('/api/coreConfig/status/get')).json.hasUncommittedChanges).to.equal(false);
      await createObject(admin, 'IN_QOS_STACK', 'pending change');
      expect((await admin.get('/api/coreConfig/status/get')).json.hasUncommittedChanges).to.equal(true);
    });
  });

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
