import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { expectAllPassed, fixture, freeUdpPort, runSipp, startSipp, type SippResult } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { sendGarbage } from '../../support/sip/wireAbuse.js';
import { PROFILES, addSystem } from '../../acceptance/configuration/nodesSupport.js';
import { GATE_REFRESH_MS } from '../../../src/contexts/simulation/calls/application/GatewayGates.js';

/** The gates (maintenance mode, the active side, licensed capacity) reach the calls within GATE_REFRESH_MS of the lab's time. */
const gatesFollow = () => new Promise((resolve) => setTimeout(resolve, GATE_REFRESH_MS + 250));

const run = promisify(execFile);
const TSHARK = '/usr/bin/tshark';
const SIPP = '/usr/bin/sipp';
const V1 = { version: 1 };
/** The transaction layer's T1 in these tests: Timer B/H (64·T1) after 3.2 s instead of 32 s. */
const T1_MS = 50;

interface Entry {
  sessionIdentifier: string;
  inboundNodeId: string;
  outboundNodeId: string | null;
  routeId: string | null;
  inboundSourceDialString: string;
  inboundDestinationDialString: string;
  outboundDestinationDialString: string | null;
  result: string;
  sipStatusCode: number;
}

/**
 * Real SIP through a lab: SIPp calls a node's port; the call is routed on the committed plan, rewritten, and sent
 * on as a new INVITE from the destination node to its peer — a SIPp UAS on this machine — or answered by the
 * simulated far end. What crossed the wire is in the call and message history; the gates and the faults answer
 * SIPp as they answer synthetic callers; garbage on the port is answered 400 or ignored.
 */
describe('real SIP through a lab (SIPp as caller and far end)', function () {
  this.timeout(300_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let pbxPort: number;
  let farPort: number;
  let uasPort: number;
  let ids: { pbx: string; far: string; domain: string; route: string };

  async function history(filter: Record<string, unknown> = {}): Promise<Entry[]> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10000, ...filter },
    });
    expect(response.status, response.text).to.equal(200);
    return response.json.entries as Entry[];
  }

  /**
   * The history entries matching `which` once `count` of them are there (or what is there after 10 s). SIPp is done
   * when it has the gateway's 200 to its BYE, but the gateway ends the call on its far end's 200 to the BYE it sent
   * on, a moment later: the last calls' entries are written after SIPp exits.
   */
  async function settledHistory(which: (entry: Entry) => boolean, count: number): Promise<Entry[]> {
    let entries: Entry[] = [];
    // past the deadline the caller's assertion names the count found
    await until(
      async () => (entries = (await history()).filter(which)).length >= count,
      `${count} calls in the history`,
      10_000,
    ).catch(() => undefined);
    return entries;
  }

  async function sip(body: Record<string, unknown>): Promise<any> {
    const response = await admin.put('/_sim/labs/default/sip', { version: null, json: body });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  async function commit(): Promise<void> {
    const response = await admin.post('/api/coreConfig/commit');
    expect(response.status, response.text).to.equal(200);
  }

  /** A UAC call (or several) from SIPp to the PBX node's port with the expected final status. */
  function expectStatus(status: number, service = '4930123456', calls = 1): Promise<SippResult> {
    return runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service,
      calls,
      keys: { status: String(status), hold_ms: '100' },
      timeoutMs: 60_000,
    });
  }

  before(async function () {
    if (!existsSync(SIPP)) this.skip();
    [pbxPort, farPort, uasPort] = [await freeUdpPort(), await freeUdpPort(), await freeUdpPort()];
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS } });
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort,
      tlsPort: 65001,
    });
    const [far] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Far PBX',
      udpTcpPort: farPort,
      tlsPort: 65002,
      remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
    });
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [pbx!.id] },
    });
    expect(domain.status, domain.text).to.equal(200);
    const route = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'Berlin numbers to the far PBX',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: far!.id,
              routingForwardProfileId: '',
              destinationDialStringRewriting: {
                segments: [
                  {
                    prefix: '+',
                    suffix: '',
                    delLeading: 0,
                    delTrailing: 0,
                    keepLeading: 0,
                    keepTrailing: 0,
                    matchedPart: 0,
                    source: 'MOST_APPROPRIATE',
                  },
                ],
              },
            },
          ],
        },
        filters: [{ sourceNodeIds: [pbx!.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '49*' } }],
      },
    });
    expect(route.status, route.text).to.equal(200);
    ids = { pbx: pbx!.id, far: far!.id, domain: domain.json.id, route: route.json.id };
    await commit();
    const systemIds = await admin.get('/api/licenses/systemIds/get');
    const lod = await admin.put('/api/licenses/importLod', {
      json: {
        licenseKey: 'GWSIM-LAB30-0000-0002',
        companyName: 'Lab',
        emailAddress: 'lab@example.com',
        licensingDevice: systemIds.json[0].id,
      },
    });
    expect(lod.status, lod.text).to.equal(200);
    const state = await sip({ enabled: true });
    expect(
      state.listeners
        .filter((l: any) => l.state === 'listening')
        .map((l: any) => `${l.nodeName} ${l.transport} ${l.port}`),
    ).to.include.members([`PBX UDP ${pbxPort}`, `PBX TCP ${pbxPort}`, `Far PBX UDP ${farPort}`]);
    expect(state.farEnds[ids.far], 'a far end on a loopback address is real').to.equal('real');
  });
  after(() => gateway?.stop());

  it('carries 200 calls from a SIPp UAC to a SIPp UAS: active while up, each in the call history with route, nodes and rewritten numbers, each pcap clean in tshark', async () => {
    const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 180_000 });
    const started = new Date().toISOString();
    // each call held 0.3 s: about 8 at once, well under the 30 the lab's license grants even where a loaded machine
    // makes the calls twice as long (beyond 30, the gateway rightly answers 503)
    const caller = runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls: 200,
      rate: 25,
      extra: ['-d', '300'],
      timeoutMs: 120_000,
    });
    // while the calls are up, they are active sessions of the lab
    let seen = 0;
    for (let i = 0; i < 100 && seen === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const active = await admin.post('/api/activeSessions/get', { json: {} });
      expect(active.status, active.text).to.equal(200);
      seen = active.json.activeSessions.length;
    }
    expect(seen, 'calls in progress show as active sessions').to.be.greaterThan(0);
    const result = await caller;
    await uas.stop();
    expectAllPassed(result, 200);

    const entries = await settledHistory((e) => e.inboundNodeId === ids.pbx, 200);
    expect(entries.length, 'every call is in the call history').to.be.at.least(200);
    const ours = entries.slice(0, 200);
    for (const entry of ours) {
      expect(entry).to.include({ result: 'ANSWERED', sipStatusCode: 200, outboundNodeId: ids.far, routeId: ids.route });
      expect(entry.inboundDestinationDialString).to.equal('4930123456');
      expect(entry.outboundDestinationDialString, 'the route rewrote the number').to.equal('+4930123456');
    }
    expect(started).to.be.a('string');

    if (!existsSync(TSHARK)) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-sip-'));
    try {
      for (const entry of ours.slice(0, 5)) {
        const url = new URL('/api/messageHistory', gateway.baseUrl);
        url.search = new URLSearchParams({
          version: '0',
          filterSessionIdentifier: entry.sessionIdentifier,
          resultFormat: 'pcap',
        }).toString();
        const response = await fetch(url, {
          headers: { authorization: `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}` },
        });
        expect(response.status).to.equal(200);
        const file = path.join(dir, `${entry.sessionIdentifier}.pcap`);
        writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        const verbose = await run(TSHARK, ['-r', file, '-V'], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
        expect(verbose.stdout).to.not.match(/Malformed|\[incorrect|Expert Info \(Warning/);
        const fields = await run(
          TSHARK,
          [
            '-r',
            file,
            '-T',
            'fields',
            '-E',
            'separator=|',
            '-e',
            'ip.src',
            '-e',
            'udp.srcport',
            '-e',
            'ip.dst',
            '-e',
            'udp.dstport',
            '-e',
            'sip.Method',
            '-e',
            'sip.Status-Code',
          ],
          { timeout: 60_000 },
        );
        const packets = fields.stdout
          .trim()
          .split('\n')
          .map((line) => line.split('|'));
        // both legs, with the real ports: the caller's INVITE to the PBX port, the gateway's INVITE to the UAS
        expect(
          packets.some(([, , , dstPort, method]) => method === 'INVITE' && Number(dstPort) === pbxPort),
          fields.stdout,
        ).to.equal(true);
        expect(
          packets.some(
            ([, srcPort, , dstPort, method]) =>
              method === 'INVITE' && Number(srcPort) === farPort && Number(dstPort) === uasPort,
          ),
          fields.stdout,
        ).to.equal(true);
        expect(packets.filter(([, , , , method]) => method === 'BYE').length, fields.stdout).to.be.at.least(2);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with the far end simulated, SIPp's calls are answered by the simulator (no UAS runs)", async () => {
    await sip({ farEnds: { [ids.far]: 'answering' } });
    try {
      const result = await runSipp({
        scenario: 'uac',
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 20,
        rate: 20,
        extra: ['-d', '200'],
        timeoutMs: 120_000,
      });
      expectAllPassed(result, 20);
      await sip({ farEnds: { [ids.far]: 'simulated' } });
      // the profile's outcome mix: the default profile answers most calls and refuses some
      const mixed = await runSipp({
        scenario: 'uac',
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123457',
        calls: 40,
        rate: 20,
        extra: ['-d', '200'],
        timeoutMs: 120_000,
      });
      expect(mixed.successful + mixed.failed).to.equal(40);
      expect(mixed.successful, 'most calls are answered').to.be.greaterThan(20);
      const entries = await settledHistory((e) => e.inboundDestinationDialString === '4930123457', 40);
      expect(entries.length).to.equal(40);
      // an answered call whose simulated far end hung up (the profile's holding time) before SIPp's 200 ms is
      // ANSWERED in the history and a failure for SIPp, which aborts on a BYE its scenario does not expect
      const hungUpByFarEnd = new Set([...mixed.errors.matchAll(/unexpected BYE for call: (\S+)/g)].map((m) => m[1]))
        .size;
      expect(entries.filter((e) => e.result === 'ANSWERED').length).to.equal(mixed.successful + hungUpByFarEnd);
    } finally {
      await sip({ farEnds: {} });
    }
  });

  it('resends its 200 OK to a caller that did not ACK the first; a caller that never ACKs sees the call ended with a BYE', async () => {
    const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 60_000 });
    try {
      const resent = await runSipp({
        scenario: fixture('uac-ignore-first-200'),
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 1,
        timeoutMs: 30_000,
      });
      expectAllPassed(resent, 1);
      const noAck = await runSipp({
        scenario: fixture('uac-no-ack'),
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 1,
        timeoutMs: 30_000,
      });
      expectAllPassed(noAck, 1);
    } finally {
      await uas.stop();
    }
  });

  it('ACKs again each 200 OK a far end resends', async () => {
    const uas = await startSipp({ scenario: fixture('uas-repeat-200'), localPort: uasPort, timeoutMs: 60_000 });
    const result = await runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls: 1,
      extra: ['-d', '1500'],
      timeoutMs: 30_000,
    });
    const far = await uas.stop();
    expectAllPassed(result, 1);
    expect(far.failed, far.errors).to.equal(0);
    expect(far.successful).to.equal(1);
  });

  it("gives SIPp the status a real gateway gives: 503 in maintenance, 404 without a route, 503 when the route's node is disabled, 503 when a fault takes its trunk down", async () => {
    expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
    await gatesFollow();
    try {
      expectAllPassed(await expectStatus(503), 1);
    } finally {
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: false } })).status).to.equal(200);
      await gatesFollow();
    }
    expectAllPassed(await expectStatus(404, '0800123'), 1);

    const fault = await admin.post('/_sim/labs/default/faults', {
      version: null,
      json: { effect: { kind: 'trunkDown', node: ids.far } },
    });
    expect(fault.status, fault.text).to.equal(200);
    try {
      expectAllPassed(await expectStatus(503), 1);
    } finally {
      expect((await admin.delete(`/_sim/labs/default/faults/${fault.json.id}`, { version: null })).status).to.be.oneOf([
        200, 204,
      ]);
    }

    expect((await admin.put('/api/objects/set', { query: { id: ids.far }, json: { enabled: false } })).status).to.equal(
      200,
    );
    await commit();
    try {
      expectAllPassed(await expectStatus(503), 1);
    } finally {
      expect(
        (await admin.put('/api/objects/set', { query: { id: ids.far }, json: { enabled: true } })).status,
      ).to.equal(200);
      await commit();
    }
  });

  it('answers garbage on the SIP port with 400 or silence, and goes on serving calls and the API', async () => {
    for (const transport of ['UDP', 'TCP'] as const) {
      for (const kind of ['random', 'huge', 'truncated', 'no-via', 'bad-cseq'] as const) {
        const { replies } = await sendGarbage({ host: '127.0.0.1', port: pbxPort }, kind, transport);
        // the largest datagram UDP carries (64 KB) is within the node's maxMessageSize: it is an INVITE like any other
        const answers = transport === 'UDP' && kind === 'huge' ? /^SIP\/2\.0 \d{3} / : /^SIP\/2\.0 (400|413|513) /;
        for (const reply of replies) expect(reply, `${transport} ${kind}`).to.match(answers);
      }
    }
    const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 60_000 });
    try {
      const result = await runSipp({
        scenario: 'uac',
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 5,
        rate: 5,
        timeoutMs: 30_000,
      });
      expectAllPassed(result, 5);
    } finally {
      await uas.stop();
    }
    expect((await admin.get('/api/version/get')).status).to.equal(200);
  });
});

describe('the demo with real SIP (gwsim serve --sip, then sipp -sn uac 127.0.0.1:5070 -s 4930123456 -m 10)', function () {
  this.timeout(120_000);

  it("completes ten SIPp calls into PBX Berlin's port with no other set-up: routed to a carrier whose simulated far end answers", async function () {
    if (!existsSync(SIPP)) this.skip();
    const gateway = await TestGateway.start({
      store: 'memory',
      clock: new RealTimeClock(),
      config: { demo: true, sip: true },
    });
    try {
      const admin = gateway.admin();
      let listening = false;
      for (let i = 0; i < 100 && !listening; i += 1) {
        const state = await admin.get('/_sim/labs/default/sip', { version: null });
        listening =
          state.status === 200 &&
          state.json.listeners.some(
            (l: any) => l.nodeName === 'PBX Berlin' && l.port === 5070 && l.state === 'listening',
          );
        if (!listening) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(listening, 'PBX Berlin listens on 5070').to.equal(true);
      const result = await runSipp({
        scenario: 'uac',
        remote: '127.0.0.1:5070',
        service: '4930123456',
        calls: 10,
        timeoutMs: 60_000,
      });
      expectAllPassed(result, 10);
      // the last call ends on its far end's 200 to the gateway's BYE, just after SIPp has its own
      let sipCalls: Entry[] = [];
      await until(
        async () => {
          await gateway.get(BatchingMonitorSinks).flush();
          const calls = await admin.post('/api/callHistory/get', {
            query: { dateFormat: 'ISO-8601' },
            json: { count: 1000, destinationDialString: '4930123456' },
          });
          expect(calls.status, calls.text).to.equal(200);
          sipCalls = (calls.json.entries as Entry[]).filter((e) => e.inboundDestinationDialString === '4930123456');
          return sipCalls.length >= 10;
        },
        'ten calls in the history',
        10_000,
      ).catch(() => undefined);
      expect(sipCalls.length).to.equal(10);
      for (const entry of sipCalls) expect(entry.result).to.equal('ANSWERED');
    } finally {
      await gateway.stop();
    }
  });
});
