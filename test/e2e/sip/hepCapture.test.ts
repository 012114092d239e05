import { expect } from 'chai';
import dgram from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PcapWriter } from '@gwsim/pcap';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { until } from '../../support/sip/sipPhone.js';
import { expectAllPassed, runSipp, startSipp } from '../../support/sip/sipp.js';
import { run, sipTransportLab, TSHARK, type SipTransportIds } from './sipTransportSupport.js';

/** The HEP3 dissector tshark is given (@gwsim/hep's, written for the tests: this tshark has none of its own). */
const HEP3_LUA = path.resolve(__dirname, '..', '..', '..', '..', 'packages', 'hep', 'test', 'e2e', 'hep3.lua');

interface Datagram {
  readonly at: number;
  readonly from: { ip: string; port: number };
  readonly payload: Buffer;
}

/** A UDP socket of the test playing the collector: every datagram, with when and whence it came. */
async function collector(): Promise<{ port: number; datagrams: Datagram[]; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  const datagrams: Datagram[] = [];
  socket.on('message', (payload, from) =>
    datagrams.push({ at: Date.now(), from: { ip: from.address, port: from.port }, payload }),
  );
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, datagrams, close: () => socket.close() };
}

/** The Call-ID of a message's headers. */
const callIdOf = (message: string) => /\r\nCall-ID:\s*([^\r\n]+)/i.exec(message)![1]!.trim();
/** A message's start line as tshark's fields give it: method, or the status code. */
const kindOf = (message: string) => {
  const status = /^SIP\/2\.0 (\d{3})/.exec(message);
  return status ? `|${status[1]}` : `${message.split(' ')[0]}|`;
};

/**
 * HEP3 to a collector, checked by tshark: with HEP on, SIPp calls through a lab and synthetic calls are sent to a UDP
 * socket of the test; what arrived is written as a pcap (HEP over UDP to the collector's port) and tshark decodes it
 * (its SIP dissector behind the HEP3 dissector of @gwsim/hep's tests) into the same SIP messages as the calls'
 * message history: Call-ID, method or status, addresses, ports and time; every leg of a call with one correlation id.
 */
describe('HEP3 to a collector: real and synthetic calls, decoded by tshark', function () {
  this.timeout(300_000);
  const lab = sipTransportLab();
  let gateway: TestGateway;
  let admin: ApiClient;
  let pbxPort: number;
  let uasPort: number;
  let ids: SipTransportIds;
  before(function () {
    if (!existsSync(TSHARK)) this.skip();
    ({ gateway, admin, pbxPort, uasPort, ids } = lab.state());
  });

  it('sends every message of the history of SIPp calls and synthetic calls, which tshark decodes as those messages', async () => {
    const hep = await collector();
    const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-hep-'));
    try {
      const on = await admin.put('/_sim/labs/default/hep', {
        version: null,
        json: { enabled: true, host: '127.0.0.1', port: hep.port, captureId: 2001 },
      });
      expect(on.status, on.text).to.equal(200);

      // real calls: a SIPp UAC through the lab to a SIPp UAS
      const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 120_000 });
      const caller = await runSipp({
        scenario: 'uac',
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 5,
        rate: 5,
        extra: ['-d', '200'],
        timeoutMs: 60_000,
      });
      await uas.stop();
      expectAllPassed(caller, 5);
      await lab.settledHistory((e) => e.inboundNodeId === ids.pbx, 5);

      // synthetic calls: the simulator's callers on the PBX node, its far end answering at the far PBX
      await lab.sip({ farEnds: { [ids.far]: 'answering' } });
      const traffic = await admin.put('/_sim/labs/default/traffic', {
        json: {
          running: true,
          profile: {
            seed: 3,
            callsPerSecond: 2,
            outcomes: { answer: 1 },
            ringTimeSeconds: { min: 0.1, max: 0.3 },
            holdingTime: { distribution: 'exponential', meanSeconds: 0.5 },
            defaultNumberPlan: {
              callingPrefix: '+4930',
              callingDigits: 5,
              called: [{ pattern: '4930XXXXXX', weight: 1 }],
            },
          },
        },
      });
      expect(traffic.status, traffic.text).to.equal(200);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await admin.put('/_sim/labs/default/traffic', { json: { running: false } });
      const active = async () => (await admin.post('/api/activeSessions/get', { json: {} })).json.activeSessions.length;
      await until(async () => (await active()) === 0, 'the synthetic calls ended', 30_000);

      // the calls' message history, and what the collector received of it
      const entries = await lab.history();
      const synthetic = entries.filter((e) => e.inboundSourceDialString.startsWith('+4930'));
      expect(synthetic.length, 'synthetic calls carried').to.be.greaterThan(0);
      const history: any[] = [];
      for (const entry of entries) {
        const details = await admin.get('/api/messageHistory', {
          query: { filterSessionIdentifier: entry.sessionIdentifier },
        });
        expect(details.status, details.text).to.equal(200);
        history.push(...details.json);
      }
      await gateway.get(BatchingMonitorSinks).flush();
      await until(async () => hep.datagrams.length >= history.length, 'every message at the collector', 10_000);
      expect(hep.datagrams.length).to.equal(history.length);

      // what arrived, as a pcap: HEP over UDP to the collector's port
      const writer = new PcapWriter();
      for (const d of hep.datagrams)
        writer.addUdp({ at: d.at, src: d.from, dst: { ip: '127.0.0.1', port: hep.port }, payload: d.payload });
      const file = path.join(dir, 'hep.pcap');
      writeFileSync(file, writer.toBuffer());
      const tshark = ['-r', file, '-X', `lua_script:${HEP3_LUA}`, '-d', `udp.port==${hep.port},hep`];
      const fields = await run(
        TSHARK,
        [
          ...tshark,
          '-Y',
          'sip',
          '-T',
          'fields',
          '-E',
          'separator=|',
          ...['sip.Call-ID', 'sip.Method', 'sip.Status-Code', 'hep.src_ip', 'hep.src_port', 'hep.dst_ip'].flatMap(
            (f) => ['-e', f],
          ),
          ...['hep.dst_port', 'hep.time_sec', 'hep.time_usec', 'hep.capture_id', 'hep.correlation_id'].flatMap((f) => [
            '-e',
            f,
          ]),
        ],
        { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      );
      const decoded = fields.stdout.trim().split('\n');
      expect(decoded, 'every datagram decoded as SIP').to.have.length(history.length);

      // the same messages: Call-ID, method or status, addresses, ports, time (ms; HEP has the µs)
      const row = (callId: string, kind: string, src: string, dst: string, ms: number) =>
        `${callId}|${kind}|${src}|${dst}|${ms}`;
      const expected = history.map((m) =>
        row(
          callIdOf(m.message),
          kindOf(m.message),
          `${m.sourceIpAddress}|${m.sourcePort}`,
          `${m.destinationIpAddress}|${m.destinationPort}`,
          m.timestamp,
        ),
      );
      const correlation = new Map<string, string>();
      const seen = decoded.map((line) => {
        const [callId, method, status, srcIp, srcPort, dstIp, dstPort, sec, usec, captureId, cid] = line.split('|');
        expect(captureId, line).to.equal('2001');
        correlation.set(callId!, cid!);
        const ms = Math.floor((Number(sec) * 1_000_000 + Number(usec)) / 1000);
        return row(callId!, `${method}|${status}`, `${srcIp}|${srcPort}`, `${dstIp}|${dstPort}`, ms);
      });
      expect([...seen].sort()).to.deep.equal([...expected].sort());

      // one correlation id per call, on every leg: its inbound leg's Call-ID
      for (const entry of entries) {
        const legs = history.filter((m) => m.sessionIdentifier === entry.sessionIdentifier);
        const inbound = callIdOf(legs.find((m) => m.callIndex === 0).message);
        const callIds = new Set(legs.map((m) => callIdOf(m.message)));
        expect(callIds.size, `${entry.sessionIdentifier}: both legs`).to.be.at.least(2);
        for (const callId of callIds) expect(correlation.get(callId), callId).to.equal(inbound);
      }

      const verbose = await run(TSHARK, [...tshark, '-V'], { timeout: 60_000, maxBuffer: 256 * 1024 * 1024 });
      expect(verbose.stdout).to.not.match(/Malformed|\[incorrect|Expert Info \(Error/);
      const state = (await admin.get('/_sim/labs/default/hep', { version: null })).json;
      expect(state.sender).to.deep.include({ sent: history.length, dropped: 0 });
    } finally {
      hep.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
