import { expect } from 'chai';
import { GatewayClient, GatewayError, isGatewayError, type GatewaySchemas } from '@gwsim/client';
import { checkedFetch } from '../../support/ResponseSchemas.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { PROFILES } from '../configuration/nodesSupport.js';

const OPERATOR_PASSWORD = 'Operator-Pw-2718!';
const CARRIER_PASSWORD = 'Trunk-Secret-4711';

const CONFIGURATOR: GatewaySchemas['PermissionsDto'] = {
  api: 'ACCESS',
  userInterface: 'NO_ACCESS',
  tracing: 'NO_ACCESS',
  administration: 'NO_ACCESS',
  mediaRecording: 'NO_ACCESS',
  configurationMode: 'READ_WRITE_ACCESS',
  userManagement: 'NO_ACCESS',
  monitoringMode: 'READ_ACCESS',
  webServer: 'NO_ACCESS',
  backends: 'NO_ACCESS',
};

async function refusal(work: Promise<unknown>): Promise<GatewayError> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, 'the call was expected to be refused').to.be.instanceOf(GatewayError);
  return outcome as GatewayError;
}

describe('an operator walkthrough through @gwsim/client (typed from /openapi.json)', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  before(async () => {
    gateway = await TestGateway.start();
  });
  after(() => gateway.stop());

  it('an administrator makes a role and an operator; the operator builds nodes and routing, commits, and is refused what its role lacks', async () => {
    const admin = new GatewayClient({
      baseUrl: gateway.baseUrl,
      fetch: checkedFetch,
      username: 'anadmin',
      password: ADMIN_PASSWORD,
    });
    expect((await admin.sim.get('/_sim/ready')).status).to.equal('ready');
    const versions = await admin.get('/api/version/get');
    expect(versions.core?.versionMajor).to.be.a('number');
    expect(admin.session.sessionId, 'the session cookie is kept after the first call').to.be.a('string');

    // 1. a role and a user (administrator)
    const role = await admin.put('/api/roles/add', {
      json: { id: 'configurator', displayName: 'Configurator', permissions: CONFIGURATOR },
    });
    expect(role).to.deep.equal({ id: 'configurator', displayName: 'Configurator', permissions: CONFIGURATOR });
    const duplicate = await refusal(
      admin.put('/api/roles/add', { json: { id: 'configurator', permissions: CONFIGURATOR } }),
    );
    expect(duplicate.status).to.equal(409);
    const operatorUser = await admin.post('/api/users/add', {
      json: {
        displayName: 'Olga Operator',
        loginLocally: true,
        localUsername: 'olga',
        localPassword: OPERATOR_PASSWORD,
        enabled: true,
        passwordChange: 'NOT_NECESSARY',
        roleIds: [role.id],
      },
    });
    expect(operatorUser).to.include({ displayName: 'Olga Operator', enabled: true });
    expect((await admin.get('/api/users/get')).map((u) => u.displayName)).to.include('Olga Operator');
    const invalid = await refusal(
      admin.post('/api/users/add', {
        json: {
          displayName: 'Bad',
          roleIds: ['no-such-role'],
          loginLocally: true,
          localUsername: 'bad',
          localPassword: OPERATOR_PASSWORD,
        },
      }),
    );
    expect(invalid.status).to.be.within(400, 409);
    expect(invalid.details.length).to.be.greaterThan(0);

    // 2. the operator logs in with its own credentials; user management is not in its role
    const operator = new GatewayClient({
      baseUrl: gateway.baseUrl,
      fetch: checkedFetch,
      username: 'olga',
      password: OPERATOR_PASSWORD,
    });
    const denied = await refusal(operator.get('/api/users/get'));
    expect(isGatewayError(denied, 'PERMISSION_DENIED')).to.equal(true);
    expect(denied.details.map((d) => d.field)).to.include('userManagement');
    const wrong = new GatewayClient({
      baseUrl: gateway.baseUrl,
      fetch: checkedFetch,
      username: 'olga',
      password: 'not-her-password',
    });
    expect((await refusal(wrong.get('/api/version/get'))).status).to.equal(401);

    // 3. nodes: a PBX and two carriers from profiles
    const [pbx] = await operator.post('/api/nodes/addSystem', {
      query: { profile: PROFILES.genericPbx },
      json: { displayName: 'PBX Berlin', udpTcpPort: 5070, tlsPort: 5071 },
    });
    const [carrierA] = await operator.post('/api/nodes/addProvider', {
      query: { profile: PROFILES.telekomDe },
      json: {
        displayName: 'Carrier A',
        credentials: { username: 'acme-trunk', password: CARRIER_PASSWORD },
        udpTcpPort: 5080,
        tlsPort: 5081,
      },
    });
    const [carrierB] = await operator.post('/api/nodes/addProvider', {
      query: { profile: PROFILES.genericCarrier },
      json: {
        displayName: 'Carrier B',
        credentials: { username: 'acme-backup', password: 'Backup-Secret-0815' },
        udpTcpPort: 5090,
        tlsPort: 5091,
      },
    });
    const nodes = await operator.get('/api/nodes/get');
    expect(nodes.map((n) => n.displayName)).to.include.members(['PBX Berlin', 'Carrier A', 'Carrier B']);
    expect(JSON.stringify(nodes)).to.not.contain(CARRIER_PASSWORD);

    // 4. routing: a forward profile, a routing domain, a route with failover from the PBX to the carriers
    const profile = await operator.post('/api/routingForwardProfiles/add', {
      json: {
        displayName: 'Trunk forwarding',
        earlyMediaPassThrough: true,
        announcementIncoming: false,
        announcementOutgoing: false,
        removeCoreFromSignalingPath: false,
        signalingForwardingFromCallingToCalled: { ADDRESS: true },
        signalingForwardingFromCalledToCalling: { ADDRESS: true },
      },
    });
    const domain = await operator.post('/api/routingDomains/add', {
      json: { displayName: 'Main', sourceNodes: [pbx!.id, carrierA!.id, carrierB!.id] },
    });
    const route = await operator.post('/api/routingDomains/routes/add', {
      query: { routingDomain: 'Main', mode: 'establishment' },
      json: {
        displayName: 'national via carriers',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: carrierA!.id,
              routingForwardProfileId: profile.id,
              failoverStatusMatch: { telStatusList: ['ERROR'], sipStatusCodes: '408,480-486,500-599' },
            },
            { destinationNodeId: carrierB!.id, routingForwardProfileId: '' },
          ],
        },
        filters: [{ sourceNodeIds: [pbx!.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
      },
    });
    expect(route.displayName).to.equal('national via carriers');
    const routes = await operator.get('/api/routingDomains/routes/get', { query: { routingDomain: domain.id } });
    expect(JSON.stringify(routes)).to.contain('national via carriers');
    const badRoute = await refusal(
      operator.post('/api/routingDomains/routes/add', {
        query: { routingDomain: 'No such domain' },
        json: { displayName: 'x', enabled: true },
      }),
    );
    expect(badRoute.status).to.be.within(400, 404);

    // 5. commit, then the state is COMMITTED for both users
    expect((await operator.get('/api/coreConfig/status/get')).state).to.not.equal('COMMITTED');
    expect(await operator.post('/api/coreConfig/commit')).to.equal(undefined);
    expect((await operator.get('/api/coreConfig/status/get')).state).to.equal('COMMITTED');
    expect((await admin.get('/api/coreConfig/status/get')).state).to.equal('COMMITTED');

    // 6. a backup download comes back as a file; a session that ended is replaced by a new Basic login
    const backup = await admin.get('/api/coreConfig/get');
    expect(backup.content.byteLength).to.be.greaterThan(100);
    expect(backup.filename).to.match(/\.xzconfig$/);
    admin.session.forget();
    expect((await admin.get('/api/nodes/get')).length).to.equal(nodes.length);
  });
});
