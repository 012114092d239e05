import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  CommittedGateway,
  DialString,
  DialStrings,
  type GatewayPlan,
} from '../../../src/contexts/configuration/index.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { PROFILES, addProvider, addSystem } from '../../acceptance/configuration/nodesSupport.js';

const run = promisify(execFile);
const V1 = { version: 1 };
const TSHARK = '/usr/bin/tshark';
const CHROMIUM = '/usr/bin/chromium';

interface Entry {
  sessionIdentifier: string;
  inboundNodeId: string;
  outboundNodeId: string | null;
  routingDomainId: string | null;
  routeId: string | null;
  inboundSourceDialString: string;
  inboundDestinationDialString: string;
  outboundSourceDialString: string | null;
  outboundDestinationDialString: string | null;
  result: string;
  sipStatusCode: number;
  q850Cause: number;
  attempts: Array<{ nodeId: string; sipStatusCode: number; destinationDialString: string }>;
}

const TO_E164 = {
  segments: [
    {
      prefix: '+49',
      suffix: '',
      delLeading: 1,
      delTrailing: 0,
      keepLeading: 0,
      keepTrailing: 0,
      matchedPart: 0,
      source: 'MOST_APPROPRIATE',
    },
  ],
};

function rule(
  displayName: string,
  prefix: string,
  deleteLeading: number,
  addPrefix: string,
  source: boolean,
  destination: boolean,
): Record<string, unknown> {
  return {
    index: 0,
    displayName,
    comment: '',
    rewriteType: 'prefixAndSuffix',
    prefix,
    suffix: '',
    deleteLeadingCharacters: deleteLeading,
    deleteTrailingCharacters: 0,
    addPrefix,
    addSuffix: '',
    addExtTrailingDigits: 0,
    case: 'unchanged',
    clearDisplayName: false,
    skipRulesBelow: false,
    skipFurtherRules: true,
    applyToSourceDialString: source,
    applyToDestinationDialString: destination,
    applyToAllDialStrings: false,
  };
}

/**
 * The simulator issue's checks, over the API on a configuration built through the API: calls enter on source
 * nodes of the committed configuration, are matched by the route matcher, rewritten by the rewriting engine,
 * fail over, show as active sessions and land in the call history; their SIP flows are what tshark and a browser
 * see; maintenance mode, a disabled node, an uncommitted route, exhausted capacity and a missing route each change
 * what calls do.
 */
describe('a gateway that carries calls through its committed configuration', function () {
  this.timeout(300_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: { pbx: string; carrierA: string; carrierB: string; domain: string };

  async function advance(seconds: number, watch?: () => Promise<void>): Promise<void> {
    for (let step = 0; step < seconds; step += 1) {
      gateway.clock.advance(1000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
      if (watch) await watch();
    }
  }

  async function traffic(body: Record<string, unknown>): Promise<any> {
    const response = await admin.put('/_sim/labs/default/traffic', { json: body });
    expect(response.status, response.text).to.equal(200);
    return response.json;
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

  async function activeCount(): Promise<number> {
    const response = await admin.post('/api/activeSessions/get', { json: {} });
    expect(response.status, response.text).to.equal(200);
    return response.json.activeSessions.length;
  }

  /** Runs `seconds` of arrivals, then lets every call end; answers the entries of the calls started in that run. */
  async function carry(profile: Record<string, unknown>, seconds: number): Promise<Entry[]> {
    const from = gateway.clock.now().toISOString();
    await traffic({ running: true, profile });
    await advance(seconds);
    await traffic({ running: false });
    for (let i = 0; i < 200 && (await activeCount()) > 0; i += 1) await advance(10);
    expect(await activeCount(), 'every call has ended').to.equal(0);
    return (await history({ startDateTimeFrom: from })).entries;
  }

  const profile = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    seed: 11,
    callsPerSecond: 2,
    holdingTime: { distribution: 'exponential', meanSeconds: 10 },
    recordedShare: 0,
    outcomes: { answer: 70, busy: 10, failure: 20 },
    numberPlans: [
      {
        nodeId: ids.pbx,
        callingPrefix: '+4930123456',
        callingDigits: 2,
        weight: 3,
        called: [
          { pattern: '0301234XXX', weight: 4 },
          { pattern: '112', weight: 1 },
        ],
      },
      {
        nodeId: ids.carrierA,
        callingPrefix: '+4940',
        callingDigits: 7,
        weight: 1,
        called: [{ pattern: '+4930123456XX', weight: 1 }],
      },
    ],
    // Only the nodes listed above originate calls.
    defaultNumberPlan: {
      callingPrefix: '+4930',
      callingDigits: 7,
      weight: 0,
      called: [{ pattern: '0301234XXX', weight: 1 }],
    },
    ...over,
  });

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
    const [carrierB] = await addProvider(admin, PROFILES.telekomDe, {
      displayName: 'Carrier B',
      credentials: { username: 'b', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5090,
      tlsPort: 5091,
    });
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [pbx!.id, carrierA!.id] },
    });
    expect(domain.status, domain.text).to.equal(200);
    ids = { pbx: pbx!.id, carrierA: carrierA!.id, carrierB: carrierB!.id, domain: domain.json.id };
    const national = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'national via A, failover to B',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: ids.carrierA,
              routingForwardProfileId: '',
              destinationDialStringRewriting: TO_E164,
              failoverStatusMatch: { telStatusList: [], sipStatusCodes: '500-599' },
            },
            { destinationNodeId: ids.carrierB, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
          ],
        },
        filters: [{ sourceNodeIds: [ids.pbx], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
      },
    });
    expect(national.status, national.text).to.equal(200);
    const inbound = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'carrier to PBX',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [{ destinationNodeId: ids.pbx, routingForwardProfileId: '' }],
        },
        filters: [
          {
            sourceNodeIds: [ids.carrierA],
            destinationDialString: { type: 'WILDCARD', wildcardPattern: '+4930123456*' },
          },
        ],
      },
    });
    expect(inbound.status, inbound.text).to.equal(200);
    // Carrier A's calls arrive in E.164 and leave it national; Carrier B is sent destinations as 0049…
    const fromE164 = await admin.post('/api/dialStringRewriting/add', {
      json: { displayName: 'E.164 to national', rules: [rule('German', '+49', 3, '0', true, false)] },
    });
    const toInternational = await admin.post('/api/dialStringRewriting/add', {
      json: { displayName: 'E.164 to 00', rules: [rule('plus', '+', 1, '00', false, true)] },
    });
    expect(fromE164.status, fromE164.text).to.equal(200);
    expect(toInternational.status, toInternational.text).to.equal(200);
    expect(
      (
        await admin.put('/api/objects/set', {
          query: { id: ids.carrierA },
          json: { incomingDialStringRewritingId: fromE164.json.id },
        })
      ).status,
    ).to.equal(200);
    expect(
      (
        await admin.put('/api/objects/set', {
          query: { id: ids.carrierB },
          json: { outgoingDialStringRewritingId: toInternational.json.id },
        })
      ).status,
    ).to.equal(200);
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
  });
  after(() => gateway?.stop());

  describe('with a seeded profile', () => {
    let entries: Entry[];
    let plan: GatewayPlan;
    let maxActive = 0;

    before(async () => {
      plan = await gateway.get(CommittedGateway).plan(DEFAULT_LAB);
      const from = gateway.clock.now().toISOString();
      await traffic({ running: true, profile: profile() });
      await advance(90, async () => {
        maxActive = Math.max(maxActive, await activeCount());
      });
      await traffic({ running: false });
      for (let i = 0; i < 200 && (await activeCount()) > 0; i += 1) await advance(10);
      entries = (await history({ startDateTimeFrom: from })).entries;
    });

    it('shows calls as active sessions while they run, and every call that ended lands in the call history', async () => {
      expect(maxActive, 'sessions were in progress').to.be.greaterThan(5);
      expect(await activeCount()).to.equal(0);
      const state = (await admin.get('/_sim/labs/default/traffic')).json;
      expect(entries.length).to.be.greaterThan(100);
      expect(entries.length, 'one entry per call the simulator started and ended').to.equal(state.counters.ended);
      expect(new Set(entries.map((e) => e.sessionIdentifier)).size).to.equal(entries.length);
      // the same figures at /_sim/metrics, for a scraper
      const metrics = await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text();
      const value = (name: string) =>
        Number(/^(\S+) (\S+)$/m.exec(metrics.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2]);
      expect(value('gwsim_call_history_records')).to.equal(entries.length);
      expect(value('gwsim_calls_total')).to.equal(state.counters.started);
      expect(value('gwsim_sip_message_records')).to.be.greaterThan(entries.length * 4);
      expect(value('gwsim_monitor_dropped_rows_total')).to.equal(0);
      expect(value('gwsim_active_sessions')).to.equal(0);
    });

    it('agrees with the route matcher and the rewriting engine on every entry: route, nodes, rewritten numbers', () => {
      let failedOver = 0;
      let inboundToPbx = 0;
      for (const entry of entries) {
        const source = plan.nodes.get(entry.inboundNodeId)!;
        const rewritten = source.incomingRewriting?.apply(
          new DialStrings({
            source: DialString.of(entry.inboundSourceDialString),
            destination: DialString.of(entry.inboundDestinationDialString),
          }),
        ).dialStrings;
        const call = {
          sourceNodeId: source.id,
          source: rewritten?.source.text ?? entry.inboundSourceDialString,
          destination: rewritten?.destination.text ?? entry.inboundDestinationDialString,
        };
        const routed = plan.route(call);
        if (!routed) {
          expect(entry, `no route for ${entry.inboundDestinationDialString}`).to.include({
            routeId: null,
            outboundNodeId: null,
            sipStatusCode: 404,
            q850Cause: 3,
            result: 'REJECTED',
          });
          continue;
        }
        expect(entry.routeId).to.equal(routed.match.route.id);
        expect(entry.routingDomainId).to.equal(ids.domain);
        const targets = routed.match.targets;
        expect(entry.attempts.length).to.be.within(1, targets.length);
        entry.attempts.forEach((attempt, index) => {
          const target = targets[index]!;
          const node = plan.nodes.get(target.destinationNodeId)!;
          expect(attempt.nodeId).to.equal(node.id);
          const out = node.outgoingRewriting?.apply(
            new DialStrings({
              source: DialString.of(target.dialStrings.source),
              destination: DialString.of(target.dialStrings.destination),
            }),
          ).dialStrings;
          expect(attempt.destinationDialString).to.equal(out?.destination.text ?? target.dialStrings.destination);
          if (index < entry.attempts.length - 1)
            expect(
              target.failover(attempt.sipStatusCode),
              `attempt ${index} failed over on ${attempt.sipStatusCode}`,
            ).to.equal(true);
        });
        const last = entry.attempts[entry.attempts.length - 1]!;
        expect(entry.outboundNodeId).to.equal(last.nodeId);
        expect(entry.outboundDestinationDialString).to.equal(last.destinationDialString);
        if (entry.attempts.length > 1) failedOver += 1;
        if (entry.outboundNodeId === ids.pbx) inboundToPbx += 1;
      }
      expect(failedOver, 'failures of Carrier A passed calls on to Carrier B').to.be.greaterThan(3);
      expect(inboundToPbx, 'calls from Carrier A reached the PBX').to.be.greaterThan(3);
      const viaB = entries.find((e) => e.outboundNodeId === ids.carrierB)!;
      expect(viaB.outboundDestinationDialString, "Carrier B's outgoing rewriting").to.match(/^00493/);
      const fromCarrier = entries.find((e) => e.inboundNodeId === ids.carrierA)!;
      expect(fromCarrier.inboundSourceDialString).to.match(/^\+4940/);
      expect(fromCarrier.outboundSourceDialString, "Carrier A's incoming rewriting").to.match(/^040/);
    });

    it('a missing route ends the call with 404 and cause 3, never leaving the gateway', () => {
      const emergency = entries.filter((e) => e.inboundDestinationDialString === '112');
      expect(emergency.length).to.be.greaterThan(3);
      for (const entry of emergency)
        expect(entry).to.include({ sipStatusCode: 404, q850Cause: 3, outboundNodeId: null, routeId: null });
    });

    it("tshark decodes each session's pcap as SIP/SDP with no warning, in the flow the textFlow output draws", async function () {
      if (!existsSync(TSHARK)) this.skip();
      const samples = [
        entries.find((e) => e.attempts.length > 1)!,
        entries.find((e) => e.result === 'ANSWERED')!,
        entries.find((e) => e.result === 'BUSY')!,
      ];
      const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-flow-'));
      try {
        for (const entry of samples) {
          const query = { filterSessionIdentifier: entry.sessionIdentifier };
          const pcap = await download('/api/messageHistory', { ...query, resultFormat: 'pcap' });
          const file = path.join(dir, `${entry.sessionIdentifier}.pcap`);
          writeFileSync(file, pcap);
          const verbose = await run(
            TSHARK,
            ['-r', file, '-V', '-o', 'udp.check_checksum:TRUE', '-o', 'ip.check_checksum:TRUE'],
            { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
          );
          expect(verbose.stdout).to.not.match(/Malformed|Bad checksum|\[incorrect|Expert Info \(Warning/);
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
              '_ws.col.Protocol',
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
              '-e',
              'sip.CSeq.method',
            ],
            { timeout: 60_000 },
          );
          const packets = fields.stdout
            .trim()
            .split('\n')
            .map((line) => line.split('|'));
          const details = (await admin.get('/api/messageHistory', { query })).json as unknown[];
          expect(packets.length, 'one packet per stored message').to.equal(details.length);
          for (const [protocol] of packets) expect(protocol).to.be.oneOf(['SIP', 'SIP/SDP']);
          const flow = (await admin.get('/api/messageHistory', { query: { ...query, resultFormat: 'textFlow' } })).text;
          // The ladder's lines, in order, carry tshark's labels in tshark's order, between its endpoints.
          const lines = flow.split('\n');
          let at = 0;
          for (const [, srcIp, srcPort, dstIp, dstPort, method, status] of packets) {
            const label = method ? method : `${status} `;
            const found = lines.findIndex((line, index) => index >= at && line.includes(label));
            expect(
              found,
              `textFlow draws ${label.trim()} (${srcIp}:${srcPort} -> ${dstIp}:${dstPort}) after line ${at}`,
            ).to.be.greaterThan(-1);
            at = found + 1;
            expect(flow).to.contain(`${srcIp}:${srcPort}`).and.contain(`${dstIp}:${dstPort}`);
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('the HTML result renders in headless Chromium: one arrow and one details section per message', async function () {
      if (!existsSync(CHROMIUM)) this.skip();
      const entry = entries.find((e) => e.attempts.length > 1)!;
      const query = { filterSessionIdentifier: entry.sessionIdentifier };
      const details = (await admin.get('/api/messageHistory', { query })).json as unknown[];
      const html = (await admin.get('/api/messageHistory', { query: { ...query, resultFormat: 'HTML' } })).text;
      expect(html).to.not.match(/(src|href)\s*=\s*["']https?:/);
      const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-html-'));
      try {
        const page = path.join(dir, 'ladder.html');
        writeFileSync(page, html);
        const flags = [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          `--user-data-dir=${path.join(dir, 'profile')}`,
        ];
        const dom = (
          await run(CHROMIUM, [...flags, '--dump-dom', `file://${page}`], {
            timeout: 90_000,
            maxBuffer: 32 * 1024 * 1024,
          })
        ).stdout;
        expect((dom.match(/<a [^>]*class="arrow[ "]/g) ?? []).length).to.equal(details.length);
        expect((dom.match(/<section [^>]*id="msg-\d+"/g) ?? []).length).to.equal(details.length);
        const shot = path.join(dir, 'ladder.png');
        await run(CHROMIUM, [...flags, `--screenshot=${shot}`, '--window-size=1280,900', `file://${page}`], {
          timeout: 90_000,
        });
        expect(statSync(shot).size, 'a painted page, not a blank one').to.be.greaterThan(5000);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('each gate changes what calls do', () => {
    it('an uncommitted route routes nothing; once committed, it routes', async () => {
      const route = await admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: 'Main' },
        json: {
          displayName: 'emergency to Carrier B',
          enabled: true,
          establishment: {
            action: 'ACCEPT',
            routingTargets: [{ destinationNodeId: ids.carrierB, routingForwardProfileId: '' }],
          },
          filters: [
            {
              sourceNodeIds: [ids.pbx],
              destinationDialString: { type: 'PLAIN', plain: { prefix: '112', suffix: '' } },
            },
          ],
        },
      });
      expect(route.status, route.text).to.equal(200);
      const emergencyOnly = profile({
        seed: 21,
        callsPerSecond: 1,
        outcomes: { answer: 1 },
        numberPlans: [
          {
            nodeId: ids.pbx,
            callingPrefix: '+4930123456',
            callingDigits: 2,
            weight: 1,
            called: [{ pattern: '112', weight: 1 }],
          },
        ],
      });
      const before = await carry(emergencyOnly, 20);
      expect(before.length).to.be.greaterThan(5);
      for (const entry of before)
        expect(entry, 'the working revision does not route').to.include({ sipStatusCode: 404, q850Cause: 3 });
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      const after = await carry(emergencyOnly, 20);
      expect(after.length).to.be.greaterThan(5);
      for (const entry of after)
        expect(entry).to.include({ routeId: route.json.id, outboundNodeId: ids.carrierB, result: 'ANSWERED' });
    });

    it('maintenance mode refuses new calls (503, cause 42) while the calls in progress run to their end', async () => {
      await traffic({
        running: true,
        profile: profile({
          seed: 31,
          outcomes: { answer: 1 },
          holdingTime: { distribution: 'exponential', meanSeconds: 120 },
        }),
      });
      await advance(15);
      const inProgress = await activeCount();
      expect(inProgress).to.be.greaterThan(3);
      const switchedAt = gateway.clock.now().toISOString();
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
      await advance(20);
      expect(await activeCount(), 'running calls continue').to.be.greaterThan(0);
      await traffic({ running: false });
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: false } })).status).to.equal(200);
      for (let i = 0; i < 200 && (await activeCount()) > 0; i += 1) await advance(10);
      const during = (await history({ startDateTimeFrom: new Date(Date.parse(switchedAt) + 2000).toISOString() }))
        .entries;
      expect(during.length).to.be.greaterThan(10);
      for (const entry of during) expect(entry).to.include({ sipStatusCode: 503, q850Cause: 42, outboundNodeId: null });
      const earlier = (await history({ startDateTimeTo: switchedAt })).entries.filter(
        (e) => Date.parse(switchedAt) - Date.parse((e as unknown as { startDateTime: string }).startDateTime) < 16_000,
      );
      expect(
        earlier.filter((e) => e.result === 'ANSWERED').length,
        'calls begun before maintenance were answered and ended normally',
      ).to.be.greaterThan(3);
    });

    it("a disabled node takes no calls once committed: the route's next target carries them", async () => {
      const nationalOnly = profile({
        seed: 41,
        callsPerSecond: 1,
        outcomes: { answer: 1 },
        numberPlans: [
          {
            nodeId: ids.pbx,
            callingPrefix: '+4930123456',
            callingDigits: 2,
            weight: 1,
            called: [{ pattern: '0301234XXX', weight: 1 }],
          },
        ],
      });
      const enabled = await carry(nationalOnly, 20);
      for (const entry of enabled) expect(entry.outboundNodeId).to.equal(ids.carrierA);
      expect((await admin.post('/api/nodes/disable', { query: { node: 'Carrier A' } })).status).to.equal(200);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      const disabled = await carry(nationalOnly, 20);
      expect(disabled.length).to.be.greaterThan(5);
      for (const entry of disabled) {
        expect(
          entry.attempts.map((a) => a.nodeId),
          'Carrier A is skipped',
        ).to.deep.equal([ids.carrierB]);
        expect(entry.outboundDestinationDialString).to.match(/^00493/);
      }
      expect((await admin.post('/api/nodes/enable', { query: { node: 'Carrier A' } })).status).to.equal(200);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    });

    it('exhausted licensed capacity refuses the calls beyond it (503, cause 34); sessions never exceed the license', async () => {
      let peak = 0;
      const from = gateway.clock.now().toISOString();
      await traffic({
        running: true,
        profile: profile({
          seed: 51,
          callsPerSecond: 5,
          outcomes: { answer: 1 },
          holdingTime: { distribution: 'exponential', meanSeconds: 60 },
        }),
      });
      await advance(40, async () => {
        peak = Math.max(peak, await activeCount());
      });
      await traffic({ running: false });
      for (let i = 0; i < 200 && (await activeCount()) > 0; i += 1) await advance(10);
      expect(peak, 'the 30-session license').to.equal(30);
      const entries = (await history({ startDateTimeFrom: from })).entries;
      const refused = entries.filter((e) => e.q850Cause === 34);
      expect(refused.length).to.be.greaterThan(20);
      for (const entry of refused) expect(entry).to.include({ sipStatusCode: 503, outboundNodeId: null });
    });
  });

  async function download(route: string, query: Record<string, string>): Promise<Buffer> {
    const url = new URL(route, gateway.baseUrl);
    url.search = new URLSearchParams({ version: '0', ...query }).toString();
    const response = await fetch(url, {
      headers: { authorization: `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}` },
    });
    expect(response.status).to.equal(200);
    return Buffer.from(await response.arrayBuffer());
  }
});
