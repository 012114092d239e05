import { expect } from 'chai';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { LabLeases } from '../../../src/shared/application/LabLeases.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { installDemo, startDemoTraffic } from '../../../src/app/demo/DemoLoader.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ApiClient } from '../../support/ApiClient.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { freePort } from '../../support/processSupport.js';
import { durableStores } from '../../support/testStores.js';
import { addLocalUser } from '../identity/identitySupport.js';

const PBX_PROFILE = '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1';

function labClient(gateway: TestGateway, lab: string, username = 'anadmin', password = ADMIN_PASSWORD): ApiClient {
  return new ApiClient(`${gateway.baseUrl}/labs/${lab}`, { username, password });
}

async function nodeNames(client: ApiClient): Promise<string[]> {
  const answer = await client.get('/api/nodes/get');
  expect(answer.status, answer.text).to.equal(200);
  return (answer.json as Array<{ displayName: string }>).map((node) => node.displayName);
}

for (const store of ['memory', 'database'] as const) {
  describe(`labs (/_sim/labs, /labs/{lab}/api) on the ${store === 'memory' ? 'in-memory stores' : 'database store'}`, function () {
    this.timeout(120_000);
    let gateway: TestGateway;
    let admin: ApiClient;
    beforeEach(async () => {
      gateway = await TestGateway.start({ store });
      admin = gateway.admin();
    });
    afterEach(() => gateway.stop());

    it('makes a lab with the factory configuration and its own administrator, lists it, and refuses bad or taken names', async () => {
      expect((await admin.get('/_sim/labs')).json.labs.map((l: { name: string }) => l.name)).to.deep.equal(['default']);
      const made = await admin.post('/_sim/labs', { json: { name: 'training', displayName: 'Training room 1' } });
      expect(made.status, made.text).to.equal(200);
      expect(made.json).to.include({ name: 'training', displayName: 'Training room 1', apiBase: '/labs/training/api' });
      expect((await admin.get('/_sim/labs')).json.labs.map((l: { name: string }) => l.name)).to.deep.equal([
        'default',
        'training',
      ]);
      expect((await admin.get('/_sim/labs/training')).json.name).to.equal('training');

      const training = labClient(gateway, 'training');
      expect(await nodeNames(training)).to.deep.equal(await nodeNames(admin));
      expect((await training.get('/api/coreConfig/status/get')).json).to.include({ state: 'COMMITTED' });

      for (const [json, status, field] of [
        [{ name: 'training' }, 409, 'name'],
        [{ name: 'default' }, 409, 'name'],
        [{ name: 'Bad Name' }, 400, 'name'],
        [{ name: '-x' }, 400, 'name'],
        [{}, 400, 'name'],
        [{ name: null, displayName: 'no name' }, 400, 'name'],
        [{ name: 'x'.repeat(33) }, 400, 'name'],
        [{ name: 'ok', displayName: 7 }, 400, 'displayName'],
      ] as const) {
        const answer = await admin.post('/_sim/labs', { json });
        expect(answer.status, `${JSON.stringify(json)}: ${answer.text}`).to.equal(status);
        expect(JSON.stringify(answer.json.error.details)).to.contain(field);
      }
      expect((await admin.get('/_sim/labs/nope')).json.error.code).to.equal('LAB_NOT_FOUND');
      expect((await admin.delete('/_sim/labs/default')).status).to.equal(409);
      const unknown = await labClient(gateway, 'nope').get('/api/nodes/get');
      expect(unknown.status).to.equal(404);
      expect(unknown.json.error.code).to.equal('LAB_NOT_FOUND');
      // a lab's session cookie is for the lab's paths: one browser holds a session per lab
      const basic = `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}`;
      const labCookie = (
        await fetch(`${gateway.baseUrl}/labs/training/api/nodes/get?version=0`, { headers: { authorization: basic } })
      ).headers.get('set-cookie');
      expect(labCookie).to.match(/^JSESSIONID=[\w-]+; path=\/labs\/training\/;/);
      const defaultCookie = (
        await fetch(`${gateway.baseUrl}/api/nodes/get?version=0`, { headers: { authorization: basic } })
      ).headers.get('set-cookie');
      expect(defaultCookie).to.match(/^JSESSIONID=[\w-]+; path=\/;/);
      const both = `${labCookie!.split(';')[0]}; ${defaultCookie!.split(';')[0]}`;
      expect(
        (await fetch(`${gateway.baseUrl}/labs/training/api/nodes/get?version=0`, { headers: { cookie: both } })).status,
        "the lab's cookie opens the lab",
      ).to.equal(200);
      expect(
        (await fetch(`${gateway.baseUrl}/api/nodes/get?version=0`, { headers: { cookie: both } })).status,
        "the default lab's cookie opens the default lab",
      ).to.equal(200);
      expect(
        (
          await fetch(`${gateway.baseUrl}/labs/training/api/nodes/get?version=0`, {
            headers: { cookie: defaultCookie!.split(';')[0] },
          })
        ).status,
        'but not another lab',
      ).to.equal(401);
      // the lab API is for the lab's users; the control API for the default lab's administrators
      expect((await new ApiClient(gateway.baseUrl).get('/_sim/labs')).status).to.equal(401);
    });

    it("serves a lab's live endpoints the moment its creation is answered, a lab made again under a removed one's name too", async () => {
      for (let round = 0; round < 3; round++) {
        const made = await admin.post('/_sim/labs', { json: { name: `live${store === 'memory' ? round : ''}` } });
        expect(made.status, made.text).to.equal(200);
        const name = made.json.name as string;
        // (on a PostgreSQL server: the process that made it holds its lease, so every process forwards its live requests here)
        expect(gateway.get(LabLeases).holds(name as LabId), 'the process that made the lab runs it').to.equal(true);
        const answers = await Promise.all([
          admin.get(`/_sim/labs/${name}/traffic`, { version: null }),
          admin.get(`/_sim/labs/${name}/sip`, { version: null }),
          admin.get(`/_sim/labs/${name}/traffic/series`, { version: null }),
          admin.get(`/_sim/labs/${name}/journal`, { version: null }),
          labClient(gateway, name).post('/api/activeSessions/get', { json: {} }),
        ]);
        for (const answer of answers)
          expect(answer.status, `round ${round}: ${answer.text.slice(0, 200)}`).to.equal(200);
        if (store === 'database') expect((await admin.delete(`/_sim/labs/${name}`)).status).to.equal(200);
      }
    });

    it('keeps two labs apart: configuration, users, clock, traffic and journal', async () => {
      expect((await admin.post('/_sim/labs', { json: { name: 'training' } })).status).to.equal(200);
      const training = labClient(gateway, 'training');
      // configuration
      const added = await training.post('/api/nodes/addSystem', {
        version: 3,
        query: { profile: PBX_PROFILE },
        json: { displayName: 'Lab PBX', udpTcpPort: 5070, tlsPort: 5071 },
      });
      expect(added.status, added.text).to.equal(200);
      expect(await nodeNames(training)).to.include('Lab PBX');
      expect(await nodeNames(admin)).to.not.include('Lab PBX');
      // users: one made in the default lab does not exist in the other
      await addLocalUser(admin, 'trainer', 'Trainer-Pass-1357', { roleIds: ['ADMINISTRATOR'] });
      expect((await gateway.client('trainer', 'Trainer-Pass-1357').get('/api/nodes/get')).status).to.equal(200);
      expect(
        (await labClient(gateway, 'training', 'trainer', 'Trainer-Pass-1357').get('/api/nodes/get')).status,
      ).to.equal(401);
      // clock: the lab's own
      const frozen = await admin.put('/_sim/labs/training/clock', {
        json: { mode: 'frozen', now: '2030-01-01T00:00:00Z' },
      });
      expect(frozen.status, frozen.text).to.equal(200);
      expect(
        (await training.post('/api/activeSessions/get', { query: { dateFormat: 'ISO-8601' }, json: {} })).json
          .lastUpdated,
      ).to.equal('2030-01-01T00:00:00.000Z');
      expect(
        (await admin.post('/api/activeSessions/get', { query: { dateFormat: 'ISO-8601' }, json: {} })).json.lastUpdated,
      ).to.equal(gateway.clock.now().toISOString());
      expect((await admin.get('/_sim/labs/default/clock')).json.mode).to.equal('real');
      // traffic: started in one lab only
      expect((await admin.put('/_sim/labs/training/traffic', { json: { running: true } })).json.running).to.equal(true);
      expect((await admin.get('/_sim/labs/default/traffic')).json.running).to.equal(false);
      // journal: each lab records its own requests
      const journal = async (lab: string) =>
        (
          (await admin.get(`/_sim/labs/${lab}/journal`, { query: { path: '/api/nodes/addSystem' } })).json
            .entries as unknown[]
        ).length;
      expect(await journal('training')).to.equal(1);
      expect(await journal('default')).to.equal(0);
      // the committed view of each lab
      expect(((await admin.get('/_sim/labs/training/gateway')).json.nodes as unknown[]).length).to.equal(
        ((await admin.get('/_sim/labs/default/gateway')).json.nodes as unknown[]).length,
      );
    });

    it("serves a lab made with a port at that port's root, with a cookie for it, and closes the port with the lab", async () => {
      const port = await freePort();
      const made = await admin.post('/_sim/labs', { json: { name: 'fixed', port } });
      expect(made.status, made.text).to.equal(200);
      expect(made.json.port).to.equal(port);
      const atPort = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: ADMIN_PASSWORD });
      const node = await atPort.post('/api/nodes/addSystem', {
        version: 3,
        query: { profile: PBX_PROFILE },
        json: { displayName: 'Port PBX', udpTcpPort: 5070, tlsPort: 5071 },
      });
      expect(node.status, node.text).to.equal(200);
      expect(await nodeNames(labClient(gateway, 'fixed')), 'the port serves the lab').to.include('Port PBX');
      expect(await nodeNames(admin)).to.not.include('Port PBX');
      const basic = `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}`;
      const cookie = (
        await fetch(`http://127.0.0.1:${port}/api/nodes/get?version=0`, { headers: { authorization: basic } })
      ).headers.get('set-cookie');
      expect(cookie).to.match(/^JSESSIONID=[\w-]+; path=\/;/);
      expect(
        (
          await fetch(`http://127.0.0.1:${port}/api/nodes/get?version=0`, {
            headers: { cookie: cookie!.split(';')[0]! },
          })
        ).status,
      ).to.equal(200);

      const taken = await admin.post('/_sim/labs', { json: { name: 'other', port } });
      expect(taken.status).to.equal(409);
      expect(taken.json.error.code).to.equal('PORT_IN_USE');
      const mainPort = Number(new URL(gateway.baseUrl).port);
      const busy = await admin.post('/_sim/labs', { json: { name: 'other', port: mainPort } });
      expect(busy.status, busy.text).to.equal(409);
      expect(JSON.stringify(busy.json.error.details)).to.contain('port');
      expect((await admin.get('/_sim/labs/other')).status, 'a lab whose port cannot be had is not made').to.equal(404);
      expect((await admin.post('/_sim/labs', { json: { name: 'other', port: 70000 } })).status).to.equal(400);

      expect((await admin.delete('/_sim/labs/fixed')).status).to.equal(200);
      let refused = false;
      try {
        await fetch(`http://127.0.0.1:${port}/api/nodes/get?version=0`);
      } catch {
        refused = true;
      }
      expect(refused, 'the port closes with the lab').to.equal(true);
    });

    it('resets a lab (and the default lab) to what a new lab holds, keeping its name and the other labs', async () => {
      expect((await admin.post('/_sim/labs', { json: { name: 'course', displayName: 'Course' } })).status).to.equal(
        200,
      );
      const course = labClient(gateway, 'course');
      const factory = await nodeNames(course);
      expect(
        (
          await course.post('/api/nodes/addSystem', {
            version: 3,
            query: { profile: PBX_PROFILE },
            json: { displayName: 'Course PBX', udpTcpPort: 5070, tlsPort: 5071 },
          })
        ).status,
      ).to.equal(200);
      await addLocalUser(course, 'student', 'Student-Pass-1357', { roleIds: ['ADMINISTRATOR'] });
      await admin.put('/_sim/labs/course/clock', { json: { mode: 'frozen' } });
      await admin.post('/_sim/labs/course/faults', {
        json: { match: { operation: 'roles/get' }, effect: { status: 500 } },
      });
      expect(
        (await admin.post('/_sim/labs/course/reset', { json: { to: 'snapshot-1' } })).json.error.details[0].field,
      ).to.equal('to');
      const reset = await admin.post('/_sim/labs/course/reset', { json: { to: 'empty' } });
      if (store === 'memory') {
        expect(reset.status, reset.text).to.equal(409);
        expect(reset.json.error.code).to.equal('RESET_UNAVAILABLE');
        return;
      }
      expect(reset.status, reset.text).to.equal(200);
      expect(reset.json).to.include({ name: 'course', displayName: 'Course' });
      expect(await nodeNames(course)).to.deep.equal(factory);
      expect(
        (await labClient(gateway, 'course', 'student', 'Student-Pass-1357').get('/api/nodes/get')).status,
        'its users are gone',
      ).to.equal(401);
      expect((await admin.get('/_sim/labs/course/clock')).json.mode).to.equal('real');
      expect((await admin.get('/_sim/labs/course/faults')).json.rules).to.deep.equal([]);
      // the default lab too, the administrator signing in again with the configured password
      expect(
        (
          await admin.post('/api/nodes/addSystem', {
            version: 3,
            query: { profile: PBX_PROFILE },
            json: { displayName: 'Default PBX', udpTcpPort: 5070, tlsPort: 5071 },
          })
        ).status,
      ).to.equal(200);
      expect((await admin.post('/_sim/labs/default/reset', { json: { to: 'empty' } })).status).to.equal(200);
      expect(await nodeNames(gateway.admin())).to.deep.equal(factory);
      expect((await admin.get('/_sim/labs')).json.labs.map((l: { name: string }) => l.name)).to.deep.equal([
        'default',
        'course',
      ]);
    });

    it('removes a lab and everything it holds, leaving the others as they were', async () => {
      expect((await admin.post('/_sim/labs', { json: { name: 'scratch' } })).status).to.equal(200);
      const scratch = labClient(gateway, 'scratch');
      // calls carried in the lab, in its history
      // the demo, installed into the lab as into a new gateway (configuration import, commit, license, traffic)
      expect(await installDemo(gateway.simulator.container, 'scratch' as LabId)).to.equal(true);
      expect((await startDemoTraffic(gateway.simulator.container, true, 'scratch' as LabId)).trafficRunning).to.equal(
        true,
      );
      const node = await scratch.post('/api/nodes/addSystem', {
        version: 3,
        query: { profile: PBX_PROFILE },
        json: { displayName: 'Scratch PBX', udpTcpPort: 5170, tlsPort: 5171 },
      });
      expect(node.status, node.text).to.equal(200);
      for (let s = 0; s < 120; s += 5) {
        gateway.clock.advance(5000);
        await gateway.get(TrafficLabs).advance('scratch' as LabId);
      }
      await gateway.get(BatchingMonitorSinks).flush();
      const history = async () => (await scratch.post('/api/callHistory/get', { json: {} })).json.totalCount as number;
      const carried = (await admin.get('/_sim/labs/scratch/traffic')).json.counters.started as number;
      expect(carried, 'calls arrived in the lab').to.be.greaterThan(0);
      expect(
        (await admin.post('/api/callHistory/get', { json: {} })).json.totalCount,
        'none of them in the default lab',
      ).to.equal(0);
      const defaultNodes = await nodeNames(admin);
      const removed = await admin.delete('/_sim/labs/scratch');
      expect(removed.status, removed.text).to.equal(200);
      expect(removed.json.name).to.equal('scratch');
      expect((await scratch.get('/api/nodes/get')).json.error.code).to.equal('LAB_NOT_FOUND');
      expect((await admin.get('/_sim/labs/scratch/traffic')).status).to.equal(404);
      expect(await nodeNames(admin)).to.deep.equal(defaultNodes);
      expect((await admin.get('/_sim/labs')).json.labs.map((l: { name: string }) => l.name)).to.deep.equal(['default']);
      const again = await admin.post('/_sim/labs', { json: { name: 'scratch' } });
      if (store === 'memory') {
        expect(again.status, "the in-memory stores cannot reuse a removed lab's name").to.equal(409);
        expect(again.json.error.code).to.equal('LAB_NAME_USED');
      } else {
        expect(again.status, again.text).to.equal(200);
        expect(
          await nodeNames(scratch),
          'a lab made again under the name starts from the factory configuration',
        ).to.not.include('Scratch PBX');
        expect((await admin.get('/_sim/labs/scratch/traffic')).json.running).to.equal(false);
        expect(await history(), "the removed lab's call history went with it").to.equal(0);
      }
    });
  });
}

describe('labs across a restart', function () {
  this.timeout(120_000);
  for (const store of durableStores()) {
    it(`keeps the labs, their data and their ports on ${store.name}`, async () => {
      try {
        const port = await freePort();
        const first = await TestGateway.start({ config: store.config });
        try {
          expect(
            (await first.admin().post('/_sim/labs', { json: { name: 'kept', displayName: 'Kept lab', port } })).status,
          ).to.equal(200);
          expect(
            (
              await labClient(first, 'kept').post('/api/nodes/addSystem', {
                version: 3,
                query: { profile: PBX_PROFILE },
                json: { displayName: 'Kept PBX', udpTcpPort: 5070, tlsPort: 5071 },
              })
            ).status,
          ).to.equal(200);
          const rule = await first
            .admin()
            .post('/_sim/labs/kept/faults', { json: { match: { operation: 'roles/get' }, effect: { status: 503 } } });
          expect(rule.status, rule.text).to.equal(200);
          const used = await first.admin().post('/_sim/labs/kept/faults', {
            json: { match: { operation: 'users/get' }, effect: { status: 500 }, count: 1 },
          });
          expect(used.status, used.text).to.equal(200);
          expect((await labClient(first, 'kept').get('/api/users/get')).status, 'the count-1 rule is used up').to.equal(
            500,
          );
          const traffic = await first
            .admin()
            .put('/_sim/labs/kept/traffic', { json: { running: true, profile: { callsPerSecond: 3 } } });
          expect(traffic.status, traffic.text).to.equal(200);
        } finally {
          await first.stop();
        }
        const again = await TestGateway.start({ config: store.config, keepData: true });
        try {
          expect((await again.admin().get('/_sim/labs/kept')).json).to.include({ displayName: 'Kept lab', port });
          expect(await nodeNames(labClient(again, 'kept'))).to.include('Kept PBX');
          const atPort = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: ADMIN_PASSWORD });
          expect(await nodeNames(atPort), 'its port serves it again').to.include('Kept PBX');
          const rules = (await again.admin().get('/_sim/labs/kept/faults')).json.rules as Array<{
            match: { operation?: string };
          }>;
          expect(
            rules.map((rule) => rule.match.operation),
            'its fault rules are kept; a used-up one is not brought back',
          ).to.deep.equal(['roles/get']);
          expect((await labClient(again, 'kept').get('/api/roles/get')).status).to.equal(503);
          expect((await labClient(again, 'kept').get('/api/users/get')).status).to.equal(200);
          const traffic = (await again.admin().get('/_sim/labs/kept/traffic')).json;
          expect(traffic.running, 'the traffic it ran resumes').to.equal(true);
          expect(traffic.profile.callsPerSecond).to.equal(3);
        } finally {
          await again.stop();
        }
      } finally {
        await store.dispose();
      }
    });
  }
});
