import { expect } from 'chai';
import { DEFAULT_LAB, type LabId } from '../../../src/shared/domain/LabId.js';
import { DEMO_LICENSE_IDENTIFIER, installDemo, startDemoTraffic } from '../../../src/app/demo/DemoLoader.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ApiClient } from '../../support/ApiClient.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { expectError } from '../../support/expectError.js';

function labClient(gateway: TestGateway, lab: string): ApiClient {
  return new ApiClient(lab === DEFAULT_LAB ? gateway.baseUrl : `${gateway.baseUrl}/labs/${lab}`, {
    username: 'anadmin',
    password: ADMIN_PASSWORD,
  });
}

/** What a lab's gateway shows of the demo: its nodes, committed configuration, licenses, traffic and clock. */
async function seen(gateway: TestGateway, lab: string) {
  const client = labClient(gateway, lab);
  const admin = gateway.admin();
  const nodes = ((await client.get('/api/nodes/get')).json as Array<{ displayName: string }>).map((n) => n.displayName);
  const status = (await client.get('/api/coreConfig/status/get')).json as Record<string, unknown>;
  const licenses = ((await client.get('/api/licenses/get')).json as Array<{ identifier: string; status: string }>).map(
    (l) => `${l.identifier} ${l.status}`,
  );
  const traffic = (await admin.get(`/_sim/labs/${lab}/traffic`)).json as {
    running: boolean;
    profile: { callsPerSecond: number };
  };
  const clock = (await admin.get(`/_sim/labs/${lab}/clock`)).json as { mode: string; offsetSeconds: number };
  const maintenance = (await client.get('/api/maintenanceMode/get')).json as { modeActive: boolean };
  return {
    nodes: nodes.sort(),
    state: status['state'],
    committedObjectCount: status['committedObjectCount'],
    licenses,
    trafficRunning: traffic.running,
    callsPerSecond: traffic.profile?.callsPerSecond,
    clock: `${clock.mode} ${clock.offsetSeconds}`,
    maintenance: maintenance.modeActive,
  };
}

describe('reset a lab to the demo (POST /_sim/labs/{lab}/reset {"to": "demo"})', function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  beforeEach(async () => {
    gateway = await TestGateway.start();
  });
  afterEach(() => gateway.stop());

  it('brings a changed lab, the default one too, back to what a fresh start installs: configuration, license, traffic, clock', async () => {
    const admin = gateway.admin();
    // what a fresh start installs, in a lab of its own (as gwsim serve installs it in the default lab)
    expect((await admin.post('/_sim/labs', { json: { name: 'fresh' } })).status).to.equal(200);
    expect(await installDemo(gateway.simulator.container, 'fresh' as LabId)).to.equal(true);
    await startDemoTraffic(gateway.simulator.container, true, 'fresh' as LabId);
    const demo = await seen(gateway, 'fresh');
    expect(demo.nodes).to.include('PBX Berlin');
    expect(demo.licenses).to.deep.equal([`${DEMO_LICENSE_IDENTIFIER} ACTIVE`]);
    expect(demo.trafficRunning).to.equal(true);

    // the default lab (the factory configuration here) changed every way a trainee changes it
    await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } });
    await admin.put('/_sim/labs/default/clock', { json: { mode: 'scaled', scale: 60, now: '2026-11-24T09:00:00Z' } });
    expect(await seen(gateway, DEFAULT_LAB)).to.not.deep.equal(demo);

    const reset = await admin.post('/_sim/labs/default/reset', { json: { to: 'demo' } });
    expect(reset.status, reset.text).to.equal(200);
    expect(reset.json).to.include({ name: 'default', apiBase: '/api' });
    expect(await seen(gateway, DEFAULT_LAB)).to.deep.equal(demo);

    // and a lab made since, twice in a row (the demo installed over a lab that already ran it)
    expect((await admin.post('/_sim/labs', { json: { name: 'course' } })).status).to.equal(200);
    for (let i = 0; i < 2; i += 1) {
      const again = await admin.post('/_sim/labs/course/reset', { json: { to: 'demo' } });
      expect(again.status, again.text).to.equal(200);
      expect(await seen(gateway, 'course')).to.deep.equal(demo);
    }
  });

  it("keeps 'demo' for reset: a snapshot may not take the name", async () => {
    const refused = await gateway.admin().post('/_sim/labs/default/snapshots', { json: { name: 'demo' } });
    expectError(refused, 400, 'INVALID_SNAPSHOT_NAME');
    expect(refused.json.error.details[0].field).to.equal('name');
  });
});
