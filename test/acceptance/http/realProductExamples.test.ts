import { expect } from 'chai';
import { labPrivateKey, signLicenseFile } from '@gwsim/license-file';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectShape, expectStringScalars } from './exampleShapes.js';

const ID = '48bff71e-0000-4000-8000-000000000001';

/** The answers of the real product's documentation, as its public notes give them (ids completed, values kept). */
const EXAMPLES = {
  builtInAdmin: { lastLogin: 'UTC 2024-04-26 12:52:46', displayName: 'anadmin', enabled: true },
  user: {
    emailAddress: '',
    displayName: 'test',
    localUserName: 'test',
    roles: ['new_role'],
    id: ID,
    enabled: true,
    local: { name: 'test' },
  },
  license: {
    id: ID,
    identifier: 'c1b436f1',
    name: '4 lines demo license',
    validFrom: 'UTC 2022-01-04 00:00:00',
    validUntil: 'UTC 2023-12-31 23:59:59',
    facilities: [{ name: 'recSession = 2', value: 2 }],
    constraints: '[telrtDemo]',
    products: '[anynode]',
    requiredSystemIds: '[]',
    status: 'ACTIVE',
  },
  standardConnection: {
    id: ID,
    type: 'STANDARD',
    displayName: 'test_connection',
    proxy: { iri: 'sip:test.test', options: true, optionsNextHop: true, omitInitialRouteSet: true, flow: true },
    authenticationEnabled: true,
    credentials: { authenticationProfileId: ID, username: 'user' },
    registration: { sipDomain: 'sip:sip.domain', addressOfRecord: 'sip:registration.aor' },
  },
  requestRouter: {
    id: ID,
    incomingEdgeSipTransportId: ID,
    outgoingEdgeSipTransportId: ID,
    routes: [{ transportConnectionId: ID }],
  },
  addHotStandbyResponse: { networkControllerId: ID, ipcClientId: ID, networkSecurityProfileId: ID, hotStandbyId: ID },
  sortEntry: { displayName: 'Default network security profile', id: ID, sort: 'INS_STACK' },
  object: {
    metaData: {
      anynodefe: {
        replication: { systemIdentifiersEnabled: 'false' },
        note: '',
        nodeWizard: { id: ID, preset: ID, compatibility: '1' },
        compatibility: '0',
        version: '0',
      },
    },
    visible: 'true',
    protected: 'false',
    trMark: 'false',
    comment: '',
  },
} as const;

/** The request bodies of the documentation, as written. */
const ADD_USER = {
  ldapLogin: null,
  loginLocally: true,
  localPassword: 'Doc-Example-Pw-4821!',
  roleIds: ['new_role'],
  localUsername: 'test',
  displayName: 'test',
  enabled: true,
};
const ADD_REQUEST_ROUTER = {
  requestRouterName: 'Request Router REST',
  routingTargets: ['sip:localhost:5070'],
  useLocalNode: false,
  portOptions: {
    tlsPort: 5071,
    udpTcpPort: 5070,
    tcpPortRange: { firstPort: 9000, lastPort: 12000 },
    udpPortRange: { firstPort: 9000, lastPort: 12000 },
  },
  networkControllerOptions: { createNewNetworkController: true, newNetworkControllerIpAddress: '127.0.0.1' },
};
const EXPORT_TEMPLATE =
  '[<#list sessions as session>{"startDateTime":"${session.startDateTime}",' +
  '"inboundSourceDialString":"${session.inboundSourceDialString}",' +
  '"outboundDestinationDialString":"${session.outboundDestinationDialString}",' +
  '"sessionIdentifier":"${session.sessionIdentifier}"}<#sep>,</#sep></#list>]';

function ok(response: ApiResponse): any {
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json;
}

/**
 * Every example of the real product's notes ("Example shapes") replayed as written against a gateway holding the
 * demo: each request body is accepted, each answer has the documented shape, field by field with JSON types.
 */
describe("the real product's documented examples, replayed against the demo", function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start({ config: { demo: true } });
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  it('roles add (a PUT, a free id), users add, get, changePassword and remove', async () => {
    const permissions = {
      ...{ api: 'ACCESS', userInterface: 'NO_ACCESS', tracing: 'NO_ACCESS', administration: 'NO_ACCESS' },
      ...{ mediaRecording: 'NO_ACCESS', configurationMode: 'READ_ACCESS', userManagement: 'NO_ACCESS' },
      ...{ monitoringMode: 'READ_ACCESS', webServer: 'NO_ACCESS', backends: 'NO_ACCESS' },
    };
    const role = ok(
      await admin.put('/api/roles/add', { json: { id: 'new_role', displayName: 'new role', permissions } }),
    );
    expect(role).to.deep.include({ id: 'new_role', permissions });
    const added = ok(await admin.post('/api/users/add', { json: ADD_USER }));
    expectShape(added, EXAMPLES.user);
    expect(added).to.not.have.property('localUsername');
    const [builtIn, user] = ok(await admin.get('/api/users/get')) as [Record<string, unknown>, Record<string, unknown>];
    expectShape(builtIn, EXAMPLES.builtInAdmin);
    expect(Object.keys(builtIn).sort(), 'the built-in user in its reduced form').to.deep.equal([
      'displayName',
      'enabled',
      'lastLogin',
    ]);
    expectShape(user, EXAMPLES.user);
    const changed = await admin.post('/api/users/changePassword', {
      query: {
        user: 'test',
        oldPassword: ADD_USER.localPassword,
        newPassword: 'Doc-Other-Pw-9135!',
        passwordChange: 'NOT_NECESSARY',
      },
    });
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.text).to.contain("'test'");
    // remove takes ?user= (name or id); the specification's answer (an empty 200) wins over the notes' "the user"
    const removed = await admin.delete('/api/users/remove', { query: { user: added.id } });
    expect([removed.status, removed.text]).to.deep.equal([200, '']);
  });

  it('licenses: get in the documented shape, one that does not expire, importFile and importLod', async () => {
    const [demo] = ok(await admin.get('/api/licenses/get'));
    expectShape(demo, EXAMPLES.license);
    const { validUntil: _end, ...license } = EXAMPLES.license;
    const forever = signLicenseFile(
      {
        ...{ identifier: 'c1b436f1-doc', name: 'never expires', products: ['gwsim'], application: 'gateway' },
        ...{ requiredSystemIds: [], validFrom: '2022-01-04T00:00:00Z', constraints: [], invalidates: [] },
        facilities: [{ name: 'recSession', value: 2 }],
      },
      labPrivateKey(),
    );
    ok(await admin.put('/api/licenses/importFile', { file: { name: 'forever.xzlicense', content: forever } }));
    const shown = (ok(await admin.get('/api/licenses/get')) as Array<Record<string, unknown>>).find(
      (l) => l['identifier'] === 'c1b436f1-doc',
    )!;
    expectShape(shown, license);
    expect(shown, 'no validUntil: absent, not null').to.not.have.property('validUntil');
    const [device] = ok(await admin.get('/api/licenses/systemIds/get'));
    const lod = ok(
      await admin.put('/api/licenses/importLod', {
        json: {
          licenseKey: 'GWSIM-LAB4-0000-0001',
          companyName: 'Example Ltd',
          emailAddress: 'lab@example.com',
          licensingDevice: device.id,
        },
      }),
    );
    expectShape(lod, [EXAMPLES.license]);
  });

  it('transportConnections addStandard with the documented body (unattached, then on a node) and get', async () => {
    const credentials = ok(
      await admin.put('/api/objects/set', {
        query: { id: '0f1e2d3c-0000-4000-8000-00000000d0c5' },
        json: { sort: 'SIPAUTH_STACK', displayName: 'documented credentials', username: 'user', password: 'secret' },
      }),
    );
    const { id: _id, ...body } = EXAMPLES.standardConnection;
    const documented = { ...body, credentials: { authenticationProfileId: credentials.id, username: 'user' } };
    const loose = ok(
      await admin.put('/api/transportConnections/addStandard', {
        query: { displayName: 'test_connection' },
        json: documented,
      }),
    );
    expectShape(loose, EXAMPLES.standardConnection);
    expect(loose).to.not.have.property('sipNodeId');
    const [pbx] = (ok(await admin.get('/api/nodes/get')) as Array<{ id: string; displayName: string }>).filter(
      (n) => n.displayName === 'PBX Berlin',
    );
    const attached = ok(
      await admin.put('/api/transportConnections/addStandard', {
        query: { displayName: 'test_connection 2' },
        json: { ...documented, displayName: 'test_connection 2', sipNodeId: pbx!.id },
      }),
    );
    const read = ok(await admin.get('/api/transportConnections/get', { query: { id: attached.id } }));
    expectShape(read, { ...EXAMPLES.standardConnection, sipNodeId: ID });
    expect(read).to.deep.include({ sipNodeId: pbx!.id, displayName: 'test_connection 2' });
    expect(read.authenticationPolicy).to.be.a('string');
  });

  it('requestRouters add with the documented body next to the demo, then get with a route', async () => {
    const router = ok(await admin.post('/api/requestRouters/add', { json: ADD_REQUEST_ROUTER }));
    expect(router).to.include({ displayName: 'Request Router REST', forwardingMode: 'BI_DIRECTIONAL' });
    const connection = ok(await admin.get('/api/transportConnections/get', { query: { id: 'test_connection' } }));
    ok(
      await admin.post('/api/requestRouters/set', {
        query: { requestRouter: router.id },
        json: { routes: [{ transportConnectionId: connection.id }] },
      }),
    );
    const routers = ok(await admin.get('/api/requestRouters/get'));
    expectShape(routers, [EXAMPLES.requestRouter]);
    expect(routers[0]).to.deep.include({ routes: [{ transportConnectionId: connection.id }] });
    expect(ok(await admin.post('/api/coreConfig/commit'))).to.equal(undefined);
  });

  it('hotStandby get ([] without objects) and add, objects sorts and get with the metaData note', async () => {
    expect(ok(await admin.get('/api/hotStandby/get'))).to.deep.equal([]);
    const added = ok(
      await admin.post('/api/hotStandby/add', {
        query: { mode: 'addMainSystemHotStandbyObjects' },
        json: { name: 'documented standby', standbySystemBackendName: '9e1d7c7a-0a2b-4c6b-9a55-2f3b9a1f0c11' },
      }),
    );
    expectShape(added, EXAMPLES.addHotStandbyResponse);
    const profiles = ok(await admin.get('/api/objects/sorts', { query: { sort: 'INS_STACK' } }));
    expectShape(profiles, [EXAMPLES.sortEntry]);
    expect(profiles.every((p: { sort: string }) => p.sort === 'INS_STACK')).to.equal(true);
    const [transport] = ok(await admin.get('/api/objects/sorts', { query: { sort: 'SIPST_STACK' } }));
    const noted = await admin.put('/api/objects/note/set', { query: { id: transport.id }, body: 'documented note' });
    expect(noted.status, noted.text).to.equal(200);
    const object = ok(await admin.get('/api/objects/get', { query: { id: transport.id } }));
    expectShape(object, EXAMPLES.object);
    expectStringScalars(object);
    expect(object.metaData.anynodefe.note).to.equal('documented note');
  });

  it('call history export: the documented template renders the four fields as JSON; the record limits', async () => {
    for (let second = 0; second < 40; second += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
    await gateway.get(BatchingMonitorSinks).flush();
    const exported = await admin.post('/app/monitor/callhistory/export/v0', {
      form: { filterDateTimePeriod: 'THIS_MONTH', filterCount: '5', template: EXPORT_TEMPLATE },
    });
    expect(exported.status, exported.text).to.equal(200);
    const sessions = JSON.parse(exported.text) as unknown[];
    expect(sessions.length, 'the demo carried calls').to.be.within(1, 5);
    expectShape(sessions, [
      { startDateTime: '', inboundSourceDialString: '', outboundDestinationDialString: '', sessionIdentifier: '' },
    ]);
    const none = await admin.post('/app/monitor/callhistory/export/v0', {
      form: { filterDateTimePeriod: 'THIS_MONTH', filterSystemIdentifier: 'no-such-system', template: EXPORT_TEMPLATE },
    });
    expect(JSON.parse(none.text)).to.deep.equal([]);
    expect(ok(await admin.get('/api/monitorCallHistoryConfig/get'))).to.include({ maximumRecords: 500000 });
    for (const [maximumRecords, status] of [
      [10000, 200],
      [2147483647, 200],
      [9999, 400],
      [2147483648, 400],
    ] as const) {
      const set = await admin.post('/api/monitorCallHistoryConfig/set', { json: { enabled: true, maximumRecords } });
      expect(set.status, `${maximumRecords}: ${set.text}`).to.equal(status);
    }
  });
});
