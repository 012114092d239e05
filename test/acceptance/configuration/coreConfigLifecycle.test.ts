import { expect } from 'chai';
import { EventBus } from '../../../src/shared/application/EventBus.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ConfigurationCommitted } from '../../../src/contexts/configuration/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, expectError, permissionsFor } from '../identity/identitySupport.js';
import { gatewayStores } from '../../integration/configuration/revisionsHarness.js';
import { coreConfigHelpers, FACTORY_OBJECTS, UUID } from './coreConfigSupport.js';

for (const store of gatewayStores()) {
  describe(`configuration lifecycle over HTTP on ${store.name}`, function () {
    this.timeout(60000);
    let gateway: TestGateway;
    let admin: ApiClient;

    const { status, exported, fileOf, find, idOf, read, setDscp } = coreConfigHelpers(() => ({
      gateway,
      admin,
    }));

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
