import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PcapWriter } from '@gwsim/pcap';
import { encodeHep3 } from '../../src/index.js';
import { INVITE, packet } from '../samples.js';

/** The HEP3 dissector the tests give tshark (this tshark has none of its own). */
const HEP3_LUA = path.resolve(__dirname, '..', '..', '..', 'test', 'e2e', 'hep3.lua');
const COLLECTOR = { ip: '198.51.100.7', port: 9060 };

/** tshark's fields of a pcap of HEP3 datagrams sent to the collector's port, one line per packet. */
function read(tshark: string, messages: readonly Buffer[], fields: readonly string[], filter?: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-hep-'));
  try {
    const file = path.join(dir, 'hep.pcap');
    const writer = new PcapWriter();
    messages.forEach((payload, index) =>
      writer.addUdp({ at: 1_700_000_000_000 + index, src: { ip: '192.0.2.99', port: 40000 }, dst: COLLECTOR, payload }),
    );
    writeFileSync(file, writer.toBuffer());
    const args = ['-r', file, '-X', `lua_script:${HEP3_LUA}`, '-d', `udp.port==${COLLECTOR.port},hep`];
    const out = execFileSync(
      tshark,
      [
        ...args,
        ...(filter ? ['-Y', filter] : []),
        '-T',
        'fields',
        '-E',
        'separator=|',
        ...fields.flatMap((f) => ['-e', f]),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return out.trim() === '' ? [] : out.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('HEP3: tshark reads what we encode (with the HEP3 dissector of the tests)', function () {
  this.timeout(60_000);
  let tshark = '';
  before(function () {
    try {
      tshark = execFileSync('which', ['tshark'], { encoding: 'utf8' }).trim();
    } catch {
      tshark = '';
    }
    if (!tshark) this.skip();
  });

  it('decodes every chunk and hands the payload to the SIP dissector', () => {
    const rows = read(
      tshark,
      [encodeHep3(packet({ payload: INVITE, correlationId: 'call-1@192.0.2.10' }))],
      [
        'hep.src_ip',
        'hep.src_port',
        'hep.dst_ip',
        'hep.dst_port',
        'hep.ip_proto',
        'hep.time_sec',
        'hep.time_usec',
        'hep.capture_id',
        'hep.auth_key',
        'hep.correlation_id',
        'sip.Method',
        'sip.Call-ID',
      ],
      'sip',
    );
    expect(rows).to.deep.equal([
      '192.0.2.10|5060|192.0.2.1|5062|17|1700000000|123456|2001|myHep|call-1@192.0.2.10|INVITE|call-1@192.0.2.10',
    ]);
  });

  it('reads IPv6 addresses, and a message without key or correlation', () => {
    const rows = read(
      tshark,
      [
        encodeHep3(
          packet({
            payload: INVITE,
            authKey: undefined,
            correlationId: undefined,
            source: { ip: '2001:db8::10', port: 5060 },
            destination: { ip: '2001:db8::1', port: 5062 },
          }),
        ),
      ],
      ['hep.ip_family', 'hep.src_ip6', 'hep.dst_ip6', 'hep.auth_key', 'hep.correlation_id', 'sip.Method'],
    );
    expect(rows).to.deep.equal(['10|2001:db8::10|2001:db8::1|||INVITE']);
  });

  it('flags a message whose chunk lengths do not add up as malformed, and decodes no SIP from it', () => {
    const broken = encodeHep3(packet({ payload: INVITE }));
    broken.writeUInt16BE(0x0fff, 10);
    const rows = read(tshark, [broken], ['sip.Method', '_ws.expert.message']);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.match(/^\|a chunk length out of the message/);
  });
});
