import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { CommittedGateway } from '../../../src/contexts/configuration/index.js';
import { LicensedCapacity } from '../../../src/contexts/licensing/index.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { DEMO_LICENSE_IDENTIFIER, loadDemo } from '../../../src/app/demo/DemoLoader.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestGateway } from '../../support/TestGateway.js';
import { ApiClient } from '../../support/ApiClient.js';
import { exitWithin, freePort, run, waitUntilServing } from '../../support/processSupport.js';

describe('the demo (npm start without --no-demo)', function () {
  this.timeout(60_000);

  it('installs the demo configuration, committed, and a lab license into a lab with the factory configuration', async () => {
    const gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    try {
      expect(gateway.simulator.demo).to.deep.equal({ installed: true, active: true, trafficRunning: true });
      const admin = gateway.admin();
      const nodes = (await admin.get('/api/nodes/get')).json as Array<{ displayName: string }>;
      expect(nodes.map((n) => n.displayName)).to.include.members(['PBX Berlin', 'Carrier A', 'Carrier B']);
      expect((await admin.get('/api/coreConfig/status/get')).json).to.include({
        state: 'COMMITTED',
        hasUncommittedChanges: false,
      });
      const licenses = (await admin.get('/api/licenses/get')).json;
      expect(JSON.stringify(licenses)).to.contain(DEMO_LICENSE_IDENTIFIER);
      expect(await gateway.get(LicensedCapacity).facility(DEFAULT_LAB, 'telrtSession')).to.equal(30);

      const plan = await gateway.get(CommittedGateway).plan(DEFAULT_LAB);
      expect(plan.sourceNodes.map((n) => n.displayName).sort()).to.deep.equal(['Carrier A', 'Carrier B', 'PBX Berlin']);
      const pbx = plan.sourceNodes.find((n) => n.displayName === 'PBX Berlin')!;
      const routed = plan.route({ sourceNodeId: pbx.id, source: '200', destination: '030123456' })!;
      expect(routed.match.targets.map((t) => plan.nodes.get(t.destinationNodeId)!.displayName)).to.deep.equal([
        'Carrier A',
        'Carrier B',
      ]);
      expect(routed.match.targets[0]!.dialStrings.destination).to.equal('+4930123456');

      // the demo traffic runs on the committed demo configuration: sessions appear within a couple of minutes
      gateway.clock.advanceSeconds(120);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
      const active = await admin.post('/api/activeSessions/get', { json: {} });
      expect(active.status, active.text).to.equal(200);
      const sessions = active.json.activeSessions as Array<{ incoming: { nodeId: string } }>;
      expect(sessions.length, 'sessions in progress after two minutes of demo traffic')
        .to.be.greaterThan(3)
        .and.at.most(30);
      expect(
        new Set(sessions.map((s) => s.incoming.nodeId)).size,
        'calls enter on more than one node',
      ).to.be.greaterThan(1);

      // a later start finds the demo in place and installs nothing again
      expect(await loadDemo(gateway.simulator.container)).to.deep.equal({
        installed: false,
        active: true,
        trafficRunning: true,
      });
    } finally {
      await gateway.stop();
    }
  });

  it('never overwrites a configuration an operator changed, and is off unless asked for', async () => {
    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      expect(gateway.simulator.demo).to.equal(undefined);
      const admin = gateway.admin();
      expect(
        (
          await admin.post('/api/nodes/addSystem', {
            version: 3,
            query: { profile: '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1' },
            json: { displayName: 'My PBX', udpTcpPort: 5070, tlsPort: 5071 },
          })
        ).status,
      ).to.equal(200);
      expect(await loadDemo(gateway.simulator.container)).to.deep.equal({
        installed: false,
        active: false,
        trafficRunning: false,
      });
      const nodes = (await admin.get('/api/nodes/get')).json as Array<{ displayName: string }>;
      expect(nodes.map((n) => n.displayName))
        .to.include('My PBX')
        .and.not.include('PBX Berlin');
    } finally {
      await gateway.stop();
    }
  });

  it("gwsim serve answers before the monitor's own store is open, reports the monitor starting, and carries the demo once it is", async function () {
    this.timeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-demo-'));
    const port = await freePort();
    const running = run({
      PORT: String(port),
      GWSIM_DATA_DIR: dir,
      GWSIM_ADMIN_PASSWORD: 'Demo-Start-1',
      LOG_LEVEL: 'warn',
    });
    try {
      const admin = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: 'Demo-Start-1' });
      await waitUntilServing(admin, running, 60_000);
      // the demo's configuration is in place from the first answer on
      const nodes = (await admin.get('/api/nodes/get')).json as Array<{ displayName: string }>;
      expect(nodes.map((n) => n.displayName)).to.include.members(['PBX Berlin', 'Carrier A', 'Carrier B']);
      // while the monitor's store opens, its reads say so; they never fail otherwise
      const history = await admin.post('/api/callHistory/get', { json: {} });
      if (history.status !== 200) {
        expect(history.status, history.text).to.equal(503);
        expect(history.json.error).to.include({ code: 'MONITOR_UNREACHABLE' });
        expect(history.json.error.message).to.contain('starting');
      }
      let ready = await admin.get('/_sim/ready');
      for (const started = Date.now(); ready.status !== 200 && Date.now() - started < 60_000;) {
        expect(ready.status, ready.text).to.equal(503);
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await admin.get('/_sim/ready');
      }
      expect(ready.status, `ready once the monitor is open: ${ready.text}`).to.equal(200);
      expect((await admin.post('/api/callHistory/get', { json: {} })).status).to.equal(200);
      const version = (await admin.get('/api/version/get')).json as { monitor: unknown };
      expect(version.monitor, 'the monitor reports its version once open').to.be.an('object');
      // the demo traffic runs: a call is in progress within a minute at 0.4 calls per second
      let sessions = 0;
      for (const started = Date.now(); sessions === 0 && Date.now() - started < 60_000;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const active = await admin.post('/api/activeSessions/get', { json: {} });
        expect(active.status, active.text).to.equal(200);
        sessions = (active.json.activeSessions as unknown[]).length;
      }
      expect(sessions, 'demo calls in progress').to.be.greaterThan(0);
      running.child.kill('SIGTERM');
      expect(await exitWithin(running, 30_000), running.output()).to.equal(0);
    } finally {
      running.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
