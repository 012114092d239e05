import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addStandardConnection,
  compact,
  createSipNode,
  expectError,
  getObject,
  startTransportGateway,
  type HttpSipNode,
} from './transportSupport.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000beef';

describe('transport connections over HTTP', function () {
  this.timeout(90000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let sip: HttpSipNode;

  before(async () => {
    ({ gateway, admin, sip } = await startTransportGateway());
  });
  after(() => gateway.stop());

  const addStandard = (name: string, extra: Record<string, unknown> = {}): Promise<Record<string, any>> =>
    addStandardConnection(admin, sip, name, extra);

  describe('the five kinds', () => {
    it('addStandard answers a StandardTransportConnection that get, objects/get and the node show', async () => {
      const added = await addStandard('std one', {
        proxy: { iri: 'sip:test.test', options: true, optionsNextHop: true, omitInitialRouteSet: true, flow: true },
        registration: { sipDomain: 'sip:sip.domain', addressOfRecord: 'sip:registration.aor' },
        authenticationPolicy: 'ALWAYS',
        assertedAddress: { uri: 'tel:+4930123456', displayName: 'Main line' },
      });
      expect(added).to.deep.equal({
        id: added['id'],
        type: 'STANDARD',
        displayName: 'std one',
        sipNodeId: sip.node['id'],
        proxy: { iri: 'sip:test.test', options: true, optionsNextHop: true, omitInitialRouteSet: true, flow: true },
        authenticationEnabled: false,
        registration: { sipDomain: 'sip:sip.domain', addressOfRecord: 'sip:registration.aor' },
        assertedAddress: { uri: 'tel:+4930123456', displayName: 'Main line' },
        authenticationPolicy: 'ALWAYS',
      });
      for (const id of [added['id'], compact(added['id']), 'std one']) {
        const read = await admin.get('/api/transportConnections/get', { query: { id } });
        expect(read.status, read.text).to.equal(200);
        expect(read.json).to.deep.equal(added);
      }
      const object = await getObject(admin, added['id']);
      expect(object).to.include({
        sort: 'AN_SIPRT_ROUTE',
        displayName: 'std one',
        proxyIri: 'sip:test.test',
        flow: 'true',
        authenticationPolicy: 'ALWAYS',
        registrationSipDomain: 'sip:sip.domain',
        addressOfRecord: 'sip:registration.aor',
        assertedAddress: 'tel:+4930123456',
        assertedDisplayName: 'Main line',
      });
      expect((await getObject(admin, sip.node['id']))['transportConnectionIds']).to.include(added['id']);
    });

    it('addPlain, addSipLoadBalancing, addSipRegistrar and addSrvLoadBalancer answer their kinds, stored as their sorts', async () => {
      const standard = await addStandard('kinds standard');
      const plain = await admin.put('/api/transportConnections/addPlain', {
        query: { displayName: 'kinds plain' },
        json: {
          sipNodeId: compact(sip.node['id']),
          destination: { iri: 'sips:peer.example.net:5061', transport: 'TLS' },
        },
      });
      expect(plain.status, plain.text).to.equal(200);
      expect(plain.json).to.deep.equal({
        id: plain.json.id,
        type: 'PLAIN',
        displayName: 'kinds plain',
        sipNodeId: sip.node['id'],
        destination: { iri: 'sips:peer.example.net:5061', transport: 'TLS' },
        authenticationEnabled: false,
      });
      const balancing = await admin.put('/api/transportConnections/addSipLoadBalancing', {
        query: { displayName: 'kinds balancing' },
        json: {
          type: 'SIP_LOAD_BALANCING',
          sipNodeId: sip.node['id'],
          distribution: 'ROUND_ROBIN',
          members: [{ transportConnectionId: standard['id'] }, { transportConnectionId: compact(plain.json.id) }],
          failoverSipStatusCodes: '408,503',
        },
      });
      expect(balancing.status, balancing.text).to.equal(200);
      expect(balancing.json).to.deep.equal({
        id: balancing.json.id,
        type: 'SIP_LOAD_BALANCING',
        displayName: 'kinds balancing',
        sipNodeId: sip.node['id'],
        distribution: 'ROUND_ROBIN',
        members: [{ transportConnectionId: standard['id'] }, { transportConnectionId: plain.json.id }],
        failoverSipStatusCodes: '408,503',
        failoverOnTimeout: true,
      });
      const registration = await admin.put('/api/transportConnections/addSipRegistrar', {
        query: { displayName: 'kinds registration' },
        json: {
          sipNodeId: sip.node['id'],
          registrar: { iri: 'sip:registrar.example.net' },
          addressOfRecord: 'sip:+4930999@example.net',
          expiresSeconds: 600,
        },
      });
      expect(registration.status, registration.text).to.equal(200);
      expect(registration.json).to.deep.equal({
        id: registration.json.id,
        type: 'SIP_REGISTRATION',
        displayName: 'kinds registration',
        sipNodeId: sip.node['id'],
        registrar: { iri: 'sip:registrar.example.net' },
        addressOfRecord: 'sip:+4930999@example.net',
        expiresSeconds: 600,
        contactUser: '',
        authenticationEnabled: false,
      });
      const srv = await admin.put('/api/transportConnections/addSrvLoadBalancer', {
        query: { displayName: 'kinds srv' },
        json: { sipNodeId: sip.node['id'], domain: 'example.net', service: '_sips._tcp' },
      });
      expect(srv.status, srv.text).to.equal(200);
      expect(srv.json).to.deep.equal({
        id: srv.json.id,
        type: 'SRV_LOAD_BALANCER',
        displayName: 'kinds srv',
        sipNodeId: sip.node['id'],
        domain: 'example.net',
        service: '_sips._tcp',
        refreshSeconds: 300,
        authenticationEnabled: false,
      });
      const sorts = {
        [plain.json.id]: 'SIPRT_PLAIN_ROUTE',
        [balancing.json.id]: 'AN_SIPLB_STACK',
        [registration.json.id]: 'SIPUA_REGISTRATION',
        [srv.json.id]: 'SRVLB_STACK',
      };
      for (const [id, sort] of Object.entries(sorts)) {
        expect((await getObject(admin, id))['sort']).to.equal(sort);
        expect((await admin.get('/api/transportConnections/get', { query: { id } })).json.id).to.equal(id);
      }
      expect((await getObject(admin, balancing.json.id))['transportConnectionIds']).to.deep.equal([
        standard['id'],
        plain.json.id,
      ]);
      const listed = await admin.get('/api/nodes/transportConnections/get', { query: { node: 'tc node' } });
      expect(listed.status, listed.text).to.equal(200);
      const mine = listed.json.filter((r: { displayName: string }) => r.displayName.startsWith('kinds '));
      expect(mine.map((r: { type: string }) => r.type)).to.deep.equal([
        'STANDARD',
        'PLAIN',
        'SIP_LOAD_BALANCING',
        'SIP_REGISTRATION',
        'SRV_LOAD_BALANCER',
      ]);
      expect(listed.json.map((r: { priority: number }) => r.priority)).to.deep.equal(
        listed.json.map((_: unknown, i: number) => i + 1),
      );
      expect(mine[1]).to.deep.equal({
        id: plain.json.id,
        displayName: 'kinds plain',
        type: 'PLAIN',
        priority: mine[1].priority,
        target: 'sips:peer.example.net:5061',
        authenticationEnabled: false,
      });
    });

    it("shows what objects/set writes, and nodes/transportConnections/get follows the node's order", async () => {
      const added = await addStandard('set by objects');
      const set = await admin.put('/api/objects/set', {
        query: { id: added['id'] },
        json: { proxyIri: 'sips:other.example.org', flow: 'true', assertedAddress: 'sip:pai@example.org' },
      });
      expect(set.status, set.text).to.equal(200);
      const read = (await admin.get('/api/transportConnections/get', { query: { id: added['id'] } })).json;
      expect(read.proxy).to.include({ iri: 'sips:other.example.org', flow: true });
      expect(read.assertedAddress).to.deep.equal({ uri: 'sip:pai@example.org' });
      const other = await createSipNode(admin, 'order', 5070);
      const first = await admin.put('/api/transportConnections/addPlain', {
        query: { displayName: 'order a' },
        json: { sipNodeId: other.node['id'], destination: { iri: 'sip:a.example' } },
      });
      const second = await admin.put('/api/transportConnections/addPlain', {
        query: { displayName: 'order b' },
        json: { sipNodeId: other.node['id'], destination: { iri: 'sip:b.example' } },
      });
      await admin.put('/api/objects/set', {
        query: { id: other.node['id'] },
        json: { transportConnectionIds: [second.json.id, first.json.id] },
      });
      const listed = (
        await admin.get('/api/nodes/transportConnections/get', { query: { node: compact(other.node['id']) } })
      ).json;
      expect(listed.map((r: { displayName: string; priority: number }) => [r.displayName, r.priority])).to.deep.equal([
        ['order b', 1],
        ['order a', 2],
      ]);
      expectError(
        await admin.get('/api/nodes/transportConnections/get', { query: { node: UNKNOWN_ID } }),
        404,
        'NODE_NOT_FOUND',
      );
      expectError(
        await admin.get('/api/nodes/transportConnections/get', { query: { node: 'no such node' } }),
        404,
        'NODE_NOT_FOUND',
      );
    });

    it('answers 404 for unknown connections in both id shapes and by name', async () => {
      for (const id of [UNKNOWN_ID, compact(UNKNOWN_ID), 'no such connection']) {
        expectError(
          await admin.get('/api/transportConnections/get', { query: { id } }),
          404,
          'TRANSPORT_CONNECTION_NOT_FOUND',
        );
        expectError(
          await admin.get('/api/transportConnections/authentication/get', { query: { transportConnection: id } }),
          404,
          'TRANSPORT_CONNECTION_NOT_FOUND',
        );
        expectError(
          await admin.delete('/api/transportConnections/remove', { query: { transportConnection: id } }),
          404,
          'TRANSPORT_CONNECTION_NOT_FOUND',
        );
      }
    });
  });
});
