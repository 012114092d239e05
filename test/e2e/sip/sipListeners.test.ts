import { createSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { until } from '../../support/sip/sipPhone.js';
import { fixture, freeUdpPort, runSipp, startSipp, type RunningSipp, type SippResult } from '../../support/sip/sipp.js';
import { PROFILES, addSystem, subTree } from '../../acceptance/configuration/nodesSupport.js';
import { licenseAndTurnSipOn, routeCalls } from './sipLabSupport.js';

const T1_MS = 50;
const SECOND = 'second-lab';

interface ListenerView {
  nodeId: string;
  nodeName: string;
  transport: string;
  host: string;
  port: number;
  state: string;
  error?: string;
}

function expectPassed(result: SippResult, calls = 1): void {
  const why = `SIPp: ${result.successful} of ${calls} passed, ${result.failed} failed (exit ${result.exitCode})\n${result.errors.slice(0, 2000)}\n${result.stderr.slice(0, 1000)}`;
  expect(result.successful, why).to.equal(calls);
  expect(result.failed, why).to.equal(0);
}

/** Whether nothing holds the port on 127.0.0.1, neither for UDP nor for TCP. */
async function portFree(port: number): Promise<boolean> {
  const udp = createSocket('udp4');
  const udpFree = await new Promise<boolean>((resolve) => {
    udp.once('error', () => resolve(false));
    udp.bind(port, '127.0.0.1', () => resolve(true));
  });
  await new Promise<void>((resolve) => {
    try {
      udp.close(() => resolve());
    } catch {
      resolve();
    }
  });
  if (!udpFree) return false;
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The labs' SIP listeners follow the committed configuration: a node's new port answers at once, its old port
 * takes no new call but carries the calls in progress to their end and then closes; a disabled node's listener
 * closes the same way; two labs never share a port (409, or a port offset); a port held by another program shows
 * as a failed listener while the lab's other nodes listen.
 */
describe('SIP listeners follow the configuration (real sockets)', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let pbxPort: number;
  let farPort: number;
  let uasPort: number;
  let ids: { pbx: string; far: string; pbxTransport: string };
  let uas: RunningSipp | undefined;

  async function state(lab = 'default'): Promise<{ enabled: boolean; portOffset: number; listeners: ListenerView[] }> {
    const response = await admin.get(`/_sim/labs/${lab}/sip`, { version: null });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  async function listening(nodeName: string, port: number, lab = 'default'): Promise<boolean> {
    return (await state(lab)).listeners.some(
      (l) => l.nodeName === nodeName && l.port === port && l.transport === 'UDP' && l.state === 'listening',
    );
  }

  async function set(id: string, fields: Record<string, unknown>): Promise<void> {
    const response = await admin.put('/api/objects/set', { query: { id }, json: fields });
    expect(response.status, response.text).to.equal(200);
  }

  async function commit(): Promise<void> {
    const response = await admin.post('/api/coreConfig/commit');
    expect(response.status, response.text).to.equal(200);
  }

  async function callsInProgress(): Promise<number> {
    const active = await admin.post('/api/activeSessions/get', { json: {} });
    expect(active.status, active.text).to.equal(200);
    return active.json.activeSessions.length;
  }

  function options(port: number): Promise<SippResult> {
    return runSipp({
      scenario: fixture('uac-options'),
      remote: `127.0.0.1:${port}`,
      service: 'ping',
      calls: 1,
      timeoutMs: 20_000,
    });
  }

  function expectStatus(port: number, status: number): Promise<SippResult> {
    return runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${port}`,
      service: '4930123456',
      calls: 1,
      keys: { status: String(status), hold_ms: '100' },
      timeoutMs: 30_000,
    });
  }

  /** A call from SIPp to the port, answered by the UAS, that SIPp holds for four seconds before its BYE (`done` settles when it ended). */
  async function heldCall(port: number, holdMs = 4000): Promise<{ done: Promise<SippResult> }> {
    // the lab carries no other call: the last test's have ended once none is in progress
    await until(async () => (await callsInProgress()) === 0, 'no call in progress');
    const call = runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${port}`,
      service: '4930123456',
      calls: 1,
      extra: ['-d', String(holdMs)],
      timeoutMs: 30_000,
    });
    await until(async () => (await callsInProgress()) > 0, 'the held call is in progress');
    return { done: call };
  }

  before(async () => {
    [pbxPort, farPort, uasPort] = [await freeUdpPort(), await freeUdpPort(), await freeUdpPort()];
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS } });
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort,
      tlsPort: 65021,
    });
    const [far] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Far PBX',
      udpTcpPort: farPort,
      tlsPort: 65022,
      remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
    });
    await routeCalls(admin, { displayName: 'To the far PBX', source: pbx!.id, destination: far!.id, pattern: '49*' });
    ids = { pbx: pbx!.id, far: far!.id, pbxTransport: (await subTree(admin, pbx!.id, 'sipTransport'))['id'] as string };
    await commit();
    await licenseAndTurnSipOn(admin);
    uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 170_000 });
  });
  after(async () => {
    await uas?.stop();
    await gateway?.stop();
  });

  it("GET shows each node's listeners as listening, with node, transport, host and port", async () => {
    const now = await state();
    expect(now.enabled).to.equal(true);
    expect(now.listeners).to.deep.include({
      nodeId: ids.pbx,
      nodeName: 'PBX',
      transport: 'UDP',
      host: '127.0.0.1',
      port: pbxPort,
      state: 'listening',
    });
    expect(now.listeners).to.deep.include({
      nodeId: ids.pbx,
      nodeName: 'PBX',
      transport: 'TCP',
      host: '127.0.0.1',
      port: pbxPort,
      state: 'listening',
    });
    expect(now.listeners).to.deep.include({
      nodeId: ids.far,
      nodeName: 'Far PBX',
      transport: 'UDP',
      host: '127.0.0.1',
      port: farPort,
      state: 'listening',
    });
    expectPassed(await options(pbxPort));
  });

  it("a commit that moves a node's port: the new port answers, the old one takes no new call, and a call in progress through it ends with its BYE; then the old port closes", async () => {
    const oldPort = pbxPort;
    const newPort = await freeUdpPort();
    const held = await heldCall(oldPort);
    await set(ids.pbxTransport, { udpTcpPort: newPort });
    await commit();
    await until(() => listening('PBX', newPort), 'the PBX listens on its new port');
    expect(
      (await state()).listeners.some((l) => l.port === oldPort),
      'the old port is no listener of the lab any more',
    ).to.equal(false);
    expectPassed(await options(newPort));
    expectPassed(await expectStatus(oldPort, 503));
    expect(await portFree(oldPort), 'the old port stays open for the call in progress').to.equal(false);
    expectPassed(await held.done);
    await until(() => portFree(oldPort), 'the old port closes once its call ended');
    pbxPort = newPort;
    expectPassed(await expectStatus(pbxPort, 200));
  });

  it("a commit that changes a node's listener on the same port while a call is in progress: the new listener binds at once (no failed listener), and the call goes on through it to its BYE", async () => {
    const held = await heldCall(pbxPort, 12_000);
    await set(ids.pbxTransport, { maxMessageSize: 32000 });
    await commit();
    const committed = Date.now();
    await until(() => listening('PBX', pbxPort), 'the PBX listens on its port with the new listener');
    expect(Date.now() - committed, 'at once, not when the call ends').to.be.below(3000);
    const pbx = (await state()).listeners.filter((l) => l.nodeId === ids.pbx);
    expect(pbx.map((l) => l.state)).to.deep.equal(['listening', 'listening']);
    expect(await callsInProgress(), 'the held call is still up').to.equal(1);
    expectPassed(await options(pbxPort));
    expectPassed(await held.done);
    await until(async () => (await callsInProgress()) === 0, 'the held call ended');
  });

  it('disabling a node closes its listener once its calls ended; enabling it opens it again', async () => {
    const held = await heldCall(pbxPort);
    await set(ids.pbx, { enabled: false });
    await commit();
    await until(
      async () => !(await state()).listeners.some((l) => l.nodeId === ids.pbx),
      'the disabled PBX shows no listener',
    );
    expectPassed(await expectStatus(pbxPort, 503));
    expect(await portFree(pbxPort), 'open while its call goes on').to.equal(false);
    expectPassed(await held.done);
    await until(() => portFree(pbxPort), "the disabled node's port closes");
    await set(ids.pbx, { enabled: true });
    await commit();
    await until(() => listening('PBX', pbxPort), 'the PBX listens again');
    expectPassed(await options(pbxPort));
  });

  it('two labs with the same ports: turning SIP on for the second is 409 naming both labs and the port; with a port offset it listens', async () => {
    expect((await admin.post('/_sim/labs', { json: { name: SECOND } })).status).to.equal(200);
    const added = await admin.post(`/labs/${SECOND}/api/nodes/addSystem`, {
      version: 3,
      query: { profile: PROFILES.genericPbx },
      json: { displayName: 'Twin', udpTcpPort: farPort, tlsPort: 65023 },
    });
    expect(added.status, added.text).to.equal(200);
    expect((await admin.post(`/labs/${SECOND}/api/coreConfig/commit`)).status).to.equal(200);

    const clash = await admin.put(`/_sim/labs/${SECOND}/sip`, { version: null, json: { enabled: true } });
    expectError(clash, 409, 'SIP_PORT_IN_USE');
    expect(clash.json.error.message).to.contain(`'${SECOND}'`).and.contain("'default'").and.contain(String(farPort));
    expect(await state(SECOND)).to.deep.include({ enabled: false, listeners: [] });
    expect(await listening('Far PBX', farPort), 'the first lab keeps its port').to.equal(true);

    let offset = 1;
    while (!(await portFree(farPort + offset))) offset += 1;
    const apart = await admin.put(`/_sim/labs/${SECOND}/sip`, {
      version: null,
      json: { enabled: true, portOffset: offset },
    });
    expect(apart.status, apart.text).to.equal(200);
    expect(apart.json.listeners).to.deep.include({
      nodeId: added.json[0].id,
      nodeName: 'Twin',
      transport: 'UDP',
      host: '127.0.0.1',
      port: farPort + offset,
      state: 'listening',
    });
    expectPassed(await options(farPort + offset));
    const off = await admin.put(`/_sim/labs/${SECOND}/sip`, { version: null, json: { enabled: false } });
    expect(off.status, off.text).to.equal(200);
    await until(() => portFree(farPort + offset), "the second lab's port closes");
  });

  it("a port another program holds shows as a failed listener with its error; the lab's other nodes still listen", async () => {
    const blockedPort = await freeUdpPort();
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(blockedPort, '127.0.0.1', () => resolve()));
    try {
      const [blocked] = await addSystem(admin, PROFILES.genericPbx, {
        displayName: 'Blocked',
        udpTcpPort: blockedPort,
        tlsPort: 65024,
      });
      await commit();
      await until(
        async () => (await state()).listeners.some((l) => l.nodeName === 'Blocked' && l.state === 'failed'),
        'the blocked node shows a failed listener',
      );
      const now = await state();
      const failed = now.listeners.filter((l) => l.nodeName === 'Blocked');
      expect(failed.length).to.be.greaterThan(0);
      for (const listener of failed) {
        expect(listener).to.include({ nodeId: blocked!.id, host: '127.0.0.1', port: blockedPort, state: 'failed' });
        expect(listener.error).to.match(/EADDRINUSE/);
      }
      expect(await listening('PBX', pbxPort)).to.equal(true);
      expect(await listening('Far PBX', farPort)).to.equal(true);
      expectPassed(await options(pbxPort));
      expectPassed(await expectStatus(pbxPort, 200));
      await set(blocked!.id, { enabled: false });
      await commit();
      await until(
        async () => !(await state()).listeners.some((l) => l.nodeName === 'Blocked'),
        'a disabled node shows no failed listener',
      );
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
