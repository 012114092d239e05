import { expect } from 'chai';
import dgram from 'node:dgram';
import { decodeHep3, type DecodedHep3 } from '@gwsim/hep';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { MonitorFigures } from '../../../src/contexts/monitoring/index.js';
import { StoredHep, TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { parsePrometheusText } from '../../support/prometheusText.js';
import { TestGateway } from '../../support/TestGateway.js';
import { durableTestStore } from '../../support/testStores.js';
import { PROFILES, addProvider, addSystem } from '../configuration/nodesSupport.js';
import { TO_E164 } from '../configuration/routingSupport.js';

const V1 = { version: 1 };
const SECRET = 'hep-Secret-4711';

/** A UDP socket playing the collector: what it received, decoded, in order. */
async function collector(): Promise<{ port: number; received: DecodedHep3[]; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  const received: DecodedHep3[] = [];
  socket.on('message', (message) => received.push(decodeHep3(message)));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, received, close: () => socket.close() };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A PBX routed to a carrier, a license, and the lab's traffic (every call answered) on the manual clock. */
async function furnish(admin: ApiClient): Promise<void> {
  const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
  const [carrier] = await addProvider(admin, PROFILES.genericCarrier, {
    displayName: 'Carrier',
    credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' },
    udpTcpPort: 5080,
    tlsPort: 5081,
  });
  expect(
    (await admin.post('/api/routingDomains/add', { ...V1, json: { displayName: 'Main', sourceNodes: [pbx!.id] } }))
      .status,
  ).to.equal(200);
  const route = await admin.post('/api/routingDomains/routes/add', {
    ...V1,
    query: { routingDomain: 'Main' },
    json: {
      displayName: 'national',
      enabled: true,
      establishment: {
        action: 'ACCEPT',
        routingTargets: [
          { destinationNodeId: carrier!.id, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
        ],
      },
      filters: [{ sourceNodeIds: [pbx!.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
    },
  });
  expect(route.status, route.text).to.equal(200);
  expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
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
}

/** `seconds` of calls (one a second, each held about 3 s), then their end; the history written. */
async function carryCalls(gateway: TestGateway, seconds: number): Promise<void> {
  const admin = gateway.admin();
  const traffic = await admin.put('/_sim/labs/default/traffic', {
    json: {
      running: true,
      profile: {
        seed: 11,
        callsPerSecond: 1,
        outcomes: { answer: 1 },
        holdingTime: { distribution: 'exponential', meanSeconds: 3 },
        defaultNumberPlan: { callingPrefix: '+4930', callingDigits: 5, called: [{ pattern: '0301234XXX', weight: 1 }] },
      },
    },
  });
  expect(traffic.status, traffic.text).to.equal(200);
  const advance = async (count: number) => {
    for (let step = 0; step < count; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
  };
  await advance(seconds);
  await admin.put('/_sim/labs/default/traffic', { json: { running: false } });
  await advance(120);
  await gateway.get(BatchingMonitorSinks).flush();
}

async function putHep(admin: ApiClient, body: Record<string, unknown>) {
  const response = await admin.put('/_sim/labs/default/hep', { version: null, json: body });
  expect(response.status, response.text).to.equal(200);
  return response.json;
}

describe("a lab's SIP messages as HEP3 to a collector (/_sim/labs/{lab}/hep)", function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let hep: Awaited<ReturnType<typeof collector>>;
  beforeEach(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    hep = await collector();
  });
  afterEach(async () => {
    hep.close();
    await gateway.stop();
  });

  it('is off by default; a change answers the setting with whether a password is set, never the password', async () => {
    const off = await admin.get('/_sim/labs/default/hep', { version: null });
    expect(off.status, off.text).to.equal(200);
    expect(off.json).to.deep.equal({
      enabled: false,
      host: '',
      port: 9060,
      transport: 'udp',
      captureId: 1,
      passwordSet: false,
    });
    const on = await putHep(admin, {
      enabled: true,
      host: '127.0.0.1',
      port: hep.port,
      captureId: 2001,
      password: SECRET,
    });
    expect(on).to.deep.include({
      enabled: true,
      host: '127.0.0.1',
      port: hep.port,
      captureId: 2001,
      passwordSet: true,
    });
    expect(on.sender).to.include({ sent: 0, dropped: 0 });
    const read = await admin.get('/_sim/labs/default/hep', { version: null });
    expect(read.text).not.to.contain(SECRET);
    expect(on.password).to.equal(undefined);
    expect((await gateway.get(StoredHep).read(DEFAULT_LAB)).password, 'stored').to.equal(SECRET);
    const removed = await putHep(admin, { password: '' });
    expect(removed).to.include({ passwordSet: false, enabled: true });
  });

  it('refuses bad input with a 400 naming each field, and changes nothing', async () => {
    await putHep(admin, { enabled: true, host: '127.0.0.1', port: hep.port });
    const rules = await admin.put('/_sim/labs/default/hep', {
      version: null,
      json: { host: 'not a host!', captureId: -1 },
    });
    expectError(rules, 400, 'VALIDATION_FAILED');
    expect(rules.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal(['captureId']);
    const host = await admin.put('/_sim/labs/default/hep', { version: null, json: { host: 'not a host!' } });
    expectError(host, 400, 'INVALID_HEP_SETTING');
    expect(host.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal(['host']);
    for (const [json, field] of [
      [{ transport: 'sctp' }, 'transport'],
      [{ port: 70000 }, 'port'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ password: 7 }, 'password'],
    ] as const) {
      const refused = await admin.put('/_sim/labs/default/hep', { version: null, json });
      expectError(refused, 400, 'VALIDATION_FAILED', { what: field });
      expect(JSON.stringify(refused.json.error.details), field).to.contain(field);
    }
    expectError(
      await admin.put('/_sim/labs/default/hep', { version: null, json: { collector: 'x' } }),
      400,
      'UNKNOWN_FIELD',
    );
    const noHost = await admin.put('/_sim/labs/default/hep', { version: null, json: { host: '' } });
    expectError(noHost, 400, 'INVALID_HEP_SETTING');
    expect(noHost.json.error.details[0].message).to.contain('host must name the collector');
    expect((await admin.get('/_sim/labs/default/hep', { version: null })).json).to.deep.include({
      host: '127.0.0.1',
      port: hep.port,
      transport: 'udp',
      captureId: 1,
    });
  });

  it("sends every message of the calls' history: the same bytes, addresses, ports and times, one correlation id per call", async () => {
    await furnish(admin);
    await putHep(admin, { enabled: true, host: '127.0.0.1', port: hep.port, captureId: 2001, password: SECRET });
    await carryCalls(gateway, 5);
    const calls = (await admin.post('/api/callHistory/get', { json: { count: 100 } })).json.entries;
    expect(calls.length).to.be.at.least(3);
    const history: any[] = [];
    for (const call of calls) {
      const details = await admin.get('/api/messageHistory', {
        query: { filterSessionIdentifier: call.sessionIdentifier },
      });
      history.push(...details.json);
    }
    await until('every message of the history', () => hep.received.length >= history.length);
    expect(hep.received).to.have.length(history.length);
    const key = (m: { message: string; timestamp: number }) => `${m.timestamp}|${m.message}`;
    const arrived = new Map(
      hep.received.map((h) => [
        key({ message: h.payload!.toString('utf8'), timestamp: Math.floor(h.timestampMicros! / 1000) }),
        h,
      ]),
    );
    const correlationOf = new Map<string, Set<string>>();
    for (const message of history) {
      const sent = arrived.get(key(message));
      expect(sent, `${message.messageType} of ${message.sessionIdentifier}`).to.not.equal(undefined);
      expect(sent).to.deep.include({
        transport: 'udp',
        source: { ip: message.sourceIpAddress, port: message.sourcePort },
        destination: { ip: message.destinationIpAddress, port: message.destinationPort },
        captureId: 2001,
        authKey: SECRET,
        protocolType: 1,
      });
      const ids = correlationOf.get(message.sessionIdentifier) ?? new Set<string>();
      ids.add(sent!.correlationId!);
      correlationOf.set(message.sessionIdentifier, ids);
      if (message.callIndex === 0)
        expect(message.message, 'the inbound leg carries its own Call-ID').to.contain(
          `Call-ID: ${sent!.correlationId}`,
        );
      else
        expect(message.message, "the outbound leg's own Call-ID is another").not.to.contain(
          `Call-ID: ${sent!.correlationId}`,
        );
    }
    for (const [session, ids] of correlationOf) expect([...ids], session).to.have.length(1);
    const state = await admin.get('/_sim/labs/default/hep', { version: null });
    expect(state.json.sender).to.deep.include({ state: 'connected', sent: history.length, dropped: 0, queued: 0 });
    const metrics = parsePrometheusText(await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text());
    expect(metrics.value('gwsim_hep_messages_sent_total')).to.equal(history.length);
    expect(metrics.value('gwsim_hep_messages_dropped_total')).to.equal(0);
  });

  it("sends the messages with the monitor's SIP flow recording off, which then keeps none, as before", async () => {
    await furnish(admin);
    const flow = await admin.get('/api/monitorSipFlowConfig/get');
    expect(flow.status, flow.text).to.equal(200);
    const off = await admin.post('/api/monitorSipFlowConfig/set', { json: { ...flow.json, enabled: false } });
    expect(off.status, off.text).to.equal(200);
    await putHep(admin, { enabled: true, host: '127.0.0.1', port: hep.port });
    const before = gateway.get(MonitorFigures).of(DEFAULT_LAB).sipMessages;
    await carryCalls(gateway, 3);
    await until('messages', () => hep.received.length > 0);
    expect(gateway.get(MonitorFigures).of(DEFAULT_LAB).sipMessages, 'the history keeps none').to.equal(before);
    const calls = (await admin.post('/api/callHistory/get', { json: { count: 100 } })).json.entries;
    const details = await admin.get('/api/messageHistory', {
      query: { filterSessionIdentifier: calls[0].sessionIdentifier },
    });
    expect(details.json).to.deep.equal([]);
    expect(new Set(hep.received.map((h) => h.correlationId)).size).to.equal(calls.length);
  });

  it('drops and counts while a TCP collector cannot be reached, and says why', async () => {
    await furnish(admin);
    const closed = hep.port;
    hep.close();
    await putHep(admin, { enabled: true, host: '127.0.0.1', port: closed, transport: 'tcp' });
    await carryCalls(gateway, 3);
    await until('the drops', async () => {
      const state = await admin.get('/_sim/labs/default/hep', { version: null });
      return state.json.sender.dropped > 0;
    });
    const state = (await admin.get('/_sim/labs/default/hep', { version: null })).json;
    expect(state.sender).to.deep.include({ state: 'waiting', sent: 0, lastError: 'ECONNREFUSED' });
    const metrics = parsePrometheusText(await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text());
    expect(metrics.value('gwsim_hep_messages_dropped_total')).to.equal(state.sender.dropped);
    hep = await collector();
  });

  it('follows a snapshot: restored with the lab, its password sealed in the exported file', async () => {
    await putHep(admin, {
      enabled: true,
      host: '192.0.2.50',
      port: 9061,
      transport: 'tcp',
      captureId: 7,
      password: SECRET,
    });
    expect((await admin.post('/_sim/labs/default/snapshots', { json: { name: 'with-hep' } })).status).to.equal(200);
    await putHep(admin, { enabled: false, host: '127.0.0.1', password: '' });
    const restored = await admin.post('/_sim/labs/default/snapshots/with-hep/restore');
    expect(restored.status, restored.text).to.equal(200);
    expect((await admin.get('/_sim/labs/default/hep', { version: null })).json).to.deep.include({
      enabled: true,
      host: '192.0.2.50',
      port: 9061,
      transport: 'tcp',
      captureId: 7,
      passwordSet: true,
    });
    const file = await admin.get('/_sim/labs/default/snapshots/with-hep', {
      headers: { 'x-gwsim-passphrase': 'a long passphrase' },
    });
    expect(file.status, file.text).to.equal(200);
    expect(file.text).to.contain('simulation.hep').and.not.contain(SECRET);
    await putHep(admin, { enabled: false });
  });
});

describe('the HEP setting across a restart', function () {
  this.timeout(120_000);
  it('is kept, password included', async () => {
    const store = durableTestStore();
    try {
      const first = await TestGateway.start({ config: store.config });
      try {
        await putHep(first.admin(), { enabled: true, host: 'homer.example.com', captureId: 12, password: SECRET });
      } finally {
        await first.stop();
      }
      const again = await TestGateway.start({ config: store.config, keepData: true });
      try {
        const read = await again.admin().get('/_sim/labs/default/hep', { version: null });
        expect(read.json).to.deep.include({
          enabled: true,
          host: 'homer.example.com',
          captureId: 12,
          passwordSet: true,
        });
        expect((await again.get(StoredHep).read(DEFAULT_LAB)).password).to.equal(SECRET);
        await putHep(again.admin(), { enabled: false });
      } finally {
        await again.stop();
      }
    } finally {
      store.dispose();
    }
  });
});
