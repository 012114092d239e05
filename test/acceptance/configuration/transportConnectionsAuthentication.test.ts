import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addStandardConnection,
  compact,
  expectError,
  getObject,
  readGraph,
  startTransportGateway,
  type HttpSipNode,
} from './transportSupport.js';

const SECRET = 'Trunk-Secret-Pw-5521!';

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
});
