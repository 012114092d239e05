import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PcapWriter } from '@gwsim/pcap';
import type { SipMessageEntry } from '../../../src/contexts/monitoring/index.js';
import { handPlan, planNode, routeTo } from '../../support/simulation/handPlan.js';
import { run } from '../../support/simulation/engineHarness.js';

/** tshark's reading of the messages as UDP packets: one row per packet (protocols, SIP method or status, expert infos). */
function tsharkRows(tshark: string, messages: readonly SipMessageEntry[]): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-sim-'));
  try {
    const writer = new PcapWriter();
    for (const m of messages) {
      writer.addUdp({
        at: m.timestampMicros / 1000,
        src: { ip: m.sourceIpAddress, port: m.sourcePort },
        dst: { ip: m.destinationIpAddress, port: m.destinationPort },
        payload: m.message,
      });
    }
    const file = path.join(dir, 'calls.pcap');
    writeFileSync(file, writer.toBuffer());
    const out = execFileSync(
      tshark,
      [
        '-r',
        file,
        '-o',
        'ip.check_checksum:TRUE',
        '-o',
        'udp.check_checksum:TRUE',
        '-T',
        'fields',
        '-E',
        'separator=|',
        '-e',
        'frame.protocols',
        '-e',
        'sip.Method',
        '-e',
        'sip.Status-Code',
        '-e',
        'sip.CSeq.method',
        '-e',
        '_ws.expert',
        '-e',
        '_ws.malformed',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return out
      .trim()
      .split('\n')
      .map((row) => row.split('|'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the simulated messages as tshark decodes them', function () {
  let tshark = '';
  before(function () {
    try {
      tshark = execFileSync('which', ['tshark'], { encoding: 'utf8' }).trim();
    } catch {
      tshark = '';
    }
    if (!tshark) this.skip();
  });

  it('every packet of every outcome is SIP (SDP with the INVITEs and 200s for INVITE), none malformed, no expert warnings', function () {
    this.timeout(60_000);
    // the gateway's side on ports other than 5060, as configured nodes have them: tshark finds SIP by its heuristics
    const plan = handPlan(
      [
        planNode('pbx', { localPort: 5070 }),
        planNode('carrier-a', { localPort: 5080 }),
        planNode('carrier-b', { localPort: 5090 }),
      ],
      [
        {
          id: 'd',
          sourceNodeIds: ['pbx'],
          routes: [routeTo('out', ['carrier-a', 'carrier-b'], { failover: '500-599' })],
        },
      ],
    );
    const r = run(
      {
        seed: 4,
        callsPerSecond: 2,
        recordedShare: 0,
        outcomes: { answer: 3, busy: 1, noAnswer: 1, failure: 1, cancel: 1 },
        holdingTime: { distribution: 'exponential', meanSeconds: 5 },
      },
      { plan },
    );
    r.advance(150);
    r.engine.stopArrivals();
    r.advance(600);
    const results = new Set(r.sinks.calls.map((c) => c.result));
    expect([...results].sort()).to.deep.equal(['ANSWERED', 'BUSY', 'CANCELLED', 'FAILED', 'NO_ANSWER']);
    const rows = tsharkRows(tshark, r.sinks.messages);
    expect(rows).to.have.length(r.sinks.messages.length);
    rows.forEach((row, index) => {
      const [protocols, method, status, cseqMethod, expert, malformed] = row;
      const first = r.sinks.messages[index]!.message.split('\r\n')[0]!;
      expect(protocols, first).to.match(/:udp:sip/);
      expect(malformed, first).to.equal('');
      expect(expert, first).to.equal('');
      if (first.startsWith('SIP/2.0')) expect(first).to.contain(` ${status} `);
      else expect(first.startsWith(`${method} `), first).to.equal(true);
      const hasSdp = method === 'INVITE' || (status === '200' && cseqMethod === 'INVITE');
      expect(protocols.endsWith(':sdp'), first).to.equal(hasSdp);
    });
  });
});
