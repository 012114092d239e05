import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import {
  PcapWriter,
  PcapStreamWriter,
  internetChecksum,
  macForIpv4,
  parseIpv4,
  timestampOf,
  MAX_UDP_PAYLOAD,
} from '../src/index.js';
import { readPcap, decodeUdp, onesSum } from './reader.js';
import { INVITE, datagram } from './samples.js';

describe('pcap: internet checksum', () => {
  it('matches the RFC 1071 worked example and a textbook IPv4 header', () => {
    // RFC 1071 section 3: words 0001 f203 f4f5 f6f7 sum to ddf2, checksum 220d
    expect(internetChecksum(Buffer.from('0001f203f4f5f6f7', 'hex'))).to.equal(0x220d);
    const header = Buffer.from('450000730000400040110000c0a80001c0a800c7', 'hex');
    expect(internetChecksum(header)).to.equal(0xb861);
  });

  it('gives the same result however the bytes are split, odd chunks included', () => {
    const data = Buffer.from('0102030405060708090a0b0c0d0e0f10111213', 'hex');
    const whole = internetChecksum(data);
    expect(whole).to.equal(~onesSum([...data]) & 0xffff);
    for (let a = 0; a <= data.length; a++) {
      for (let b = a; b <= data.length; b++) {
        expect(internetChecksum(data.subarray(0, a), data.subarray(a, b), data.subarray(b)), `${a}/${b}`).to.equal(
          whole,
        );
      }
    }
  });
});

describe('pcap: file structure', () => {
  it('writes the classic global header: magic a1b2c3d4, 2.4, snaplen, LINKTYPE_ETHERNET', () => {
    const f = readPcap(new PcapWriter({ snaplen: 4096 }).toBuffer());
    expect(f.magic).to.equal(0xa1b2c3d4);
    expect([f.versionMajor, f.versionMinor]).to.deep.equal([2, 4]);
    expect(f.thiszone).to.equal(0);
    expect(f.sigfigs).to.equal(0);
    expect(f.snaplen).to.equal(4096);
    expect(f.network).to.equal(1);
    expect(f.packets).to.have.length(0);
    expect(new PcapWriter().toBuffer().readUInt32LE(16)).to.equal(262144);
  });

  it('writes one record per datagram with microsecond timestamps and full lengths', () => {
    const w = new PcapWriter();
    w.addUdp(datagram());
    w.addUdp(datagram({ at: Date.UTC(2026, 10, 23, 6, 0, 1) + 0.5, payload: 'x' }));
    w.addUdp(datagram({ at: 1999.999, payload: new Uint8Array(0) }));
    expect(w.count).to.equal(3);
    const f = readPcap(w.toBuffer());
    expect(f.packets).to.have.length(3);
    const [a, b, c] = f.packets;
    expect(a!.tsSec).to.equal(Date.UTC(2026, 10, 23, 6, 0, 0) / 1000);
    expect(a!.tsUsec).to.equal(123000);
    expect(b!.tsSec).to.equal(Date.UTC(2026, 10, 23, 6, 0, 1) / 1000);
    expect(b!.tsUsec).to.equal(500);
    expect([c!.tsSec, c!.tsUsec]).to.deep.equal([1, 999999]);
    expect(a!.inclLen).to.equal(14 + 20 + 8 + INVITE.length);
    expect(a!.origLen).to.equal(a!.inclLen);
    expect(b!.inclLen).to.equal(14 + 20 + 8 + 1);
    expect(c!.inclLen).to.equal(42);
  });

  it('rounds sub-microsecond times without producing usec = 1000000', () => {
    expect(timestampOf(1999.9999999)).to.deep.equal({ sec: 2, usec: 0 });
    expect(timestampOf(new Date(0))).to.deep.equal({ sec: 0, usec: 0 });
    expect(() => timestampOf(-1)).to.throw(RangeError);
    expect(() => timestampOf(new Date(NaN))).to.throw(RangeError);
  });

  it('encodes Ethernet II, IPv4 and UDP headers that an independent decoder verifies', () => {
    const w = new PcapWriter();
    w.addUdp(datagram());
    w.addUdp(
      datagram({ src: { ip: '10.0.0.1', port: 40000 }, dst: { ip: '10.255.0.254', port: 5060 }, payload: 'odd' }),
    );
    const [p1, p2] = readPcap(w.toBuffer()).packets.map((p) => decodeUdp(p.data));
    expect(p1!.srcMac).to.equal('02:00:c0:00:02:0a');
    expect(p1!.dstMac).to.equal('02:00:c0:00:02:14');
    expect(p1!.etherType).to.equal(0x0800);
    expect(p1!.version).to.equal(4);
    expect(p1!.ihl).to.equal(5);
    expect(p1!.totalLength).to.equal(20 + 8 + INVITE.length);
    expect(p1!.ttl).to.equal(64);
    expect(p1!.protocol).to.equal(17);
    expect(p1!.flagsFragment).to.equal(0);
    expect(p1!.srcIp).to.equal('192.0.2.10');
    expect(p1!.dstIp).to.equal('192.0.2.20');
    expect(p1!.ipHeaderValid).to.equal(true);
    expect([p1!.srcPort, p1!.dstPort]).to.deep.equal([5060, 5062]);
    expect(p1!.udpLength).to.equal(8 + INVITE.length);
    expect(p1!.udpChecksum).to.not.equal(0);
    expect(p1!.udpChecksumValid).to.equal(true);
    expect(p1!.payload.toString()).to.equal(INVITE);
    expect(p2!.srcIp).to.equal('10.0.0.1');
    expect(p2!.dstIp).to.equal('10.255.0.254');
    expect([p2!.srcPort, p2!.dstPort]).to.deep.equal([40000, 5060]);
    expect(p2!.udpLength).to.equal(11);
    expect(p2!.ipHeaderValid).to.equal(true);
    expect(p2!.udpChecksumValid).to.equal(true);
    expect(p2!.payload.toString()).to.equal('odd');
  });

  it('detects a corrupted byte (the decoder really checks)', () => {
    const buf = new PcapWriter().addUdp(datagram()).toBuffer();
    const payloadAt = 24 + 16 + 14 + 20 + 8;
    buf[payloadAt] ^= 0x01;
    buf[24 + 16 + 14 + 8] ^= 0x01; // TTL
    const p = decodeUdp(readPcap(buf).packets[0]!.data);
    expect(p.udpChecksumValid).to.equal(false);
    expect(p.ipHeaderValid).to.equal(false);
  });

  it('numbers IPv4 identification from firstIdentification, wrapping at 65536', () => {
    const w = new PcapWriter({ firstIdentification: 65534 });
    for (let i = 0; i < 3; i++) w.addUdp(datagram());
    const ids = readPcap(w.toBuffer()).packets.map((p) => decodeUdp(p.data).identification);
    expect(ids).to.deep.equal([65534, 65535, 0]);
    const d = readPcap(new PcapWriter().addUdp(datagram()).toBuffer()).packets.map(
      (p) => decodeUdp(p.data).identification,
    );
    expect(d).to.deep.equal([1]);
  });

  it('uses given MAC addresses and derives others deterministically from the IP', () => {
    expect(macForIpv4('10.1.2.255')).to.equal('02:00:0a:01:02:ff');
    const w = new PcapWriter().addUdp(
      datagram({
        src: { ip: '192.0.2.10', port: 5060, mac: 'AA-BB-CC-DD-EE-0F' },
        dst: { ip: '192.0.2.20', port: 5060 },
      }),
    );
    const p = decodeUdp(readPcap(w.toBuffer()).packets[0]!.data);
    expect(p.srcMac).to.equal('aa:bb:cc:dd:ee:0f');
    expect(p.dstMac).to.equal('02:00:c0:00:02:14');
  });

  it('sends a computed UDP checksum of 0 as 0xffff (RFC 768)', () => {
    const base = { at: 0, src: { ip: '192.0.2.1', port: 1000 }, dst: { ip: '192.0.2.2', port: 2000 } };
    const first = decodeUdp(
      readPcap(new PcapWriter().addUdp({ ...base, payload: Buffer.from([0, 0]) }).toBuffer()).packets[0]!.data,
    );
    // appending the previous checksum as a payload word makes the ones' sum all ones, i.e. a checksum of 0
    const word = Buffer.from([first.udpChecksum >> 8, first.udpChecksum & 0xff]);
    const p = decodeUdp(readPcap(new PcapWriter().addUdp({ ...base, payload: word }).toBuffer()).packets[0]!.data);
    expect(p.udpChecksum).to.equal(0xffff);
    expect(p.udpChecksumValid).to.equal(true);
  });

  it('truncates frames to snaplen while orig_len keeps the full length', () => {
    const f = readPcap(new PcapWriter({ snaplen: 60 }).addUdp(datagram()).toBuffer());
    expect(f.packets[0]!.inclLen).to.equal(60);
    expect(f.packets[0]!.data).to.have.length(60);
    expect(f.packets[0]!.origLen).to.equal(14 + 20 + 8 + INVITE.length);
  });

  it('carries the largest IPv4 UDP payload and refuses a larger one', () => {
    const w = new PcapWriter();
    w.addUdp(datagram({ payload: Buffer.alloc(MAX_UDP_PAYLOAD, 0x61) }));
    const p = decodeUdp(readPcap(w.toBuffer()).packets[0]!.data);
    expect(p.totalLength).to.equal(65535);
    expect(p.udpChecksumValid).to.equal(true);
    expect(readPcap(w.toBuffer()).packets[0]!.inclLen).to.equal(14 + 65535); // the default snaplen keeps it whole
    expect(() => w.addUdp(datagram({ payload: Buffer.alloc(MAX_UDP_PAYLOAD + 1) }))).to.throw(RangeError);
    expect(w.count).to.equal(1);
  });

  it('rejects malformed addresses, ports and options without numbering a packet', () => {
    const w = new PcapWriter();
    expect(() => w.addUdp(datagram({ src: { ip: '192.0.2.256', port: 1 } }))).to.throw(TypeError);
    expect(() => w.addUdp(datagram({ src: { ip: '192.0.2', port: 1 } }))).to.throw(TypeError);
    expect(() => w.addUdp(datagram({ src: { ip: '01.0.0.1', port: 1 } }))).to.throw(TypeError);
    expect(() => w.addUdp(datagram({ src: { ip: '2001:db8::1', port: 1 } }))).to.throw(TypeError);
    expect(() => w.addUdp(datagram({ dst: { ip: '192.0.2.1', port: 65536 } }))).to.throw(RangeError);
    expect(() => w.addUdp(datagram({ dst: { ip: '192.0.2.1', port: 1.5 } }))).to.throw(RangeError);
    expect(() => w.addUdp(datagram({ dst: { ip: '192.0.2.1', port: 1, mac: '02:00:00' } }))).to.throw(TypeError);
    expect(() => new PcapWriter({ snaplen: 0 })).to.throw(RangeError);
    expect(() => new PcapWriter({ firstIdentification: 70000 })).to.throw(RangeError);
    expect(w.count).to.equal(0);
    expect(parseIpv4('0.0.0.0')).to.deep.equal(Buffer.from([0, 0, 0, 0]));
  });
});

describe('pcap: streaming writer', () => {
  it('writes to a Writable exactly the bytes the in-memory writer produces', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    const s = new PcapStreamWriter(sink, { snaplen: 2000, firstIdentification: 7 });
    const m = new PcapWriter({ snaplen: 2000, firstIdentification: 7 });
    const items = [datagram(), datagram({ payload: 'SIP/2.0 100 Trying\r\n\r\n', at: 1_800_000_000_001.25 })];
    for (const d of items) {
      expect(s.addUdp(d)).to.be.a('boolean');
      m.addUdp(d);
    }
    await s.end();
    expect(s.count).to.equal(2);
    expect(Buffer.concat(chunks).equals(m.toBuffer())).to.equal(true);
    expect(readPcap(Buffer.concat(chunks)).packets).to.have.length(2);
  });
});
