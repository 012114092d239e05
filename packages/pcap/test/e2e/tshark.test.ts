import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PcapWriter } from '../../src/index.js';
import { datagram } from '../samples.js';

describe('pcap: tshark decodes what we write', function () {
  let tshark = '';
  before(function () {
    try {
      tshark = execFileSync('which', ['tshark'], { encoding: 'utf8' }).trim();
    } catch {
      tshark = '';
    }
    if (!tshark) this.skip();
  });

  it('reads addresses, ports, SIP and good checksums with no expert warnings', function () {
    this.timeout(30000);
    const dir = mkdtempSync(join(tmpdir(), 'gwsim-pcap-'));
    try {
      const file = join(dir, 'sip.pcap');
      const w = new PcapWriter();
      w.addUdp(datagram());
      w.addUdp(
        datagram({
          at: new Date('2026-11-23T06:00:00.125Z'),
          src: { ip: '192.0.2.20', port: 5062 },
          dst: { ip: '192.0.2.10', port: 5060 },
          payload:
            'SIP/2.0 100 Trying\r\nVia: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bK776asdhds\r\nTo: <sip:bob@192.0.2.20>\r\nFrom: <sip:alice@192.0.2.10>;tag=1928301774\r\nCall-ID: a84b4c76e66710@192.0.2.10\r\nCSeq: 314159 INVITE\r\nContent-Length: 0\r\n\r\n',
        }),
      );
      writeFileSync(file, w.toBuffer());
      const out = execFileSync(
        tshark,
        [
          '-r',
          file,
          '-o',
          'ip.check_checksum:TRUE',
          '-o',
          'udp.check_checksum:TRUE',
          '-d',
          'udp.port==5062,sip',
          '-T',
          'fields',
          '-E',
          'separator=|',
          '-e',
          'frame.time_epoch',
          '-e',
          'ip.src',
          '-e',
          'ip.dst',
          '-e',
          'udp.srcport',
          '-e',
          'udp.dstport',
          '-e',
          'ip.checksum.status',
          '-e',
          'udp.checksum.status',
          '-e',
          'sip.CSeq.method',
          '-e',
          'sip.Status-Code',
          '-e',
          '_ws.expert',
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const rows = out
        .trim()
        .split('\n')
        .map((l) => l.split('|'));
      expect(rows).to.have.length(2);
      const [r1, r2] = rows;
      expect(Number(r1![0])).to.be.closeTo(Date.UTC(2026, 10, 23, 6) / 1000 + 0.123, 1e-6);
      // checksum status 1 is "Good" in Wireshark's enum
      expect(r1!.slice(1)).to.deep.equal(['192.0.2.10', '192.0.2.20', '5060', '5062', '1', '1', 'INVITE', '', '']);
      expect(r2!.slice(1)).to.deep.equal(['192.0.2.20', '192.0.2.10', '5062', '5060', '1', '1', 'INVITE', '100', '']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
