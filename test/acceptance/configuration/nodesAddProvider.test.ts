import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectError, readGraph } from './objectsSupport.js';
import { addProvider, addRegistrar, CARRIER_PASSWORD, PROFILES, subTree, unknownId } from './nodesSupport.js';

describe('nodes over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

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
});
