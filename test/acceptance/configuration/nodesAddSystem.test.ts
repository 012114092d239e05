import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createObject, expectError, readGraph } from './objectsSupport.js';
import { addSystem, compact, expectText, PROFILES, unknownId } from './nodesSupport.js';

describe('nodes over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  describe('profiles', () => {
    it('lists system profiles as {id, displayName}, and every field of the specification with completeData=true', async () => {
      const short = await admin.get('/api/nodes/systemProfiles/get');
      expect(short.status).to.equal(200);
      expect(short.json.length).to.be.at.least(8);
      for (const entry of short.json) expect(entry).to.have.keys('id', 'displayName');
      expect(short.json.map((p: { displayName: string }) => p.displayName)).to.include.members([
        'Generic SIP PBX',
        'Asterisk',
        'Cisco Unified Communications Manager',
      ]);
      const full = await admin.get('/api/nodes/systemProfiles/get', { query: { completeData: true } });
      expect(full.json.map((p: { id: string }) => p.id)).to.deep.equal(short.json.map((p: { id: string }) => p.id));
      const avaya = full.json.find((p: { id: string }) => p.id === PROFILES.avaya);
      expect(avaya).to.have.keys(
        'id',
        'displayName',
        'networkControllerDisplayName',
        'networkControllerInterface',
        'networkControllerIpVersion',
        'networkControllerIpAddress',
        'sbcFqdn',
        'tenantFqdn',
        'createNewNetworkController',
        'createNewCollabCarrierNode',
        'activateServerAuthentication',
        'activateClientAuthentication',
        'includeSipRegistrarInWhitelist',
        'includeRemoteSipDomainInWhitelist',
        'includeOwnSubnetInWhitelist',
        'allowOnlyNegotiatedPeersForRtpRtcp',
        'useNetworkPeerWhitelist',
        'routingDomains',
        'networkPeerWhitelist',
        'serverCredentials',
        'clientCredentials',
        'remoteSipDomain',
        'sipRegistrar',
        'udpPortRange',
        'sipInterconnection',
      );
      expect(avaya).to.deep.include({
        networkControllerIpVersion: 'IN_ADDRESS_VERSION_4',
        activateServerAuthentication: true,
        sipInterconnection: 'TRUNK',
      });
      expect((await admin.get('/api/nodes/systemProfiles/get', { query: { completeData: false } })).json).to.deep.equal(
        short.json,
      );
      expectError(
        await admin.get('/api/nodes/systemProfiles/get', { query: { completeData: 'perhaps' } }),
        400,
        'INVALID_QUERY_PARAMETER',
      );
    });

    it('lists provider profiles with their regions and no secret', async () => {
      const full = await admin.get('/api/nodes/providerProfiles/get', { query: { completeData: true } });
      expect(full.status).to.equal(200);
      const de = full.json.find((p: { id: string }) => p.id === PROFILES.telekomDe);
      expect(de.regions.map((r: { name: string }) => r.name)).to.deep.equal(['DE-North', 'DE-South']);
      expect(de.credentials).to.deep.equal({ required: true, username: '' });
      expect(de).to.include.keys(
        'addressOfRecord',
        'assertedUri',
        'activateNatTraversal',
        'defineAssertedUri',
        'nodeViaSipTrunking',
        'includeProxyInWhitelist',
      );
      const short = (await admin.get('/api/nodes/providerProfiles/get')).json;
      for (const entry of short) expect(entry).to.have.keys('id', 'displayName');
      expect(short.length).to.equal(full.json.length);
    });
  });

  describe('addSystem', () => {
    it('creates the node and its sub-graph, node first, with wizard provenance, seen by objects/get and the object tree', async () => {
      const created = await addSystem(admin, PROFILES.genericPbx, {
        displayName: 'PBX Berlin',
        udpTcpPort: 5160,
        tlsPort: 5161,
      });
      expect(created[0]!.displayName).to.equal('PBX Berlin');
      const graph = await readGraph(admin);
      const sorts = created.map((c) => graph[c.id]!['sort']);
      expect(sorts[0]).to.equal('TELSIP_STACK');
      expect(sorts).to.include.members(['SIPST_STACK', 'SIPUA_STACK', 'MNS_STACK', 'IN_FILTER', 'AN_SIPRT_ROUTE']);
      expect(sorts).to.not.include('IN_STACK');
      const node = graph[created[0]!.id]!;
      expect(node['metaData'].anynodefe.nodeWizard).to.deep.include({
        preset: PROFILES.genericPbx,
        compatibility: '1',
      });
      for (const { id } of created)
        expect(graph[id]!['metaData'].anynodefe.nodeWizard.id).to.equal(node['metaData'].anynodefe.nodeWizard.id);
      expect(node).to.include({ nodeRole: 'SYSTEM', enabled: 'true', sipInterconnection: 'TRUNK' });
      const transport = created.find((c) => graph[c.id]!['sort'] === 'SIPST_STACK')!;
      expect(graph[transport.id]).to.include({ udpTcpPort: '5160', tlsPort: '5161' });
      const eth0 = (await admin.get('/api/objects/sorts', { query: { sort: 'IN_STACK', displayName: 'eth0' } })).json;
      expect(graph[transport.id]!['networkControllerId']).to.equal(eth0.id);
      const tree = (await admin.get('/api/objects/objectTree/get', { query: { id: node['id'] } })).json;
      expect(tree.object.id).to.equal(node['id']);
      expect(tree.children.map((c: { via: string }) => c.via)).to.include.members([
        'sipUserAgentId',
        'transportConnectionIds',
      ]);
      const nodes = (await admin.get('/api/nodes/get')).json;
      expect(nodes).to.deep.include({ id: node['id'], displayName: 'PBX Berlin' });
      expectText(await admin.get('/api/nodes/port/get', { query: { node: 'PBX Berlin' } }), '5160');
      expectText(await admin.get('/api/nodes/tlsPort/get', { query: { node: compact(node['id']) } }), '5161');
    });

    it('refuses a port another node holds (409 naming it), a taken name (409) and bad input (400 naming the field), changing nothing', async () => {
      await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX Hamburg', udpTcpPort: 5170, tlsPort: 5171 });
      const before = await readGraph(admin);
      const taken = await admin.post('/api/nodes/addSystem', {
        version: 3,
        query: { profile: PROFILES.genericPbx },
        json: { displayName: 'PBX Bremen', udpTcpPort: 5171, tlsPort: 5180 },
      });
      expectError(taken, 409, 'PORT_IN_USE');
      expect(taken.json.error.message).to.contain("node 'PBX Hamburg'");
      expect(taken.json.error.details[0].field).to.equal('udpTcpPort');
      const sameName = await admin.post('/api/nodes/addSystem', {
        version: 3,
        query: { profile: PROFILES.genericPbx },
        json: { displayName: 'PBX Hamburg', udpTcpPort: 5190 },
      });
      expectError(sameName, 409, 'DISPLAY_NAME_TAKEN');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ displayName: 'x', udpTcpPort: 'five' }, 'udpTcpPort'],
        [{ displayName: 'x', tlsPort: 70000 }, 'tlsPort'],
        [{ udpTcpPort: 5300 }, 'displayName'],
        [{ displayName: '  ' }, 'displayName'],
        [
          {
            displayName: 'x',
            networkPeerWhitelist: [{ ipVersion: 'IN_ADDRESS_VERSION_4', host: 'not a host!', subnetPrefixLength: 32 }],
          },
          'networkPeerWhitelist[0].host',
        ],
        [
          {
            displayName: 'x',
            networkPeerWhitelist: [{ ipVersion: 'IPX', host: 'a.example.com', subnetPrefixLength: 32 }],
          },
          'networkPeerWhitelist[0].ipVersion',
        ],
        [{ displayName: 'x', networkControllerIpAddress: '300.1.1.1' }, 'networkControllerIpAddress'],
        [{ displayName: 'x', udpTcpPort: 5400, tlsPort: 5400 }, 'tlsPort'],
        [{ displayName: 'x', unexpected: true }, 'unexpected'],
      ];
      for (const [body, field] of cases) {
        const response = await admin.post('/api/nodes/addSystem', {
          version: 3,
          query: { profile: PROFILES.genericPbx },
          json: body,
        });
        expectError(response, 400, undefined, { what: JSON.stringify(body) });
        expect(
          response.json.error.details.map((d: { field: string }) => d.field),
          JSON.stringify(body),
        ).to.include(field);
      }
      const unknownDomain = await admin.post('/api/nodes/addSystem', {
        version: 3,
        query: { profile: PROFILES.genericPbx },
        json: { displayName: 'x', udpTcpPort: 5500, routingDomains: ['no such domain'] },
      });
      expectError(unknownDomain, 404, 'ROUTING_DOMAIN_NOT_FOUND');
      expect(unknownDomain.json.error.details[0].field).to.equal('routingDomains[0]');
      expectError(
        await admin.post('/api/nodes/addSystem', {
          version: 3,
          query: { profile: unknownId() },
          json: { displayName: 'x' },
        }),
        404,
        'SYSTEM_PROFILE_NOT_FOUND',
      );
      expectError(
        await admin.post('/api/nodes/addSystem', {
          version: 3,
          query: { profile: PROFILES.genericCarrier },
          json: { displayName: 'x' },
        }),
        404,
        'SYSTEM_PROFILE_NOT_FOUND',
      );
      const reuseMissing = await admin.post('/api/nodes/addSystem', {
        version: 3,
        query: { profile: PROFILES.genericPbx },
        json: {
          displayName: 'x',
          udpTcpPort: 5600,
          createNewNetworkController: false,
          networkControllerDisplayName: 'eth9',
        },
      });
      expectError(reuseMissing, 404, 'NETWORK_CONTROLLER_NOT_FOUND');
      expect(await readGraph(admin)).to.deep.equal(before);
    });

    it('creates a new network controller and joins routing domains named by display name or id', async () => {
      const domainA = await createObject(admin, 'TELRT_STACK', 'Domain A');
      const domainB = await createObject(admin, 'TELRT_STACK', 'Domain B');
      const created = await addSystem(admin, PROFILES.genericPbx, {
        displayName: 'PBX Munich',
        createNewNetworkController: true,
        networkControllerDisplayName: 'eth1 munich',
        networkControllerIpAddress: '198.51.100.20',
        udpTcpPort: 5060,
        tlsPort: 5061,
        routingDomains: ['Domain A', compact(domainB['id'])],
      });
      const graph = await readGraph(admin);
      const controller = created.find((c) => graph[c.id]!['sort'] === 'IN_STACK')!;
      expect(graph[controller.id]).to.include({ displayName: 'eth1 munich', ipAddress: '198.51.100.20' });
      expect(graph[domainA['id']]!['sourceNodeIds']).to.deep.equal([created[0]!.id]);
      expect(graph[domainB['id']]!['sourceNodeIds']).to.deep.equal([created[0]!.id]);
    });
  });
});
