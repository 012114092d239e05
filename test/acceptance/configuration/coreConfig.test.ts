import { gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { decodeConfigFile, encodeConfigFile, type ConfigFileObject } from '@gwsim/config-file';
import { EventBus } from '../../../src/shared/application/EventBus.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ConfigurationCommitted } from '../../../src/contexts/configuration/index.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, expectError, permissionsFor } from '../identity/identitySupport.js';
import { gatewayStores } from '../../integration/configuration/revisionsHarness.js';
import { createNodeGraph, createObject } from './objectsSupport.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FACTORY_OBJECTS = 13;

for (const store of gatewayStores()) {
  describe(`configuration lifecycle over HTTP on ${store.name}`, function () {
    this.timeout(60000);
    let gateway: TestGateway;
    let admin: ApiClient;

    const status = async () => {
      const response = await admin.get('/api/coreConfig/status/get');
      expect(response.status, response.text).to.equal(200);
      return response.json;
    };
    /** GET coreConfig/get as bytes (ApiClient reads bodies as text), on the admin's session. */
    const download = async (): Promise<{ response: Response; content: Buffer }> => {
      if (!admin.cookie) await status();
      const response = await fetch(new URL('/api/coreConfig/get?version=0', gateway.baseUrl), {
        headers: { cookie: `JSESSIONID=${admin.cookie}` },
      });
      expect(response.status).to.equal(200);
      return { response, content: Buffer.from(await response.arrayBuffer()) };
    };
    const exported = async (): Promise<readonly ConfigFileObject[]> =>
      decodeConfigFile((await download()).content).objects;
    const upload = (content: Buffer | string, query: Record<string, string> = {}, name = 'lab.xzconfig') =>
      admin.put('/api/coreConfig/set', { query, file: { name, content } });
    const fileOf = (objects: readonly ConfigFileObject[]) => encodeConfigFile({ exportedAt: new Date(), objects });
    /** objects/sorts with sort and displayName: the one object of that name, or the error response. */
    const find = (sort: string, displayName: string) =>
      admin.get('/api/objects/sorts', { query: { sort, displayName } });
    const idOf = async (sort: string, displayName: string): Promise<string> => {
      const response = await find(sort, displayName);
      expect(response.status, response.text).to.equal(200);
      return response.json.id;
    };
    const read = async (id: string) => (await admin.get('/api/objects/get', { query: { id } })).json;
    const setDscp = async (id: string, value: number): Promise<ApiResponse> =>
      admin.put('/api/objects/set', { query: { id }, json: { signalingDscp: String(value) } });

    beforeEach(async () => {
      gateway = await store.start();
      admin = gateway.admin();
    });
    afterEach(() => gateway?.stop());

    it('starts from the factory configuration, committed', async () => {
      const state = await status();
      expect(state).to.deep.include({
        state: 'COMMITTED',
        hasUncommittedChanges: false,
        commitProtection: false,
        lastCommitTime: 'UTC 2026-03-01 08:00:00',
        changedObjects: { added: 0, removed: 0, modified: 0 },
        workingObjectCount: FACTORY_OBJECTS,
        committedObjectCount: FACTORY_OBJECTS,
      });
      expect(state.lastCommitId).to.match(UUID);
      const objects = await exported();
      expect(
        objects.filter((o) => o.sort === 'IN_STACK').map((o) => [o.displayName, o.parameters['ipAddress']]),
      ).to.deep.equal([
        ['eth0', '192.0.2.10'],
        ['lo', '127.0.0.1'],
      ]);
      const rest = objects.find((o) => o.sort === 'HTTP_SERVER' && o.displayName === 'REST API and GUI')!;
      expect(rest.parameters).to.deep.include({ port: 8111, httpMode: 'HTTP', requestDomains: ['REST_API', 'GUI'] });
      expect(objects.map((o) => o.sort)).to.include.members(['CRY_X509_STACK', 'INS_STACK', 'MEDIA_PUMP_DOMAIN']);
    });

    it('write, commit, write again, revert: status follows and the read shows the committed value again', async () => {
      const qos = await idOf('IN_QOS_STACK', 'Default QoS profile');
      expect((await setDscp(qos, 10)).status).to.equal(200);
      expect((await read(qos)).signalingDscp).to.equal('10');
      expect(await status()).to.deep.include({
        state: 'MODIFIED',
        hasUncommittedChanges: true,
        changedObjects: { added: 0, removed: 0, modified: 1 },
      });
      const commit = await admin.post('/api/coreConfig/commit');
      expect(commit.status).to.equal(200);
      expect(commit.text).to.equal('');
      expect(await status()).to.deep.include({
        state: 'COMMITTED',
        hasUncommittedChanges: false,
        changedObjects: { added: 0, removed: 0, modified: 0 },
      });

      expect((await setDscp(qos, 20)).status).to.equal(200);
      expect(await status()).to.deep.include({
        state: 'MODIFIED',
        hasUncommittedChanges: true,
        changedObjects: { added: 0, removed: 0, modified: 1 },
      });
      const revert = await admin.post('/api/coreConfig/revert');
      expect(revert.status).to.equal(200);
      expect(revert.text).to.equal('');
      expect((await read(qos)).signalingDscp).to.equal('10');
      expect(await status()).to.deep.include({ state: 'COMMITTED', hasUncommittedChanges: false });
    });

    it('clean keeps only what serves this API and revert restores everything', async () => {
      const before = await exported();
      const clean = await admin.delete('/api/coreConfig/clean');
      expect(clean.status).to.equal(200);
      expect(clean.text).to.equal('');
      expect(await status()).to.deep.include({
        state: 'CLEANED',
        hasUncommittedChanges: true,
        workingObjectCount: 3,
        committedObjectCount: FACTORY_OBJECTS,
        changedObjects: { added: 0, removed: FACTORY_OBJECTS - 3, modified: 0 },
      });
      expect((await exported()).map((o) => o.sort).sort()).to.deep.equal([
        'CRY_X509_STACK',
        'HTTP_SERVER',
        'INS_STACK',
      ]);
      expect((await admin.post('/api/coreConfig/revert')).status).to.equal(200);
      expect(await exported()).to.deep.equal(before);
      expect((await status()).state).to.equal('COMMITTED');
    });

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

    it('refuses malformed files and unknown format versions with a 400 that says what is wrong, changing nothing', async () => {
      const objects = await exported();
      const before = await status();
      const refusals: Array<[Buffer | string, RegExp]> = [
        ['not a configuration', /neither gzip-compressed nor plain JSON/],
        [
          JSON.stringify({ format: 'gwsim-config', formatVersion: 9, exportedAt: '2026-01-01T00:00:00Z', objects: [] }),
          /format version 9 is not supported/,
        ],
        [JSON.stringify({ format: 'something-else', formatVersion: 1 }), /not a gwsim configuration file/],
        [
          fileOf(
            objects.map((o) =>
              o.sort === 'HTTP_SERVER' && o.displayName === 'ACME challenge'
                ? { ...o, parameters: { ...o.parameters, port: 70000 } }
                : o,
            ),
          ),
          /objects\[\d+\]\.port: HTTP_SERVER 'ACME challenge': port must be a port from 1 to 65535/,
        ],
        [fileOf([...objects, { ...objects[0]!, displayName: 'copy' }]), /is already the id of objects\[0\]/],
        [fileOf(objects.filter((o) => o.sort !== 'CRY_X509_STACK')), /refers to object .*, which is not in the file/],
        [
          fileOf(
            objects.filter((o) => o.sort !== 'HTTP_SERVER' && o.sort !== 'INS_STACK' && o.sort !== 'CRY_X509_STACK'),
          ),
          /no web server connector \(HTTP_SERVER\) serves REST_API/,
        ],
        [
          fileOf(objects.map((o) => (o.sort === 'IN_STACK' ? { ...o, displayName: 'same' } : o))),
          /is a IN_STACK of the same name/,
        ],
      ];
      for (const [content, message] of refusals) {
        const response = await upload(content);
        expectError(response, 400, 'CONFIGURATION_FILE_INVALID');
        expect(response.json.error.message).to.match(message);
        expect(response.json.error.details.length).to.be.greaterThan(0);
      }
      expect(await status()).to.deep.equal(before);
      expect(await exported()).to.deep.equal(objects);
    });

    it('lists every problem of a file broken in several ways in one answer: format, catalog, references and names', async () => {
      const objects = await exported();
      const before = await status();
      const acme = objects.findIndex((o) => o.sort === 'HTTP_SERVER' && o.displayName === 'ACME challenge');
      const identity = objects.findIndex((o) => o.sort === 'CRY_X509_STACK');
      const interfaces = objects
        .map((o, i) => [o, i] as const)
        .filter(([o]) => o.sort === 'IN_STACK')
        .map(([, i]) => i);
      expect(interfaces.length).to.be.greaterThan(1);
      const broken: unknown[] = objects.map((o, i) => {
        if (i === acme) return { ...o, parameters: { ...o.parameters, port: 70000 } };
        if (i === identity) return { ...o, colour: 'red' };
        if (i === interfaces[1]) return { ...o, displayName: objects[interfaces[0]!]!.displayName };
        return o;
      });
      broken.push({
        ...objects[acme]!,
        id: '00000000-0000-4000-8000-0000000000b1',
        displayName: 'dangling',
        references: { networkSecurityProfileId: ['00000000-0000-4000-8000-0000000000b2'] },
      });
      const response = await upload(
        JSON.stringify({
          format: 'gwsim-config',
          formatVersion: 1,
          exportedAt: '2026-03-01T08:00:00Z',
          objects: broken,
        }),
      );
      expectError(response, 400, 'CONFIGURATION_FILE_INVALID');
      const fields = (response.json.error.details as Array<{ field: string; rule: string }>).map(
        (d) => `${d.field} ${d.rule}`,
      );
      expect(fields).to.include.members([
        `objects[${identity}].colour format`,
        `objects[${acme}].port port`,
        `objects[${interfaces[1]}].displayName unique`,
        `objects[${objects.length}].references.networkSecurityProfileId[0] format`,
      ]);
      expect(response.json.error.message)
        .to.match(/colour: is not a member/)
        .and.to.match(/port must be a port from 1 to 65535/);
      expect(await status()).to.deep.equal(before);
    });

    it('refuses a set without a file part, and a commitProtection that is not a boolean', async () => {
      expectError(await admin.put('/api/coreConfig/set', { json: {} }), 415);
      expectError(
        await admin.put('/api/coreConfig/set', {
          query: { commitProtection: 'maybe' },
          file: { name: 'x.xzconfig', content: fileOf(await exported()) },
        }),
        400,
        'INVALID_QUERY_PARAMETER',
      );
      expect((await status()).state).to.equal('COMMITTED');
    });

    it('refuses to commit a configuration without the connector serving this API', async () => {
      const rest = await idOf('HTTP_SERVER', 'REST API and GUI');
      expect((await admin.delete('/api/objects/remove', { query: { id: rest } })).status).to.equal(200);
      const commit = await admin.post('/api/coreConfig/commit');
      expectError(commit, 409, 'CONFIGURATION_UNREACHABLE');
      expect((await status()).committedObjectCount).to.equal(FACTORY_OBJECTS);
      expect((await admin.post('/api/coreConfig/revert')).status).to.equal(200);
      expect((await find('HTTP_SERVER', 'REST API and GUI')).status).to.equal(200);
    });

    it('raises ConfigurationCommitted with the lab, the commit id and the object count', async () => {
      const events: ConfigurationCommitted[] = [];
      gateway.get(EventBus).subscribe<ConfigurationCommitted>('ConfigurationCommitted', (event) => {
        events.push(event);
      });
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      const { lastCommitId } = await status();
      expect(events).to.have.length(1);
      expect(events[0]).to.deep.include({
        name: 'ConfigurationCommitted',
        lab: DEFAULT_LAB,
        commitId: lastCommitId,
        objectCount: FACTORY_OBJECTS,
      });
    });

    it('needs configuration write access to change and read access to look', async () => {
      await addRole(admin, 'config_reader', permissionsFor(['API', 'CFG-R']));
      await addLocalUser(admin, 'reader', 'Reader-Pass-2468', { roleIds: ['config_reader'] });
      const reader = gateway.client('reader', 'Reader-Pass-2468');
      expect((await reader.get('/api/coreConfig/status/get')).status).to.equal(200);
      expect((await reader.get('/api/coreConfig/get')).status).to.equal(200);
      for (const response of [
        await reader.post('/api/coreConfig/commit'),
        await reader.post('/api/coreConfig/revert'),
        await reader.delete('/api/coreConfig/clean'),
        await reader.put('/api/coreConfig/set', { file: { name: 'x.xzconfig', content: fileOf(await exported()) } }),
      ])
        expectError(response, 403, 'PERMISSION_DENIED');
      expect((await status()).state).to.equal('COMMITTED');
    });
  });
}
