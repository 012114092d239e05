import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import {
  compact,
  configurationReader,
  createObject,
  createSipNode,
  expectError,
  getObject,
  readGraph,
  type HttpSipNode,
} from './transportSupport.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000beef';
const SECRET = 'Trunk-Secret-Pw-5521!';

describe('transport connections over HTTP', function () {
  this.timeout(90000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let sip: HttpSipNode;

  before(async () => {
    gateway = await TestGateway.start({ captureLog: true });
    admin = gateway.admin();
    sip = await createSipNode(admin, 'tc');
  });
  after(() => gateway.stop());

  async function addStandard(name: string, extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const response = await admin.put('/api/transportConnections/addStandard', {
      query: { displayName: name },
      json: { sipNodeId: sip.node['id'], proxy: { iri: 'sip:proxy.example.net:5060' }, ...extra },
    });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

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

  describe('bad input changes nothing', () => {
    async function refused(
      path: string,
      query: Record<string, string>,
      json: unknown,
      status: number,
      code: string,
      field: string,
    ): Promise<void> {
      const before = await readGraph(admin);
      const response = await admin.put(path, { query, json });
      expectError(response, status, code, { what: `${path} ${JSON.stringify(json).slice(0, 120)}` });
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        response.text,
      ).to.include(field);
      expect(await readGraph(admin)).to.deep.equal(before);
    }

    it('refuses invalid URIs naming the field', async () => {
      const node = sip.node['id'];
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'http://proxy.example' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'proxy.iri',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'sip:host:99999' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'proxy.iri',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'sip:ok.example' }, registration: { addressOfRecord: 'tel:+49' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'registration.addressOfRecord',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'sip:ok.example' }, assertedAddress: { uri: 'mailto:x@example' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'assertedAddress.uri',
      );
      await refused(
        '/api/transportConnections/addPlain',
        { displayName: 'bad uri' },
        { sipNodeId: node, destination: { iri: 'sip:bad host' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'destination.iri',
      );
      await refused(
        '/api/transportConnections/addSipRegistrar',
        { displayName: 'bad uri' },
        { sipNodeId: node, registrar: { iri: 'sip:r.example' }, addressOfRecord: 'user@example' },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'addressOfRecord',
      );
      await refused(
        '/api/transportConnections/addSrvLoadBalancer',
        { displayName: 'bad srv' },
        { sipNodeId: node, domain: 'not a domain' },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'domain',
      );
    });

    it('refuses wrong types, missing fields, unknown fields and out-of-range values', async () => {
      const node = sip.node['id'];
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { sipNodeId: node, proxy: { iri: 'sip:a.example', options: 'yes' } },
        400,
        'VALIDATION_FAILED',
        'proxy.options',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { sipNodeId: node },
        400,
        'VALIDATION_FAILED',
        'proxy',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { proxy: { iri: 'sip:a.example' } },
        400,
        'VALIDATION_FAILED',
        'sipNodeId',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { sipNodeId: node, proxy: { iri: 'sip:a.example' }, password: 'x' },
        400,
        'UNKNOWN_FIELD',
        'password',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { type: 'PLAIN', sipNodeId: node, proxy: { iri: 'sip:a.example' } },
        400,
        'VALIDATION_FAILED',
        'type',
      );
      await refused(
        '/api/transportConnections/addSipRegistrar',
        { displayName: 'bad' },
        { sipNodeId: node, registrar: { iri: 'sip:r.example' }, addressOfRecord: 'sip:a@r.example', expiresSeconds: 5 },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'expiresSeconds',
      );
      await refused(
        '/api/transportConnections/addSipLoadBalancing',
        { displayName: 'bad' },
        { sipNodeId: node, members: [] },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'members',
      );
      await refused(
        '/api/transportConnections/addSipLoadBalancing',
        { displayName: 'bad' },
        { sipNodeId: node, members: [{ transportConnectionId: UNKNOWN_ID }] },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'members[0].transportConnectionId',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'other name' },
        { displayName: 'not the same', sipNodeId: node, proxy: { iri: 'sip:a.example' } },
        400,
        'DISPLAY_NAME_MISMATCH',
        'displayName',
      );
    });

    it('refuses unknown nodes, credentials and conditions in both id shapes, and objects of the wrong sort', async () => {
      for (const id of [UNKNOWN_ID, compact(UNKNOWN_ID)]) {
        await refused(
          '/api/transportConnections/addStandard',
          { displayName: 'orphan' },
          { sipNodeId: id, proxy: { iri: 'sip:a.example' } },
          400,
          'TRANSPORT_CONNECTION_INVALID',
          'sipNodeId',
        );
        await refused(
          '/api/transportConnections/addStandard',
          { displayName: 'orphan' },
          { sipNodeId: sip.node['id'], proxy: { iri: 'sip:a.example' }, credentials: { authenticationProfileId: id } },
          400,
          'TRANSPORT_CONNECTION_INVALID',
          'credentials.authenticationProfileId',
        );
        await refused(
          '/api/transportConnections/addPlain',
          { displayName: 'orphan' },
          { sipNodeId: sip.node['id'], destination: { iri: 'sip:a.example' }, conditionId: id },
          400,
          'TRANSPORT_CONNECTION_INVALID',
          'conditionId',
        );
      }
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'orphan' },
        { sipNodeId: sip.transport['id'], proxy: { iri: 'sip:a.example' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'sipNodeId',
      );
    });

    it('refuses a display name another connection (of any kind) has, with 409', async () => {
      await addStandard('taken name');
      await refused(
        '/api/transportConnections/addPlain',
        { displayName: 'taken name' },
        { sipNodeId: sip.node['id'], destination: { iri: 'sip:a.example' } },
        409,
        'DISPLAY_NAME_TAKEN',
        'displayName',
      );
    });
  });

  describe('authentication, asserted URI and address of record', () => {
    it('authentication/set stores credentials and enables authentication; the password never comes back', async () => {
      const added = await addStandard('auth trunk');
      const before = await admin.get('/api/transportConnections/authentication/get', {
        query: { transportConnection: added['id'] },
      });
      expect(before.json).to.deep.equal({ authenticationEnabled: false });
      const set = await admin.put('/api/transportConnections/authentication/set', {
        query: { transportConnection: 'auth trunk' },
        json: { username: 'carrier-user', password: SECRET },
      });
      expect(set.status, set.text).to.equal(200);
      expect(set.json).to.deep.equal({
        authenticationEnabled: true,
        authenticationProfileId: set.json.authenticationProfileId,
        username: 'carrier-user',
      });
      const read = await admin.get('/api/transportConnections/authentication/get', {
        query: { transportConnection: compact(added['id']) },
      });
      expect(read.json).to.deep.equal(set.json);
      const connection = await admin.get('/api/transportConnections/get', { query: { id: added['id'] } });
      expect(connection.json).to.include({ authenticationEnabled: true });
      expect(connection.json.credentials).to.deep.equal({
        authenticationProfileId: set.json.authenticationProfileId,
        username: 'carrier-user',
      });
      const credentials = await getObject(admin, set.json.authenticationProfileId);
      expect(credentials).to.include({ sort: 'SIPAUTH_STACK', username: 'carrier-user' });
      for (const text of [
        set.text,
        read.text,
        connection.text,
        JSON.stringify(credentials),
        JSON.stringify(await getObject(admin, added['id'])),
      ])
        expect(text).to.not.contain(SECRET);
      // the same credentials are updated in place on the next set
      const again = await admin.put('/api/transportConnections/authentication/set', {
        query: { transportConnection: added['id'] },
        json: { username: 'renamed-user', password: `${SECRET}2` },
      });
      expect(again.json.authenticationProfileId).to.equal(set.json.authenticationProfileId);
      expect(again.json.username).to.equal('renamed-user');
      expect(gateway.logText).to.not.contain(SECRET);
    });

    it('authentication/set refuses missing fields and a load balancer, changing nothing', async () => {
      const added = await addStandard('auth bad');
      const before = await readGraph(admin);
      const missing = await admin.put('/api/transportConnections/authentication/set', {
        query: { transportConnection: added['id'] },
        json: { username: 'x' },
      });
      expectError(missing, 400, 'VALIDATION_FAILED');
      expect(missing.json.error.details[0].field).to.equal('password');
      expectError(
        await admin.put('/api/transportConnections/authentication/set', {
          query: { transportConnection: added['id'] },
          json: { username: '', password: 'p' },
        }),
        400,
        'CREDENTIALS_INVALID',
      );
      const balancing = await admin.put('/api/transportConnections/addSipLoadBalancing', {
        query: { displayName: 'auth lb' },
        json: { sipNodeId: sip.node['id'], members: [{ transportConnectionId: added['id'] }] },
      });
      const afterAdd = await readGraph(admin);
      expectError(
        await admin.put('/api/transportConnections/authentication/set', {
          query: { transportConnection: balancing.json.id },
          json: { username: 'u', password: 'p' },
        }),
        409,
        'TRANSPORT_CONNECTION_KIND_MISMATCH',
      );
      expect(await readGraph(admin)).to.deep.equal(afterAdd);
      expect(Object.keys(afterAdd).length).to.equal(Object.keys(before).length + 1);
    });

    it('assertedUri/set and get: SIP, SIPS and TEL URIs, an optional display name, empty clears; bad URIs name uri', async () => {
      const added = await addStandard('asserted');
      const query = { transportConnection: added['id'] };
      expect((await admin.get('/api/transportConnections/assertedUri/get', { query })).json).to.deep.equal({ uri: '' });
      for (const body of [
        { uri: 'sip:+4930123@example.net', displayName: 'Reception' },
        { uri: 'sips:alice@example.net' },
        { uri: 'tel:+49-30-123456;ext=7' },
      ]) {
        const set = await admin.put('/api/transportConnections/assertedUri/set', { query, json: body });
        expect(set.status, set.text).to.equal(200);
        expect(set.json).to.deep.equal(body);
        expect((await admin.get('/api/transportConnections/assertedUri/get', { query })).json).to.deep.equal(body);
      }
      expect((await getObject(admin, added['id']))['assertedAddress']).to.equal('tel:+49-30-123456;ext=7');
      const before = await readGraph(admin);
      for (const uri of ['http://example.net', 'sip:', 'tel:abc', 'sip:user@host name']) {
        const bad = await admin.put('/api/transportConnections/assertedUri/set', { query, json: { uri } });
        expectError(bad, 400, 'TRANSPORT_CONNECTION_INVALID', { what: uri });
        expect(bad.json.error.details[0].field).to.equal('uri');
      }
      expectError(
        await admin.put('/api/transportConnections/assertedUri/set', { query, json: { uri: 42 } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await readGraph(admin)).to.deep.equal(before);
      expect(
        (await admin.put('/api/transportConnections/assertedUri/set', { query, json: { uri: '' } })).json,
      ).to.deep.equal({ uri: '' });
      expect(
        (await admin.get('/api/transportConnections/get', { query: { id: added['id'] } })).json,
      ).to.not.have.property('assertedAddress');
    });

    it('addressOfRecord/set and get on standard and registration kinds; SIP URIs only; 409 for other kinds', async () => {
      const standard = await addStandard('aor standard');
      const set = await admin.put('/api/transportConnections/addressOfRecord/set', {
        query: { transportConnection: standard['id'] },
        json: { uri: 'sip:+4930777@carrier.example' },
      });
      expect(set.status, set.text).to.equal(200);
      expect(set.json).to.deep.equal({ uri: 'sip:+4930777@carrier.example' });
      expect(
        (await admin.get('/api/transportConnections/get', { query: { id: standard['id'] } })).json.registration
          .addressOfRecord,
      ).to.equal('sip:+4930777@carrier.example');
      expect(
        (
          await admin.get('/api/transportConnections/addressOfRecord/get', {
            query: { transportConnection: 'aor standard' },
          })
        ).json,
      ).to.deep.equal({ uri: 'sip:+4930777@carrier.example' });
      const tel = await admin.put('/api/transportConnections/addressOfRecord/set', {
        query: { transportConnection: standard['id'] },
        json: { uri: 'tel:+4930777' },
      });
      expectError(tel, 400, 'TRANSPORT_CONNECTION_INVALID');
      expect(tel.json.error.details[0].field).to.equal('uri');
      const named = await admin.put('/api/transportConnections/addressOfRecord/set', {
        query: { transportConnection: standard['id'] },
        json: { uri: 'sip:a@b.example', displayName: 'x' },
      });
      expectError(named, 400, 'TRANSPORT_CONNECTION_INVALID');
      const registration = await admin.put('/api/transportConnections/addSipRegistrar', {
        query: { displayName: 'aor registration' },
        json: {
          sipNodeId: sip.node['id'],
          registrar: { iri: 'sip:r.example' },
          addressOfRecord: 'sip:first@r.example',
        },
      });
      await admin.put('/api/objects/set', {
        query: { id: registration.json.id },
        json: { addressOfRecord: 'sip:second@r.example' },
      });
      expect(
        (
          await admin.get('/api/transportConnections/addressOfRecord/get', {
            query: { transportConnection: registration.json.id },
          })
        ).json,
      ).to.deep.equal({ uri: 'sip:second@r.example' });
      expectError(
        await admin.put('/api/transportConnections/addressOfRecord/set', {
          query: { transportConnection: registration.json.id },
          json: { uri: '' },
        }),
        400,
        'TRANSPORT_CONNECTION_INVALID',
      );
      const plain = await admin.put('/api/transportConnections/addPlain', {
        query: { displayName: 'aor plain' },
        json: { sipNodeId: sip.node['id'], destination: { iri: 'sip:p.example' } },
      });
      expectError(
        await admin.get('/api/transportConnections/addressOfRecord/get', {
          query: { transportConnection: plain.json.id },
        }),
        409,
        'TRANSPORT_CONNECTION_KIND_MISMATCH',
      );
    });
  });

  describe('remove', () => {
    it('removes a connection, takes it out of its node and removes its own credentials', async () => {
      const added = await addStandard('remove me');
      const auth = (
        await admin.put('/api/transportConnections/authentication/set', {
          query: { transportConnection: added['id'] },
          json: { username: 'u', password: SECRET },
        })
      ).json;
      const removed = await admin.delete('/api/transportConnections/remove', {
        query: { transportConnection: compact(added['id']) },
      });
      expect(removed.status, removed.text).to.equal(200);
      expect(removed.text).to.equal('');
      expectError(
        await admin.get('/api/transportConnections/get', { query: { id: added['id'] } }),
        404,
        'TRANSPORT_CONNECTION_NOT_FOUND',
      );
      expect((await getObject(admin, sip.node['id']))['transportConnectionIds'] ?? []).to.not.include(added['id']);
      expectError(await admin.get('/api/objects/get', { query: { id: auth.authenticationProfileId } }), 404);
    });

    it('refuses while another object uses it, naming the referrer; force takes it out of the referrer too', async () => {
      const member = await addStandard('member');
      const balancing = await admin.put('/api/transportConnections/addSipLoadBalancing', {
        query: { displayName: 'balances member' },
        json: { sipNodeId: sip.node['id'], members: [{ transportConnectionId: member['id'] }] },
      });
      const before = await readGraph(admin);
      const refused = await admin.delete('/api/transportConnections/remove', {
        query: { transportConnection: member['id'] },
      });
      expectError(refused, 409, 'TRANSPORT_CONNECTION_REFERENCED');
      expect(refused.json.error.details[0].message).to.contain('balances member').and.contain(balancing.json.id);
      expectError(
        await admin.delete('/api/transportConnections/remove', {
          query: { transportConnection: member['id'], force: 'maybe' },
        }),
        400,
        'INVALID_QUERY_PARAMETER',
      );
      expect(await readGraph(admin)).to.deep.equal(before);
      const forced = await admin.delete('/api/transportConnections/remove', {
        query: { transportConnection: member['id'], force: 'true' },
      });
      expect(forced.status, forced.text).to.equal(200);
      expect(
        (await admin.get('/api/transportConnections/get', { query: { id: balancing.json.id } })).json.members,
      ).to.deep.equal([]);
      expect((await getObject(admin, sip.node['id']))['transportConnectionIds']).to.not.include(member['id']);
    });
  });

  describe('permissions and the lifecycle', () => {
    it('lets a configuration reader read but not write (403)', async () => {
      const reader = await configurationReader(gateway, 'tcreader');
      const added = await addStandard('read only');
      expect((await reader.get('/api/transportConnections/get', { query: { id: added['id'] } })).status).to.equal(200);
      expect(
        (await reader.get('/api/nodes/transportConnections/get', { query: { node: sip.node['id'] } })).status,
      ).to.equal(200);
      const before = await readGraph(admin);
      expectError(
        await reader.put('/api/transportConnections/addPlain', {
          query: { displayName: 'nope' },
          json: { sipNodeId: sip.node['id'], destination: { iri: 'sip:a.example' } },
        }),
        403,
      );
      expectError(
        await reader.put('/api/transportConnections/assertedUri/set', {
          query: { transportConnection: added['id'] },
          json: { uri: 'sip:a@b.example' },
        }),
        403,
      );
      expectError(
        await reader.delete('/api/transportConnections/remove', { query: { transportConnection: added['id'] } }),
        403,
      );
      expect(await readGraph(admin)).to.deep.equal(before);
    });

    it('a view write marks the configuration modified and commits', async () => {
      await addStandard(`commit ${randomUUID().slice(0, 8)}`);
      expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('MODIFIED');
      const commit = await admin.post('/api/coreConfig/commit');
      expect(commit.status, commit.text).to.equal(200);
      expect((await admin.get('/api/coreConfig/status/get')).json.hasUncommittedChanges).to.equal(false);
    });
  });

  it('objects of an unknown id shape in a body are refused, not stored: createObject sanity', async () => {
    const credentials = await createObject(admin, 'SIPAUTH_STACK', 'shared login', {
      username: 'shared',
      password: SECRET,
    });
    const added = await addStandard('uses shared', {
      authenticationEnabled: true,
      credentials: { authenticationProfileId: compact(credentials['id']), username: 'shared' },
    });
    expect(added['credentials']).to.deep.equal({ authenticationProfileId: credentials['id'], username: 'shared' });
    const wrong = await admin.put('/api/transportConnections/addStandard', {
      query: { displayName: 'wrong user' },
      json: {
        sipNodeId: sip.node['id'],
        proxy: { iri: 'sip:a.example' },
        credentials: { authenticationProfileId: credentials['id'], username: 'other' },
      },
    });
    expectError(wrong, 400, 'TRANSPORT_CONNECTION_INVALID');
    expect(wrong.json.error.details[0].field).to.equal('credentials.username');
    const enabledWithout = await admin.put('/api/transportConnections/addStandard', {
      query: { displayName: 'no creds' },
      json: { sipNodeId: sip.node['id'], proxy: { iri: 'sip:a.example' }, authenticationEnabled: true },
    });
    expectError(enabledWithout, 400, 'TRANSPORT_CONNECTION_INVALID');
    expect(enabledWithout.json.error.details[0].field).to.equal('authenticationEnabled');
    // shared credentials: authentication/set on a second user of them makes its own
    const second = await addStandard('uses shared too', {
      authenticationEnabled: true,
      credentials: { authenticationProfileId: credentials['id'] },
    });
    const own = await admin.put('/api/transportConnections/authentication/set', {
      query: { transportConnection: second['id'] },
      json: { username: 'own', password: SECRET },
    });
    expect(own.json.authenticationProfileId).to.not.equal(credentials['id']);
    expect((await getObject(admin, credentials['id']))['username']).to.equal('shared');
  });
});
