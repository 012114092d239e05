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
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { carryingGateway, type CarriedIds, type Entry } from './gatewayCarriesCallsSupport.js';

const run = promisify(execFile);
const TSHARK = '/usr/bin/tshark';
const CHROMIUM = '/usr/bin/chromium';

/**
 * The simulator issue's checks, over the API on a configuration built through the API: calls enter on source
 * nodes of the committed configuration, are matched by the route matcher, rewritten by the rewriting engine,
 * fail over, show as active sessions and land in the call history; their SIP flows are what tshark and a browser
 * see; maintenance mode, a disabled node, an uncommitted route, exhausted capacity and a missing route each change
 * what calls do.
 */
describe('a gateway that carries calls through its committed configuration', function () {
  this.timeout(300_000);
  const calls = carryingGateway();
  const { advance, traffic, history, activeCount, profile, download } = calls;
  let gateway: TestGateway;
  let admin: ApiClient;
  let ids: CarriedIds;
  before(() => ({ gateway, admin, ids } = calls.state()));

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
          expect(entry, `no route for ${entry.inboundDestinationDialString}`).to.not.have.any.keys(
            'routeId',
            'outboundNodeId',
          );
          expect(entry, `no route for ${entry.inboundDestinationDialString}`).to.include({
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
      for (const entry of emergency) {
        expect(entry).to.include({ sipStatusCode: 404, q850Cause: 3 });
        expect(entry, 'no route, no outbound node: left out').to.not.have.any.keys('outboundNodeId', 'routeId');
      }
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
});
