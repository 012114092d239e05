import { gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { ConfigFileObject } from '@gwsim/config-file';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { expectError } from '../identity/identitySupport.js';
import { gatewayStores } from '../../integration/configuration/revisionsHarness.js';
import { coreConfigHelpers, FACTORY_OBJECTS } from './coreConfigSupport.js';
import { createNodeGraph, createObject } from './objectsSupport.js';

for (const store of gatewayStores()) {
  describe(`configuration lifecycle over HTTP on ${store.name}`, function () {
    this.timeout(60000);
    let gateway: TestGateway;
    let admin: ApiClient;

    const { status, download, exported, upload, fileOf, find, idOf, read, setDscp } = coreConfigHelpers(() => ({
      gateway,
      admin,
    }));

    beforeEach(async () => {
      gateway = await store.start();
      admin = gateway.admin();
    });
    afterEach(() => gateway?.stop());

    it('exports a file that imports back without any change', async () => {
      const { response, content: raw } = await download();
      expect(response.headers.get('content-disposition')).to.match(
        /^attachment; filename="gwsim-default-20260301T080000Z\.xzconfig"/,
      );
      expect(response.headers.get('content-type')).to.equal('application/gzip');
      const document = JSON.parse(gunzipSync(raw).toString('utf8'));
      expect(document).to.include({ format: 'gwsim-config', formatVersion: 1, exportedAt: '2026-03-01T08:00:00.000Z' });
      const identity = document.objects.find((o: ConfigFileObject) => o.sort === 'CRY_X509_STACK');
      expect(identity.parameters.privateKey, 'a configuration file keeps private data').to.match(
        /^-----BEGIN PRIVATE KEY-----/,
      );
      const set = await upload(raw);
      expect(set.status, set.text).to.equal(200);
      expect(set.text).to.equal('');
      expect(await status()).to.deep.include({
        state: 'IMPORTED',
        commitProtection: false,
        importedFileName: 'lab.xzconfig',
        changedObjects: { added: 0, removed: 0, modified: 0 },
      });
    });

    it('gives parameters a file leaves out the sort catalog defaults', async () => {
      const objects = (await exported()).map((o) => (o.sort === 'IN_QOS_STACK' ? { ...o, parameters: {} } : o));
      const qos = objects.find((o) => o.sort === 'IN_QOS_STACK')!;
      const set = await upload(fileOf(objects));
      expect(set.status, set.text).to.equal(200);
      const stored = await read(qos.id);
      expect(stored.signalingDscp, 'a catalog default, as a string').to.be.a('string').and.match(/^\d+$/);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    });

    it('takes the references a file holds inside parameters (routes) in either id shape, and never trusts its derived slots', async () => {
      const graph = await createNodeGraph(admin, 'routed');
      const other = await createObject(admin, 'TELRT_FORWARDER_DOMAIN', 'unrelated forward profile');
      const target = (node: string) => ({
        action: 'ACCEPT',
        routingTargets: [{ destinationNodeId: node, routingForwardProfileId: '' }],
      });
      const domain = await createObject(admin, 'TELRT_STACK', 'imported routes', {
        routes: [{ displayName: 'to carrier', establishment: target(graph.node['id']) }],
      });
      expect(domain['routeNodeIds']).to.deep.equal([graph.node['id']]);
      const compact = (id: string) => id.replace(/-/g, '').toUpperCase();
      const edited = (await exported()).map((o) =>
        o.id !== domain['id']
          ? o
          : {
              ...o,
              parameters: {
                ...o.parameters,
                routes: (o.parameters['routes'] as Array<Record<string, unknown>>).map((r) => ({
                  ...r,
                  establishment: target(compact(graph.node['id'])),
                })),
              },
              // derived slots that do not follow the routes: the node left out, an unrelated object named instead
              references: { routeForwardProfileIds: [other['id']] },
            },
      );
      const set = await upload(fileOf(edited));
      expect(set.status, set.text).to.equal(200);
      const imported = await read(domain['id']);
      expect(imported.routes[0].establishment.routingTargets[0].destinationNodeId).to.equal(graph.node['id']);
      expect(imported.routeNodeIds).to.deep.equal([graph.node['id']]);
      expect(imported.routeForwardProfileIds).to.deep.equal([]);
      expectError(
        await admin.delete('/api/objects/remove', { query: { id: graph.node['id'] } }),
        409,
        'OBJECT_REFERENCED',
      );
      const unreferenced = (
        await admin.get('/api/objects/unreferenced/get', { query: { sort: 'TELRT_FORWARDER_DOMAIN' } })
      ).json as Array<{ id: string }>;
      expect(unreferenced.map((o) => o.id)).to.include(other['id']);
      expect((await admin.delete('/api/objects/remove', { query: { id: other['id'] } })).status).to.equal(200);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    });

    it('imports without committing; commit publishes the import', async () => {
      const objects = await exported();
      const edited = objects.map((o) =>
        o.sort === 'IN_QOS_STACK'
          ? { ...o, displayName: 'Imported QoS', parameters: { ...o.parameters, mediaDscp: 40 } }
          : o,
      );
      expect((await upload(fileOf(edited))).status).to.equal(200);
      const qos = await idOf('IN_QOS_STACK', 'Imported QoS');
      expect((await read(qos)).mediaDscp).to.equal('40');
      expect(await status()).to.deep.include({
        state: 'IMPORTED',
        hasUncommittedChanges: true,
        changedObjects: { added: 0, removed: 0, modified: 1 },
      });
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      expect(await status()).to.deep.include({
        state: 'COMMITTED',
        committedObjectCount: FACTORY_OBJECTS,
        changedObjects: { added: 0, removed: 0, modified: 0 },
      });
    });

    it('an import with commitProtection can be viewed but neither committed nor changed until revert', async () => {
      const objects = await exported();
      const edited = objects
        .filter((o) => o.sort !== 'MISC_TIME_REPORTER')
        .map((o) => (o.sort === 'IN_QOS_STACK' ? { ...o, displayName: 'Protected QoS' } : o));
      expect((await upload(fileOf(edited), { commitProtection: 'true' }, 'protected.xzconfig')).status).to.equal(200);
      expect(await status()).to.deep.include({
        state: 'IMPORTED_PROTECTED',
        hasUncommittedChanges: true,
        commitProtection: true,
        importedFileName: 'protected.xzconfig',
        changedObjects: { added: 0, removed: 1, modified: 1 },
        workingObjectCount: FACTORY_OBJECTS - 1,
      });
      const qos = await idOf('IN_QOS_STACK', 'Protected QoS');
      expect((await read(qos)).displayName).to.equal('Protected QoS');

      const commit = await admin.post('/api/coreConfig/commit');
      expectError(commit, 409, 'CONFIGURATION_COMMIT_PROTECTED');
      expect(commit.json.error.message).to.contain('commitProtection=true').and.contain('revert');
      expectError(await setDscp(qos, 30), 409, 'CONFIGURATION_COMMIT_PROTECTED');
      expectError(await admin.delete('/api/coreConfig/clean'), 409, 'CONFIGURATION_COMMIT_PROTECTED');
      expect((await status()).committedObjectCount).to.equal(FACTORY_OBJECTS);

      expect((await admin.post('/api/coreConfig/revert')).status).to.equal(200);
      expect(await status()).to.deep.include({
        state: 'COMMITTED',
        commitProtection: false,
        workingObjectCount: FACTORY_OBJECTS,
      });
      expect((await find('IN_QOS_STACK', 'Default QoS profile')).status).to.equal(200);
      expect((await setDscp(qos, 30)).status).to.equal(200);
    });

    it('a new import ends commit protection', async () => {
      const objects = await exported();
      expect((await upload(fileOf(objects), { commitProtection: 'true' })).status).to.equal(200);
      expect((await upload(fileOf(objects), { commitProtection: 'false' })).status).to.equal(200);
      expect(await status()).to.deep.include({ state: 'IMPORTED', commitProtection: false });
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    });
  });
}
