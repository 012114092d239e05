import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { meanOpinionScore } from '../../../src/contexts/simulation/calls/domain/MediaQuality.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';
import { PROFILES, addProvider, addSystem } from '../configuration/nodesSupport.js';

const V1 = { version: 1 };
const FAULTS = '/_sim/labs/default/faults';

interface Leg {
  codec?: string;
  packetsSent: number;
  packetsLost: number;
  jitterMs: number;
}
interface Entry {
  sessionIdentifier: string;
  inboundNodeId: string;
  outboundNodeId?: string;
  result: string;
  sipStatusCode: number;
  q850Cause: number;
  mos?: number;
  outbound?: Leg;
  attempts: Array<{ nodeId: string; sipStatusCode: number }>;
}

/**
 * Every gateway fault through the control API against a running gateway whose simulator runs on a manual clock:
 * what the gateway's API shows while the rule holds (hotStandby/status, licenses/get, resources/get,
 * activeSessions/get, the call history) and what new calls do, then what it shows once the rule is removed.
 */
describe('control API: gateway faults change what the gateway does', function () {
  this.timeout(600_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: { pbx: string; carrierA: string; carrierB: string; hotStandby: string };

  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
  }

  async function addRule(rule: unknown): Promise<{ id: string } & Record<string, unknown>> {
    const response = await admin.post(FAULTS, { version: null, json: rule });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  async function removeRule(id: string): Promise<void> {
    const response = await admin.delete(`${FAULTS}/${id}`, { version: null });
    expect(response.status, response.text).to.equal(200);
  }

  async function traffic(body: Record<string, unknown>): Promise<void> {
    const response = await admin.put('/_sim/labs/default/traffic', { json: body });
    expect(response.status, response.text).to.equal(200);
  }

  async function history(filter: Record<string, unknown> = {}): Promise<{ totalCount: number; entries: Entry[] }> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10000, ...filter },
    });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  async function sessions(): Promise<
    Array<{
      outgoing: Array<{ nodeId: string; callState: string; rtpSendTotalPackets: number; rtpSendPacketsLost: number }>;
    }>
  > {
    const response = await admin.post('/api/activeSessions/get', { json: {} });
    expect(response.status, response.text).to.equal(200);
    return response.json.activeSessions;
  }

  /** The gates see a change within a second of the lab's time: two seconds pass before the calls counted. */
  async function settle(): Promise<void> {
    await advance(2);
  }

  /** `seconds` of arrivals, then every call runs to its end; answers the history entries of the calls started meanwhile. */
  async function carry(seconds: number, during?: () => Promise<void>): Promise<Entry[]> {
    const from = gateway.clock.now().toISOString();
    await traffic({ running: true });
    await advance(seconds);
    if (during) await during();
    await traffic({ running: false });
    for (let i = 0; i < 100 && (await sessions()).length > 0; i += 1) await advance(10);
    expect(await sessions(), 'every call has ended').to.deep.equal([]);
    return (await history({ startDateTimeFrom: from })).entries;
  }

  const expectAllAnsweredVia = (entries: Entry[], node: string) => {
    expect(entries.length).to.be.greaterThan(5);
    for (const entry of entries)
      expect(entry, JSON.stringify(entry.attempts)).to.include({ result: 'ANSWERED', outboundNodeId: node });
  };

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    const [carrierA] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier A',
      credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5080,
      tlsPort: 5081,
    });
    const [carrierB] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier B',
      credentials: { username: 'b', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5090,
      tlsPort: 5091,
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
        displayName: 'out via A, failover to B',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: carrierA!.id,
              routingForwardProfileId: '',
              failoverStatusMatch: { telStatusList: [], sipStatusCodes: '408,500-599' },
            },
            { destinationNodeId: carrierB!.id, routingForwardProfileId: '' },
          ],
        },
        filters: [{ sourceNodeIds: [pbx!.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
      },
    });
    expect(route.status, route.text).to.equal(200);
    const pair = await admin.post('/api/hotStandby/add', {
      query: { mode: 'addMainSystemHotStandbyObjects' },
      json: { name: 'Pair' },
    });
    expect(pair.status, pair.text).to.equal(200);
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
    ids = { pbx: pbx!.id, carrierA: carrierA!.id, carrierB: carrierB!.id, hotStandby: pair.json.hotStandbyId };
    await traffic({
      running: false,
      profile: {
        seed: 21,
        callsPerSecond: 2,
        holdingTime: { distribution: 'exponential', meanSeconds: 4 },
        recordedShare: 0,
        outcomes: { answer: 1 },
        packetLossPercent: 0,
        jitterMs: 8,
        defaultNumberPlan: {
          callingPrefix: '+4930',
          callingDigits: 7,
          weight: 1,
          called: [{ pattern: '0301234XXX', weight: 1 }],
        },
      },
    });
  });
  after(() => gateway?.stop());

  afterEach(async () => {
    for (const rule of (await admin.get(FAULTS, { version: null })).json.rules) await removeRule(rule.id);
  });

  it('takes a rule per kind with its parameters and lists it as written; a node that is not in the committed configuration is 400 naming effect.node', async () => {
    const unknown = await admin.post(FAULTS, {
      version: null,
      json: { effect: { kind: 'trunkDown', node: 'no-such-node' } },
    });
    expectError(unknown, 400, 'INVALID_FAULT_RULE');
    expect(unknown.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal(['effect.node']);
    expect(unknown.json.error.message).to.contain('no-such-node').and.contain(`${ids.carrierA} (Carrier A)`);
    const added = await addRule({ effect: { kind: 'cpuOverload' }, expiresInSeconds: 600 });
    expect(added['effect']).to.deep.equal({ kind: 'cpuOverload', loadPercent: 98 });
    const loss = await addRule({ effect: { kind: 'packetLoss', node: ids.carrierB, lossPercent: 5, jitterMs: 40 } });
    expect(loss['effect']).to.deep.equal({ kind: 'packetLoss', node: ids.carrierB, lossPercent: 5, jitterMs: 40 });
    // the journal names the gateway-fault rules holding while a request was served
    await admin.get('/api/version/get');
    const journal = await admin.get('/_sim/labs/default/journal', {
      version: null,
      query: { path: '/api/version/get' },
    });
    expect(journal.json.entries.at(-1).gatewayFaults).to.deep.equal([added.id, loss.id]);
  });

  it('trunkDown on a carrier: new calls to it end with 503 and fail over to the next target; after removal they go through it again', async () => {
    const rule = await addRule({ effect: { kind: 'trunkDown', node: ids.carrierA } });
    await settle();
    const during = await carry(15);
    expectAllAnsweredVia(during, ids.carrierB);
    for (const entry of during)
      expect(entry.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
        [ids.carrierA, 503],
        [ids.carrierB, 200],
      ]);
    await removeRule(rule.id);
    await settle();
    const after = await carry(10);
    expectAllAnsweredVia(after, ids.carrierA);
    for (const entry of after) expect(entry.attempts).to.have.length(1);
  });

  it('nodeDown on both carriers: the INVITEs go unanswered, 408 after Timer B on each, the caller gets 408 cause 102', async () => {
    const first = await addRule({ effect: { kind: 'nodeDown', node: ids.carrierA } });
    await addRule({ effect: { kind: 'nodeDown', node: ids.carrierB } });
    await settle();
    const both = await carry(6);
    expect(both.length).to.be.greaterThan(5);
    for (const entry of both) {
      expect(entry).to.include({ result: 'FAILED', sipStatusCode: 408, q850Cause: 102 });
      expect(entry.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
        [ids.carrierA, 408],
        [ids.carrierB, 408],
      ]);
    }
    // ending one rule leaves the other: carrier A answers again, B is still down (never reached)
    await removeRule(first.id);
    await settle();
    expectAllAnsweredVia(await carry(6), ids.carrierA);
  });

  it('standbyLinkDown: the pair fails over (hotStandby/status), new calls are refused 503/41; after removal the link is up and the standby keeps the role until recover', async () => {
    const status = async () => (await admin.get('/api/hotStandby/status', { query: { id: ids.hotStandby } })).json;
    expect(await status()).to.include({ linkStatus: 'UP', mainStatus: 'ACTIVE', standbyStatus: 'INACTIVE' });
    const rule = await addRule({ effect: { kind: 'standbyLinkDown' } });
    expect(await status()).to.include({
      linkStatus: 'DOWN',
      mainStatus: 'INACTIVE',
      standbyStatus: 'ACTIVE',
      onlyImmediateRoleChangePossible: true,
      recoveryPossible: false,
    });
    await settle();
    const during = await carry(5);
    expect(during.length).to.be.greaterThan(3);
    for (const entry of during) {
      expect(entry).to.include({ result: 'FAILED', sipStatusCode: 503, q850Cause: 41 });
      expect(entry, 'never left: no outbound node (absent, not null)').to.not.have.property('outboundNodeId');
    }
    await removeRule(rule.id);
    expect(await status()).to.include({
      linkStatus: 'UP',
      mainStatus: 'INACTIVE',
      standbyStatus: 'ACTIVE',
      recoveryPossible: true,
      onlyImmediateRoleChangePossible: false,
    });
    await settle();
    for (const entry of await carry(3)) expect(entry).to.include({ sipStatusCode: 503, q850Cause: 41 });
    expect((await admin.get('/api/hotStandby/recover', { query: { id: ids.hotStandby } })).text).to.equal('SUCCESS');
    expect(await status()).to.include({ linkStatus: 'UP', mainStatus: 'ACTIVE', standbyStatus: 'INACTIVE' });
    await settle();
    expectAllAnsweredVia(await carry(5), ids.carrierA);
  });

  it('licenseRevoked: licenses/get shows the license invalidated and calls are refused 503/34; after removal it is ACTIVE again', async () => {
    const statuses = async () =>
      ((await admin.get('/api/licenses/get')).json as Array<{ status: string }>).map((l) => l.status);
    expect(await statuses()).to.deep.equal(['ACTIVE']);
    const rule = await addRule({ effect: { kind: 'licenseRevoked' } });
    expect(await statuses()).to.deep.equal(['INVALIDATED']);
    await settle();
    const during = await carry(5);
    expect(during.length).to.be.greaterThan(3);
    for (const entry of during) expect(entry).to.include({ result: 'REJECTED', sipStatusCode: 503, q850Cause: 34 });
    await removeRule(rule.id);
    expect(await statuses()).to.deep.equal(['ACTIVE']);
    await settle();
    expectAllAnsweredVia(await carry(5), ids.carrierA);
  });

  it('diskFull: resources/get shows the disk full and no new history is written while it holds; what was kept still reads; writing resumes after', async () => {
    const before = (await history()).totalCount;
    expect(before).to.be.greaterThan(0);
    const rule = await addRule({ effect: { kind: 'diskFull' } });
    const disk = (await admin.get('/api/resources/get', { query: { value: 'disk' } })).json.disk;
    expect(disk.used).to.equal(disk.total);
    await settle();
    await traffic({ running: true });
    await advance(10);
    await traffic({ running: false });
    for (let i = 0; i < 30 && (await sessions()).length > 0; i += 1) await advance(10);
    expect((await history()).totalCount, 'no new history while the disk is full').to.equal(before);
    const metrics = await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text();
    expect(Number(/^gwsim_monitor_dropped_rows_total (\S+)$/m.exec(metrics)?.[1])).to.be.greaterThan(10);
    await removeRule(rule.id);
    const free = (await admin.get('/api/resources/get', { query: { value: 'disk' } })).json.disk;
    expect(free.used).to.be.lessThan(free.total);
    const after = await carry(5);
    expect(after.length).to.be.greaterThan(3);
    expect((await history()).totalCount).to.equal(before + after.length);
  });

  it('cpuOverload: resources/get shows the load and a share of new calls is refused with 503 cause 42', async () => {
    await addRule({ effect: { kind: 'cpuOverload', loadPercent: 95 } });
    expect((await admin.get('/api/resources/get', { query: { value: 'cpu' } })).json.cpu).to.be.at.least(95);
    await settle();
    const during = await carry(30);
    const shed = during.filter((e) => e.q850Cause === 42);
    expect(shed.length, 'some calls shed').to.be.greaterThan(during.length / 2);
    expect(shed.length, 'some calls carried').to.be.lessThan(during.length);
    for (const entry of shed) {
      expect(entry).to.include({ result: 'REJECTED', sipStatusCode: 503 });
      expect(entry, 'never left: no outbound node (absent, not null)').to.not.have.property('outboundNodeId');
    }
    for (const entry of during.filter((e) => e.q850Cause !== 42)) expect(entry.result).to.equal('ANSWERED');
  });

  it('packetLoss on a carrier: calls through it show the loss and jitter in activeSessions and their history (RTP counters, MOS)', async () => {
    await addRule({ effect: { kind: 'packetLoss', node: ids.carrierA, lossPercent: 5, jitterMs: 40 } });
    await settle();
    let seen = 0;
    const entries = await carry(10, async () => {
      for (const session of await sessions()) {
        const leg = session.outgoing[0];
        if (!leg || leg.callState !== 'connected' || leg.rtpSendTotalPackets < 100) continue;
        expect(leg.nodeId).to.equal(ids.carrierA);
        expect(leg.rtpSendPacketsLost).to.equal(Math.floor(leg.rtpSendTotalPackets * 0.05));
        seen += 1;
      }
    });
    expect(seen, 'connected sessions with media were seen').to.be.greaterThan(0);
    const answered = entries.filter((e) => e.result === 'ANSWERED' && (e.outbound?.packetsSent ?? 0) >= 100);
    expect(answered.length).to.be.greaterThan(3);
    for (const entry of answered) {
      expect(entry.outboundNodeId).to.equal(ids.carrierA);
      expect(entry.outbound!.packetsLost).to.equal(Math.floor(entry.outbound!.packetsSent * 0.05));
      expect(entry.outbound!.jitterMs).to.equal(40);
      expect(entry.mos).to.equal(meanOpinionScore(entry.outbound!.codec as never, 5, 40));
      expect(entry.mos!).to.be.lessThan(meanOpinionScore(entry.outbound!.codec as never, 0, 8));
    }
  });
});
