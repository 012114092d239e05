import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createObject, expectError, readGraph } from './objectsSupport.js';
import { addSystem, compact, expectText, PROFILES, subTree, unknownId } from './nodesSupport.js';

describe('nodes over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  describe('per-node settings', () => {
    let node: string;
    before(async () => {
      node = (
        await addSystem(admin, PROFILES.genericPbx, { displayName: 'Settings PBX', udpTcpPort: 5700, tlsPort: 5701 })
      )[0]!.id;
    });

    it('enables and disables a node (text answers), seen by objects/get', async () => {
      expectText(await admin.post('/api/nodes/disable', { query: { node } }), 'Node disabled');
      expect((await admin.get('/api/objects/get', { query: { id: node } })).json.enabled).to.equal('false');
      expectText(await admin.post('/api/nodes/enable', { query: { node: 'Settings PBX' } }), 'Node enabled');
      expect((await admin.get('/api/objects/get', { query: { id: node } })).json.enabled).to.equal('true');
      expectError(await admin.post('/api/nodes/enable', { query: { node: 'nobody' } }), 404, 'NODE_NOT_FOUND');
    });

    it('sets ports (raw body), round trip with objects/set, refusing a held port naming the holder and bad values', async () => {
      expect((await admin.put('/api/nodes/port/set', { query: { node }, text: '5710' })).status).to.equal(200);
      const transport = await subTree(admin, node, 'sipTransport');
      expect(transport['udpTcpPort']).to.equal('5710');
      expect(
        (await admin.put('/api/objects/set', { query: { id: transport['id'] }, json: { tlsPort: '5711' } })).status,
      ).to.equal(200);
      expectText(await admin.get('/api/nodes/tlsPort/get', { query: { node } }), '5711');
      const other = (
        await addSystem(admin, PROFILES.genericPbx, { displayName: 'Other PBX', udpTcpPort: 5720, tlsPort: 5721 })
      )[0]!;
      const before = await readGraph(admin);
      const held = await admin.put('/api/nodes/tlsPort/set', { query: { node: other.id }, text: '5710' });
      expectError(held, 409, 'PORT_IN_USE');
      expect(held.json.error.message).to.contain(`node 'Settings PBX' (${node})`);
      expectError(await admin.put('/api/nodes/port/set', { query: { node }, text: '5711' }), 409, 'PORT_IN_USE');
      for (const bad of ['0', '65536', 'abc', '5060.5', '-1']) {
        const response = await admin.put('/api/nodes/port/set', { query: { node }, text: bad });
        expectError(response, 400, 'INVALID_PORT', { what: bad });
        expect(response.json.error.details[0].field).to.equal('udpTcpPort');
      }
      expectError(await admin.put('/api/nodes/port/set', { query: { node }, text: '' }), 400);
      expect(await readGraph(admin)).to.deep.equal(before);
    });

    it('sets the override host name and the network security profile, and refuses what is not one', async () => {
      expectText(await admin.get('/api/nodes/overrideHostname/get', { query: { node } }), '');
      expect(
        (await admin.put('/api/nodes/overrideHostname/set', { query: { node }, text: 'pbx.acme.example.com' })).status,
      ).to.equal(200);
      expectText(await admin.get('/api/nodes/overrideHostname/get', { query: { node } }), 'pbx.acme.example.com');
      expect((await subTree(admin, node, 'sipUserAgent'))['overrideHostname']).to.equal('pbx.acme.example.com');
      expectError(
        await admin.put('/api/nodes/overrideHostname/set', { query: { node }, text: 'not a host' }),
        400,
        'INVALID_HOSTNAME',
      );
      const userAgent = await subTree(admin, node, 'sipUserAgent');
      expect(
        (
          await admin.put('/api/objects/set', {
            query: { id: userAgent['id'] },
            json: { overrideHostname: '192.0.2.77' },
          })
        ).status,
      ).to.equal(200);
      expectText(await admin.get('/api/nodes/overrideHostname/get', { query: { node } }), '192.0.2.77');
      expectText(await admin.get('/api/nodes/networkSecurityProfileName/get', { query: { node } }), '');
      const profile = await createObject(admin, 'INS_STACK', 'Settings security');
      expect(
        (await admin.put('/api/nodes/networkSecurityProfileName/set', { query: { node }, text: 'Settings security' }))
          .status,
      ).to.equal(200);
      expectText(await admin.get('/api/nodes/networkSecurityProfileName/get', { query: { node } }), profile['id']);
      expect(
        (
          await admin.put('/api/nodes/networkSecurityProfileName/set', {
            query: { node },
            text: compact(profile['id']),
          })
        ).status,
      ).to.equal(200);
      expect((await subTree(admin, node, 'sipTransportNetworkSecurityProfile'))['id']).to.equal(profile['id']);
      expectError(
        await admin.put('/api/nodes/networkSecurityProfileName/set', { query: { node }, text: unknownId() }),
        404,
        'NETWORK_SECURITY_PROFILE_NOT_FOUND',
      );
    });

    it('reads and sets the tenant FQDN of a collaboration-platform node only; lists carrier nodes', async () => {
      const collab = (
        await addSystem(admin, PROFILES.collabDirectRouting, {
          displayName: 'Collab DR',
          udpTcpPort: 5800,
          tlsPort: 5801,
        })
      )[0]!;
      expectText(
        await admin.get('/api/nodes/tenants/fqdn/get', { query: { node: collab.id } }),
        'customer.example.com',
      );
      expect(
        (await admin.put('/api/nodes/tenants/fqdn/set', { query: { node: collab.id }, text: 'contoso.example.org' }))
          .status,
      ).to.equal(200);
      expect((await subTree(admin, collab.id, 'collabTenant'))['tenantFqdn']).to.equal('contoso.example.org');
      expectError(
        await admin.put('/api/nodes/tenants/fqdn/set', { query: { node: collab.id }, text: 'no fqdn!' }),
        400,
        'INVALID_FQDN',
      );
      expectError(await admin.get('/api/nodes/tenants/fqdn/get', { query: { node } }), 409, 'NODE_NOT_COLLABORATION');
      expectError(
        await admin.put('/api/nodes/tenants/fqdn/set', { query: { node }, text: 'a.example.com' }),
        409,
        'NODE_NOT_COLLABORATION',
      );
      const carrier = (
        await addSystem(admin, PROFILES.collabCarrier, {
          displayName: 'Collab carrier',
          udpTcpPort: 5810,
          tlsPort: 5811,
        })
      )[0]!;
      expect((await admin.get('/api/nodes/collabTeamsCarriers/get')).json).to.deep.equal([
        { id: carrier.id, displayName: 'Collab carrier' },
      ]);
    });

    it('commits after view writes', async () => {
      const response = await admin.post('/api/coreConfig/commit');
      expect(response.status, response.text).to.equal(200);
      expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
    });
  });

  describe('permissions', () => {
    it('lets a configuration reader read nodes but not change them (403)', async () => {
      const role = {
        id: 'config_reader',
        displayName: 'Config reader',
        permissions: {
          api: 'ACCESS',
          userInterface: 'NO_ACCESS',
          tracing: 'NO_ACCESS',
          administration: 'NO_ACCESS',
          mediaRecording: 'NO_ACCESS',
          configurationMode: 'READ_ACCESS',
          userManagement: 'NO_ACCESS',
          monitoringMode: 'NO_ACCESS',
          webServer: 'NO_ACCESS',
          backends: 'NO_ACCESS',
        },
      };
      expect((await admin.put('/api/roles/add', { json: role })).status).to.equal(200);
      const password = 'Reader-Pw-2718!x';
      expect(
        (
          await admin.post('/api/users/add', {
            json: {
              displayName: 'reader',
              loginLocally: true,
              localUsername: 'reader',
              localPassword: password,
              roleIds: ['config_reader'],
              enabled: true,
              ldapLogin: false,
            },
          })
        ).status,
      ).to.equal(200);
      const reader = gateway.client('reader', password);
      expect((await reader.get('/api/nodes/get')).status).to.equal(200);
      expectText(await reader.get('/api/nodes/port/get', { query: { node: 'Settings PBX' } }), '5710');
      const before = await readGraph(admin);
      expectError(await reader.put('/api/nodes/port/set', { query: { node: 'Settings PBX' }, text: '5999' }), 403);
      expectError(
        await reader.post('/api/nodes/addSystem', {
          version: 3,
          query: { profile: PROFILES.genericPbx },
          json: { displayName: 'nope', udpTcpPort: 5990 },
        }),
        403,
      );
      expectError(await reader.delete('/api/nodes/remove', { query: { node: 'Settings PBX' } }), 403);
      expect(await readGraph(admin)).to.deep.equal(before);
    });
  });
});
