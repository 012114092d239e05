import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { NODE_OBJECT_TYPES } from '../../../src/contexts/configuration/nodes/domain/NodeSubTree.js';
import { createObject, expectError, readGraph } from './objectsSupport.js';
import {
  addProvider,
  addRegistrar,
  addSystem,
  CARRIER_PASSWORD,
  createUcmaNode,
  createWebrtcNode,
  PROFILES,
  subTree,
  unknownId,
} from './nodesSupport.js';

function compact(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}

function expectText(response: ApiResponse, text: string): void {
  expect(response.status, response.text.slice(0, 300)).to.equal(200);
  expect(response.headers.get('content-type')).to.match(/^text\/plain/);
  expect(response.text).to.equal(text);
}

async function objectCount(admin: ApiClient): Promise<number> {
  const sorts = (await admin.get('/api/objects/sorts')).json as Array<{ count: number }>;
  return sorts.reduce((sum, s) => sum + s.count, 0);
}

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

  describe('addProvider and addSipPhoneRegistrar', () => {
    it("creates a provider node with credentials stored and never answered, registration at the region's proxy", async () => {
      const created = await addProvider(admin, PROFILES.telekomDe, {
        displayName: 'Telekom trunk',
        region: 'DE-South',
        credentials: { username: 'customer-17', password: CARRIER_PASSWORD },
        udpTcpPort: 5280,
        tlsPort: 5281,
      });
      const graph = await readGraph(admin);
      const byKind = (sort: string) => created.map((c) => graph[c.id]!).find((o) => o['sort'] === sort)!;
      expect(graph[created[0]!.id]).to.include({ sort: 'TELSIP_STACK', nodeRole: 'PROVIDER' });
      expect(byKind('SIPAUTH_STACK')).to.include({ username: 'customer-17' }).and.not.have.property('password');
      expect(byKind('AN_SIPRT_ROUTE')).to.include({
        proxyIri: 'sip:sued.sip.telekom.example.de:5060',
        authenticationEnabled: 'true',
        addressOfRecord: 'sip:+4930123456@telekom.example.de',
      });
      expect(byKind('IN_MAP_STACK')).to.include({ mode: 'STUN' });
      expect(JSON.stringify(graph)).to.not.contain(CARRIER_PASSWORD);
      expect(
        JSON.stringify((await admin.get('/api/objects/export', { query: { id: created[0]!.id } })).text),
      ).to.not.contain(CARRIER_PASSWORD);
    });

    it('refuses an unknown region and missing credentials, naming the field', async () => {
      const region = await admin.post('/api/nodes/addProvider', {
        version: 2,
        query: { profile: PROFILES.telekomDe },
        json: { displayName: 'r', region: 'Mars', credentials: { username: 'u', password: 'p' } },
      });
      expectError(region, 400, 'UNKNOWN_REGION');
      expect(region.json.error.details[0].field).to.equal('region');
      const credentials = await admin.post('/api/nodes/addProvider', {
        version: 2,
        query: { profile: PROFILES.telekomDe },
        json: { displayName: 'r' },
      });
      expectError(credentials, 400);
      expect(credentials.json.error.details[0].field).to.equal('credentials');
      const password = await admin.post('/api/nodes/addProvider', {
        version: 2,
        query: { profile: PROFILES.telekomDe },
        json: { displayName: 'r', credentials: { username: 'u', password: 7 } },
      });
      expectError(password, 400);
      expect(password.json.error.details[0].field).to.equal('credentials.password');
    });

    it('creates a SIP phone registrar node with its registrar', async () => {
      const created = await addRegistrar(admin, {
        displayName: 'Phones',
        udpTcpPort: 5390,
        tlsPort: 5391,
        sipDomain: 'phones.acme.example.com',
      });
      const node = await subTree(admin, created[0]!.id, 'sipNode');
      expect(node).to.include({ nodeRole: 'SIP_PHONE_REGISTRAR', sipInterconnection: 'SUBSCRIBER' });
      const registrar = (await admin.get('/api/objects/get', { query: { id: node['registrarId'] } })).json;
      expect(registrar).to.include({
        sort: 'TELSIPREG_REGISTRAR',
        sipDomain: 'phones.acme.example.com',
        acceptPolicy: 'ALWAYS',
      });
      const missingDirectory = await admin.post('/api/nodes/addSipPhoneRegistrar', {
        json: { displayName: 'Phones 2', udpTcpPort: 5392, sipPhoneRegistrarDirectoryId: unknownId() },
      });
      expectError(missingDirectory, 404, 'DIRECTORY_NOT_FOUND');
      expect(missingDirectory.json.error.details[0].field).to.equal('sipPhoneRegistrarDirectoryId');
    });
  });

  describe('subTreeObject', () => {
    it('answers every objectType for a node kind that has it, as objects/get shows the object', async () => {
      const answered = new Set<string>();
      const eth0 = (await admin.get('/api/objects/sorts', { query: { sort: 'IN_STACK', displayName: 'eth0' } })).json;
      const avaya = (
        await addSystem(admin, PROFILES.avaya, { displayName: 'Avaya', udpTcpPort: 5600, tlsPort: 5601 })
      )[0]!;
      const provider = (
        await addProvider(admin, PROFILES.telekomDe, {
          displayName: 'Telekom 2',
          credentials: { username: 'u', password: 'p' },
          udpTcpPort: 5610,
          tlsPort: 5611,
        })
      )[0]!;
      const sba = (
        await addSystem(admin, PROFILES.collabSba, { displayName: 'Collab SBA', udpTcpPort: 5620, tlsPort: 5621 })
      )[0]!;
      const webrtc = await createWebrtcNode(admin, 'Browser node', eth0.id);
      const ucma = await createUcmaNode(admin, 'UCMA node', eth0.id, 5630);
      // a static mapping on the SBA's transports and media (the wizard uses none): objects/set, then the view reads it
      const staticMapping = await createObject(admin, 'IN_MAP_STATIC_STACK', 'SBA static mapping', {
        publicIpAddress: '203.0.113.5',
        networkControllerId: eth0.id,
      });
      for (const type of ['sipTransport', 'mediaNegotiation', 'collabSbaSipTransport', 'collabSbaMediaNegotiation']) {
        const object = await subTree(admin, sba.id, type);
        expect(
          (
            await admin.put('/api/objects/set', {
              query: { id: object['id'] },
              json: { networkMappingId: staticMapping['id'] },
            })
          ).status,
        ).to.equal(200);
      }
      // a second SBA whose branch side uses STUN instead
      const sba2 = (
        await addSystem(admin, PROFILES.collabSba, { displayName: 'Collab SBA 2', udpTcpPort: 5640, tlsPort: 5641 })
      )[0]!;
      const stun = await createObject(admin, 'IN_MAP_STACK', 'SBA STUN', { networkControllerId: eth0.id });
      for (const type of ['collabSbaSipTransport', 'collabSbaMediaNegotiation']) {
        const object = await subTree(admin, sba2.id, type);
        expect(
          (await admin.put('/api/objects/set', { query: { id: object['id'] }, json: { networkMappingId: stun['id'] } }))
            .status,
        ).to.equal(200);
      }
      const listed = (await admin.get('/api/nodes/get')).json;
      expect(listed).to.deep.include.members([
        { id: webrtc['id'], displayName: 'Browser node' },
        { id: ucma['id'], displayName: 'UCMA node' },
      ]);
      expectError(
        await admin.get('/api/nodes/port/get', { query: { node: 'Browser node' } }),
        409,
        'NODE_HAS_NO_SIP_TRANSPORT',
      );
      expectText(await admin.get('/api/nodes/port/get', { query: { node: 'UCMA node' } }), '5630');
      expectText(await admin.post('/api/nodes/disable', { query: { node: 'Browser node' } }), 'Node disabled');
      expect((await admin.get('/api/objects/get', { query: { id: webrtc['id'] } })).json.enabled).to.equal('false');
      for (const node of [avaya.id, provider.id, sba.id, sba2.id, webrtc['id'], ucma['id']]) {
        for (const objectType of NODE_OBJECT_TYPES) {
          const response = await admin.get('/api/nodes/subTreeObject/get', { query: { node, objectType } });
          if (response.status === 200) {
            answered.add(objectType);
            expect(response.json).to.deep.equal(
              (await admin.get('/api/objects/get', { query: { id: response.json.id } })).json,
            );
          } else {
            expectError(response, 404, 'SUB_TREE_OBJECT_NOT_FOUND');
            expect(response.json.error.details[0].field).to.equal('objectType');
          }
        }
      }
      expect(NODE_OBJECT_TYPES.filter((t) => !answered.has(t))).to.deep.equal([]);
      expect((await subTree(admin, avaya.id, 'sipTransportDigitalIdentitiyAndTrust'))['sort']).to.equal(
        'CRY_X509_STACK',
      );
      expect((await subTree(admin, provider.id, 'sipTransportNetworkMapping'))['sort']).to.equal('IN_MAP_STACK');
      expect(await subTree(admin, sba.id, 'collabConnectivity')).to.include({
        sort: 'TELCOLLAB_STACK',
        connectivity: 'SBA',
      });
      expect(await subTree(admin, sba.id, 'collabTenant')).to.include({ tenantFqdn: 'customer.example.com' });
    });

    it('refuses an unknown objectType listing the allowed values, and an unknown node in either id shape', async () => {
      const unknown = await admin.get('/api/nodes/subTreeObject/get', {
        query: { node: 'PBX Berlin', objectType: 'sipTrunk' },
      });
      expectError(unknown, 400, 'INVALID_QUERY_PARAMETER');
      expect(unknown.json.error.message)
        .to.contain('mediaNegotiationQosProfile')
        .and.contain('ipcClientDigitalIdentitiyAndTrust');
      const id = unknownId();
      expectError(
        await admin.get('/api/nodes/subTreeObject/get', { query: { node: id, objectType: 'sipNode' } }),
        404,
        'NODE_NOT_FOUND',
      );
      expectError(await admin.get('/api/nodes/port/get', { query: { node: compact(id) } }), 404, 'NODE_NOT_FOUND');
      const websocket = await admin.get('/api/nodes/subTreeObject/get', {
        query: { node: 'PBX Berlin', objectType: 'websocket' },
      });
      expectError(websocket, 404, 'SUB_TREE_OBJECT_NOT_FOUND');
    });
  });

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
