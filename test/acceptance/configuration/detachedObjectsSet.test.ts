import { randomUUID } from 'node:crypto';
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
          gateway.admin().put('/api/objects/set', {
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
});
