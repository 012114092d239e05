import { expect } from 'chai';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { subTree } from '../../acceptance/configuration/nodesSupport.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectAllPassed, runSipp } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { SIPP } from './sipTransportSupport.js';

/** A request the fake carrier received: its method, headers by lower-case name (first value), and when. */
interface Received {
  readonly method: string;
  readonly headers: ReadonlyMap<string, string>;
  readonly at: number;
}

/**
 * Carrier A's far end, scripted: it answers OPTIONS 200 while `answering`, says nothing otherwise; it challenges a
 * REGISTER without Authorization (401, realm "carrier") and grants one with it for `grantSeconds`.
 */
class FakeCarrier {
  answering = true;
  grantSeconds = 4;
  readonly received: Received[] = [];

  private constructor(
    private readonly socket: Socket,
    readonly port: number,
  ) {
    socket.on('message', (data, from) => this.onMessage(data.toString('utf8'), from));
  }

  static async start(): Promise<FakeCarrier> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return new FakeCarrier(socket, socket.address().port);
  }

  of(method: string): Received[] {
    return this.received.filter((r) => r.method === method);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private onMessage(text: string, from: RemoteInfo): void {
    const [start, ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n');
    const method = start!.split(' ')[0]!;
    if (method.startsWith('SIP/')) return;
    const headers = new Map<string, string>();
    const vias: string[] = [];
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'via' || name === 'v') vias.push(value);
      else if (!headers.has(name)) headers.set(name, value);
    }
    this.received.push({ method, headers, at: Date.now() });
    const answer = (status: string, more: string[] = []): void => {
      const response = [
        `SIP/2.0 ${status}`,
        ...vias.map((via) => `Via: ${via}`),
        `From: ${headers.get('from')}`,
        `To: ${headers.get('to')};tag=carrier`,
        `Call-ID: ${headers.get('call-id')}`,
        `CSeq: ${headers.get('cseq')}`,
        ...more,
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
      this.socket.send(response, from.port, from.address);
    };
    if (method === 'OPTIONS' && this.answering) answer('200 OK');
    if (method === 'REGISTER') {
      if (!headers.has('authorization'))
        answer('401 Unauthorized', ['WWW-Authenticate: Digest realm="carrier", nonce="n0nce", algorithm=MD5']);
      else answer('200 OK', [`Contact: ${headers.get('contact')};expires=${this.grantSeconds}`]);
    }
  }
}

async function trunkOf(admin: ApiClient, nodeName: string): Promise<any> {
  const state = await admin.get('/_sim/labs/default/sip', { version: null });
  expect(state.status, state.text).to.equal(200);
  return (state.json.trunks as any[]).find((trunk) => trunk.nodeName === nodeName);
}

describe("trunk supervision: the gateway's OPTIONS keep-alives and registration toward a real carrier", function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let carrier: FakeCarrier;
  let carrierA: string;

  before(async function () {
    if (!existsSync(SIPP)) this.skip();
    carrier = await FakeCarrier.start();
    gateway = await TestGateway.start({
      store: 'memory',
      clock: new RealTimeClock(),
      config: { demo: true, sip: true },
    });
    admin = gateway.admin();
    // the demo's synthetic traffic would call the carrier too: only the test's calls reach it
    const stop = await admin.put('/_sim/labs/default/traffic', { version: null, json: { running: false } });
    expect(stop.status, stop.text).to.equal(200);
    const nodes = (await admin.get('/api/nodes/get')).json as { id: string; displayName: string }[];
    carrierA = nodes.find((n) => n.displayName === 'Carrier A')!.id;
    const connection = (await admin.get('/api/nodes/transportConnections/get', { query: { node: carrierA } })).json[0];
    const userAgent = await subTree(admin, carrierA, 'sipUserAgent');
    for (const [id, set] of [
      [connection.id, { proxyIri: `sip:127.0.0.1:${carrier.port}` }],
      [userAgent['id'], { optionsIntervalSeconds: 2 }],
    ] as const) {
      const response = await admin.put('/api/objects/set', { query: { id }, json: set });
      expect(response.status, response.text).to.equal(200);
    }
    const commit = await admin.post('/api/coreConfig/commit');
    expect(commit.status, commit.text).to.equal(200);
  });

  after(async () => {
    await gateway?.stop();
    await carrier?.close();
  });

  it('keeps the trunk up while the carrier answers OPTIONS, registers with the credentials and refreshes the binding', async () => {
    await until(async () => (await trunkOf(admin, 'Carrier A'))?.state === 'up', 'Carrier A up', 10_000);
    const trunk = await trunkOf(admin, 'Carrier A');
    expect(trunk.target).to.equal(`UDP 127.0.0.1:${carrier.port}`);
    expect(trunk.farEnd).to.equal('real');
    expect(trunk.keepAlive.intervalSeconds).to.equal(2);
    expect(trunk.keepAlive.lastStatus).to.equal(200);
    // the running counts are the dashboard's
    const glance = async () =>
      ((await admin.get('/api/dashboard/get')).json.sipNodes as any[]).find((n) => n.displayName === 'Carrier A');
    expect((await glance()).optionsPackets.sent.success).to.be.at.least(1);
    const options = carrier.of('OPTIONS')[0]!;
    expect(options.headers.get('user-agent')).to.be.a('string');
    // the demo's Carrier A registers +4930123456 at nord.sip.telekom.example.de with its credentials
    await until(
      async () => (await trunkOf(admin, 'Carrier A'))?.registration?.state === 'registered',
      'registered',
      10_000,
    );
    const registers = carrier.of('REGISTER');
    expect(registers.length).to.be.at.least(2);
    expect(registers[0]!.headers.has('authorization')).to.equal(false);
    expect(registers[1]!.headers.get('authorization')).to.match(/username="acme-trunk".*realm="carrier"/);
    expect(registers[1]!.headers.get('to')).to.contain('sip:+4930123456@telekom.example.de');
    // granted 4 s: refreshed after 2, in the same Call-ID with a higher CSeq (RFC 3261 section 10.2.4)
    await until(async () => carrier.of('REGISTER').length >= 4, 'a refresh', 10_000);
    const refresh = carrier.of('REGISTER').at(-1)!;
    expect(refresh.headers.get('call-id')).to.equal(registers[0]!.headers.get('call-id'));
    const seq = (r: Received) => Number(r.headers.get('cseq')!.split(' ')[0]);
    expect(seq(refresh)).to.be.greaterThan(seq(registers[1]!));
    const registration = (await trunkOf(admin, 'Carrier A')).registration;
    expect(registration).to.deep.include({ state: 'registered', lastStatus: 200 });
    expect((await glance()).registrationState).to.equal('registered');
  });

  it('finds the trunk down when the carrier stops answering, fails its calls over to Carrier B, and up again', async () => {
    carrier.answering = false;
    // an OPTIONS gets no answer within Timer F (32 s): the trunk is down then
    await until(async () => (await trunkOf(admin, 'Carrier A'))?.state === 'down', 'Carrier A down', 45_000);
    // and for a scraper
    const metrics = await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text();
    expect(metrics).to.match(/^gwsim_sip_trunks_down 1$/m);
    expect(metrics).to.match(/^gwsim_sip_trunks_registered 1$/m);
    expect(metrics).to.match(/^gwsim_sip_trunk_keepalives_failed_total [1-9]/m);
    const calls = () => new Set(carrier.of('INVITE').map((r) => r.headers.get('call-id'))).size;
    const callsBefore = calls();
    const result = await runSipp({
      scenario: 'uac',
      remote: '127.0.0.1:5070',
      service: '4930123456',
      calls: 1,
      timeoutMs: 30_000,
    });
    // Carrier A is not tried; the route's failover takes the call to Carrier B (the simulator answers there)
    expectAllPassed(result, 1);
    expect(calls(), 'no INVITE reaches a trunk found down').to.equal(callsBefore);
    carrier.answering = true;
    await until(async () => (await trunkOf(admin, 'Carrier A'))?.state === 'up', 'Carrier A up again', 10_000);
  });

  it('marks the trunk down under a trunkDown fault on its node, as refusing (503), and up again once the rule goes', async () => {
    const carrierA = await trunkOf(admin, 'Carrier A');
    const added = await admin.post('/_sim/labs/default/faults', {
      version: null,
      json: { effect: { kind: 'trunkDown', node: carrierA.nodeId } },
    });
    expect(added.status, added.text).to.equal(200);
    // the interval is 2 s: down within two
    await until(async () => (await trunkOf(admin, 'Carrier A'))?.state === 'down', 'Carrier A down', 4_500);
    expect((await trunkOf(admin, 'Carrier A')).keepAlive).to.deep.include({ lastStatus: 503 });
    const removed = await admin.delete(`/_sim/labs/default/faults/${added.json.id}`, { version: null });
    expect(removed.status, removed.text).to.be.oneOf([200, 204]);
    await until(async () => (await trunkOf(admin, 'Carrier A'))?.state === 'up', 'Carrier A up again', 4_500);
  });

  it('sends nothing once the lab stops watching its trunks', async () => {
    const off = await admin.put('/_sim/labs/default/sip', { version: null, json: { supervision: false } });
    expect(off.status, off.text).to.equal(200);
    expect(off.json.supervision).to.equal(false);
    expect(off.json.trunks).to.deep.equal([]);
    const own = () => carrier.of('OPTIONS').length + carrier.of('REGISTER').length;
    const count = own();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(own(), 'neither an OPTIONS nor a REGISTER').to.equal(count);
  });
});
