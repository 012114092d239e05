import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addStandardConnection,
  compact,
  configurationReader,
  createObject,
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
