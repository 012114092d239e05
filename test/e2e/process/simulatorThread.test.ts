import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GATE_REFRESH_MS } from '../../../src/contexts/simulation/calls/application/GatewayGates.js';
import { ApiClient } from '../../support/ApiClient.js';
import {
  exitWithin,
  freePort,
  run,
  waitForOutput,
  waitUntilServing,
  type Running,
} from '../../support/processSupport.js';
import { expectAllPassed, fixture, runSipp, SIPP } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';

const PASSWORD = 'thread-Admin-1';
const SERVED_BY = 'x-gwsim-served-by';
/** The demo's PBX Berlin, where SIPp calls in (docs/sip.md). */
const PBX = '127.0.0.1:5070';

interface Entry {
  inboundDestinationDialString: string;
  result: string;
  sipStatusCode: number;
}

/**
 * `gwsim serve --sip` on the embedded engine with GWSIM_SIMULATOR_THREAD=1: the labs' simulators run in a worker
 * thread of their own, on sessions of the API thread's engines. SIPp's calls are carried there; the live operations
 * are answered there (forwarded, `X-Gwsim-Served-By: simulator-thread`); everything else, the history included, is
 * answered by the API's thread; a change made through the API reaches the simulator at once; a stop ends both, and
 * a restart carries calls again.
 */
describe('gwsim serve with the simulator in a thread of its own (GWSIM_SIMULATOR_THREAD=1)', function () {
  this.timeout(240_000);
  let dir: string;
  let env: Record<string, string>;
  let running: Running | undefined;
  let admin: ApiClient;

  async function start(): Promise<void> {
    running = run(env, ['serve', '--sip']);
    await waitUntilServing(admin, running, 60_000);
    await waitForOutput(running, 'the simulator runs in a thread of its own', 60_000);
    await until(
      async () => {
        const state = await admin.get('/_sim/labs/default/sip', { version: null });
        return (
          state.status === 200 &&
          state.json.listeners.some(
            (l: { nodeName: string; port: number; state: string }) =>
              l.nodeName === 'PBX Berlin' && l.port === 5070 && l.state === 'listening',
          )
        );
      },
      'PBX Berlin listening on 5070',
      30_000,
    );
  }

  async function answeredCalls(): Promise<Entry[]> {
    const calls = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 1000, destinationDialString: '4930123456' },
    });
    expect(calls.status, calls.text).to.equal(200);
    expect(calls.headers.get(SERVED_BY), "the history is read by the API's thread").to.equal(null);
    return (calls.json.entries as Entry[]).filter(
      (entry) => entry.inboundDestinationDialString === '4930123456' && entry.result === 'ANSWERED',
    );
  }

  before(async function () {
    if (!existsSync(SIPP)) this.skip();
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-thread-'));
    const port = await freePort();
    env = {
      PORT: String(port),
      GWSIM_DATA_DIR: path.join(dir, 'data'),
      GWSIM_ADMIN_PASSWORD: PASSWORD,
      GWSIM_KDF_COST: '10',
      LOG_LEVEL: 'info',
      GWSIM_SIMULATOR_THREAD: '1',
    };
    admin = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    await start();
  });

  after(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await exitWithin(running, 20_000).catch(() => undefined);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("carries SIPp's calls in the simulator's thread: the calls in progress are answered there, the history here", async () => {
    let ready = await admin.get('/_sim/ready', { version: null });
    await until(
      async () => (ready = await admin.get('/_sim/ready', { version: null })).status === 200,
      'ready',
      30_000,
    ).catch(() => undefined);
    expect(ready.status, ready.text).to.equal(200);
    expect(ready.json.checks, "ready counts the simulator's thread").to.include({ simulator: 'ok' });
    const before = (await answeredCalls()).length;
    // ten calls held 3 s each, one every 100 ms: several are up at once
    const calls = runSipp({
      scenario: 'uac',
      remote: PBX,
      service: '4930123456',
      calls: 10,
      rate: 10,
      extra: ['-d', '3000'],
      timeoutMs: 60_000,
    });
    let live = 0;
    await until(
      async () => {
        const sessions = await admin.post('/api/activeSessions/get', { json: {} });
        expect(sessions.status, sessions.text).to.equal(200);
        expect(sessions.headers.get(SERVED_BY), "the calls in progress are the simulator thread's").to.equal(
          'simulator-thread',
        );
        live = (sessions.json.activeSessions as unknown[]).length;
        return live > 0;
      },
      'a call in progress',
      20_000,
    );
    expectAllPassed(await calls, 10);
    let answered: Entry[] = [];
    await until(
      async () => (answered = await answeredCalls()).length >= before + 10,
      'ten more answered calls in the history',
      15_000,
    ).catch(() => undefined);
    expect(answered.length, "every call SIPp made is in the history, read by the API's thread").to.equal(before + 10);
    expect(running!.output(), 'neither thread logged an error').to.not.match(/"level":50/);

    // an error the simulator's thread answers names the request id the client was given
    const refused = await admin.post('/api/forwardedSessionRecording/setMute', { json: {} });
    expect(refused.status, refused.text).to.be.within(400, 499);
    expect(refused.headers.get(SERVED_BY)).to.equal('simulator-thread');
    expect(refused.json.error.requestId).to.equal(refused.headers.get('x-request-id'));
  });

  it("follows a change made through the API's thread at once: a user added uses the live operations, maintenance mode and a fault refuse the calls", async () => {
    const added = await admin.post('/api/users/add', {
      json: {
        displayName: 'Thread User',
        enabled: true,
        loginLocally: true,
        localUsername: 'threaduser',
        localPassword: 'Thread-User-Pass-1',
        ldapLogin: null,
        roleIds: ['ADMINISTRATOR'],
      },
    });
    expect(added.status, added.text).to.equal(200);
    const asUser = admin.as('threaduser', 'Thread-User-Pass-1');
    const sessions = await asUser.post('/api/activeSessions/get', { json: {} });
    expect(
      sessions.status,
      `the simulator's thread knows the user the API's thread just added: ${sessions.text}`,
    ).to.equal(200);
    expect(sessions.headers.get(SERVED_BY)).to.equal('simulator-thread');
    expect((await admin.delete('/api/users/remove', { query: { user: 'threaduser' } })).status).to.equal(200);
    expect((await asUser.post('/api/activeSessions/get', { json: {} })).status, 'nor after its removal').to.equal(401);

    expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
    try {
      // the gates reach the calls within GATE_REFRESH_MS of the lab's time, as with the simulator in one thread
      await new Promise((resolve) => setTimeout(resolve, GATE_REFRESH_MS + 250));
      const refused = await runSipp({
        scenario: fixture('uac-expect-status'),
        remote: PBX,
        service: '4930123456',
        calls: 1,
        keys: { status: '503', hold_ms: '100' },
        timeoutMs: 30_000,
      });
      expectAllPassed(refused, 1);
    } finally {
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: false } })).status).to.equal(200);
    }

    // a fault injected through the API's thread: the machine at full load sheds every new call with 503
    const fault = await admin.post('/_sim/labs/default/faults', {
      version: null,
      json: { effect: { kind: 'cpuOverload', loadPercent: 100 } },
    });
    expect(fault.status, fault.text).to.equal(200);
    try {
      await new Promise((resolve) => setTimeout(resolve, GATE_REFRESH_MS + 250));
      expectAllPassed(
        await runSipp({
          scenario: fixture('uac-expect-status'),
          remote: PBX,
          service: '4930123456',
          calls: 1,
          keys: { status: '503', hold_ms: '100' },
          timeoutMs: 30_000,
        }),
        1,
      );
    } finally {
      expect((await admin.delete(`/_sim/labs/default/faults/${fault.json.id}`, { version: null })).status).to.be.oneOf([
        200, 204,
      ]);
    }
  });

  it("runs a scenario's steps on the lab as the simulator's thread has it at each instant (frozen clock: no time to catch up by itself)", async () => {
    expect((await admin.post('/_sim/labs', { version: null, json: { name: 'paced' } })).status).to.equal(200);
    const configuration = readFileSync(path.join(__dirname, '../../../../demo/gateway.xzconfig'));
    const scenario = {
      formatVersion: 1,
      name: 'paced-maintenance',
      seed: {
        configuration: { fileName: 'gateway.xzconfig', contentBase64: configuration.toString('base64') },
        licenses: [{ name: 'Base', sessions: 30, validFrom: '-P1D', validUntil: 'P30D' }],
        traffic: { running: true, profile: { callsPerSecond: 2 } },
        randomSeed: 7,
        clock: { start: '2026-11-24T08:00:00Z', mode: 'frozen' },
      },
      steps: [
        { at: 'PT1M', request: { method: 'PUT', path: '/api/maintenanceMode/set', body: { modeActive: true } } },
        {
          at: 'PT3M',
          name: 'refused since the request step',
          expect: [
            { read: 'GET /_sim/labs/{lab}/traffic', that: [{ path: 'counters.refusedBy.maintenance', atLeast: 100 }] },
            {
              read: 'POST /api/callHistory/get',
              body: { result: 'REJECTED', count: 1000 },
              that: [{ path: 'entries', count: { where: { q850Cause: 42 }, atLeast: 100 } }],
            },
          ],
        },
        { at: 'PT4M', traffic: { running: false } },
        { at: 'PT4M', clock: { advance: 'PT1H' } },
        {
          at: 'PT4M',
          name: 'an hour after the stop, no call left',
          expect: { read: 'GET /_sim/labs/{lab}/traffic', that: [{ path: 'counters.active', equals: 0 }] },
        },
      ],
    };
    const started = await admin.post('/_sim/labs/paced/scenario', { version: null, json: scenario });
    expect(started.status, started.text).to.equal(200);
    let run: { state: string; steps: { status: string; expectations?: unknown }[] } | undefined;
    await until(
      async () => {
        run = (await admin.get('/_sim/labs/paced/scenario', { version: null })).json;
        return run !== undefined && ['passed', 'failed', 'stopped'].includes(run.state);
      },
      'the scenario ends',
      60_000,
    );
    expect(run!.state, JSON.stringify(run!.steps)).to.equal('passed');
    expect((await admin.delete('/_sim/labs/paced', { version: null })).status).to.be.oneOf([200, 204]);
  });

  it("runs the API's thread ahead of the work behind it: the main thread at niceness 0; Node's own threads, the simulator's thread and the monitor's engine at 10", function () {
    const pid = running!.child.pid!;
    if (!existsSync(`/proc/${pid}/task`)) this.skip(); // Linux keeps a niceness per thread
    const niceness = new Map(
      readdirSync(`/proc/${pid}/task`).map((tid) => {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        return [Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const;
      }),
    );
    expect(niceness.get(pid), "the API's thread").to.equal(0);
    // Node starts its own threads (V8's platform workers first) right after the main one, before any worker thread
    const first = [...niceness.keys()]
      .filter((tid) => tid !== pid)
      .sort((a, b) => a - b)
      .slice(0, 4);
    expect(
      first.map((tid) => niceness.get(tid)),
      "V8's platform workers",
    ).to.deep.equal([10, 10, 10, 10]);
    const lowered = [...niceness.values()].filter((value) => value === 10).length;
    expect(lowered, "Node's threads, the simulator's thread and the monitor's engine").to.be.at.least(6);
    expect(
      niceness.size - lowered,
      "the API's thread and the store's engine, and no more than a few others",
    ).to.be.within(2, 6);
  });

  it("with GWSIM_SIMULATOR_THREAD=0 runs the simulator in the API's thread (no readiness check of a thread, live operations answered in place)", async () => {
    const port = await freePort();
    const alone = run(
      { ...env, PORT: String(port), GWSIM_DATA_DIR: path.join(dir, 'alone'), GWSIM_SIMULATOR_THREAD: '0' },
      ['serve', '--no-demo'],
    );
    try {
      const api = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
      await waitUntilServing(api, alone, 60_000);
      let ready = await api.get('/_sim/ready', { version: null });
      // ready once the monitor's store is open too
      await until(
        async () => (ready = await api.get('/_sim/ready', { version: null })).status === 200,
        'ready',
        30_000,
      ).catch(() => undefined);
      expect(ready.status, ready.text).to.equal(200);
      expect(ready.json.checks).to.not.have.property('simulator');
      const sessions = await api.post('/api/activeSessions/get', { json: {} });
      expect(sessions.status, sessions.text).to.equal(200);
      expect(sessions.headers.get(SERVED_BY)).to.not.equal('simulator-thread');
      expect(alone.output()).to.not.contain('the simulator runs in a thread of its own');
    } finally {
      alone.child.kill('SIGTERM');
      expect(await exitWithin(alone, 30_000)).to.equal(0);
    }
  });

  it('stops both threads on SIGTERM (exit 0); a restart on the same data directory carries calls again, the history kept', async () => {
    const before = (await answeredCalls()).length;
    running!.child.kill('SIGTERM');
    expect(await exitWithin(running!, 30_000), running!.output().slice(-3000)).to.equal(0);
    expect(running!.output()).to.contain('"msg":"stopped"');
    await start();
    expect((await answeredCalls()).length, 'the history from before the restart').to.equal(before);
    await new Promise((resolve) => setTimeout(resolve, GATE_REFRESH_MS + 250));
    expectAllPassed(
      await runSipp({ scenario: 'uac', remote: PBX, service: '4930123456', calls: 5, rate: 10, timeoutMs: 60_000 }),
      5,
    );
    let answered: Entry[] = [];
    await until(
      async () => (answered = await answeredCalls()).length >= before + 5,
      'five more answered calls',
      15_000,
    ).catch(() => undefined);
    expect(answered.length).to.equal(before + 5);
  });
});
