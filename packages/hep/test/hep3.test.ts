import { expect } from 'chai';
import { HEP3_CHUNK, HEP3_MAX_LENGTH, decodeHep3, encodeHep3, ipOctets } from '../src/index.js';
import { INVITE, OPTIONS, packet } from './samples.js';

/** Hex without the spaces and line breaks that make it readable. */
const hex = (text: string) => text.replace(/\s+/g, '');

describe('HEP3: the message of one captured packet, byte for byte as the specification lays it out', () => {
  it('writes HEP3, the total length, then chunks 1 to 12, 14, 17 and the payload (15), each vendor 0, type, length', () => {
    const expected = hex(`
      48455033 0092
      0000 0001 0007 02
      0000 0002 0007 11
      0000 0003 000a c000020a
      0000 0004 000a c0000201
      0000 0007 0008 13c4
      0000 0008 0008 13c6
      0000 0009 000a 6553f100
      0000 000a 000a 0001e240
      0000 000b 0007 01
      0000 000c 000a 000007d1
      0000 000e 000b 6d79486570
      0000 0011 000b 6162634078
      0000 000f 001f ${Buffer.from(OPTIONS, 'latin1').toString('hex')}
    `);
    // 1700000000 s = 0x6553f100, 123456 µs = 0x0001e240, 5060 = 0x13c4, 2001 = 0x7d1; 6 + 25 payload bytes = 0x1f
    expect(encodeHep3(packet()).toString('hex')).to.equal(expected);
    expect(expected.length / 2).to.equal(0x92);
  });

  it('leaves out the authentication key and the correlation id when none is given', () => {
    const bytes = encodeHep3(packet({ authKey: undefined, correlationId: undefined }));
    const types = decodeHep3(bytes).chunks.map((c) => c.type);
    expect(types).to.deep.equal([1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 15]);
    expect(bytes.readUInt16BE(4)).to.equal(bytes.length);
  });

  it('says TCP (6) for a packet that crossed TCP, and carries another protocol type when told', () => {
    const bytes = encodeHep3(packet({ transport: 'tcp', protocolType: 5 }));
    const decoded = decodeHep3(bytes);
    expect(decoded.ipProtocol).to.equal(6);
    expect(decoded.transport).to.equal('tcp');
    expect(decoded.protocolType).to.equal(5);
  });

  it('writes IPv6 addresses in chunks 5 and 6 with family 10, the mapped and compressed forms included', () => {
    const bytes = encodeHep3(
      packet({ source: { ip: '2001:db8::1', port: 5060 }, destination: { ip: '::ffff:192.0.2.1', port: 5062 } }),
    );
    const chunks = decodeHep3(bytes).chunks;
    expect(chunks[0]).to.deep.include({ type: HEP3_CHUNK.ipFamily, value: Buffer.from([10]) });
    expect(chunks[2]!.type).to.equal(HEP3_CHUNK.ipv6Source);
    expect(chunks[2]!.value.toString('hex')).to.equal('20010db8000000000000000000000001');
    expect(chunks[3]!.type).to.equal(HEP3_CHUNK.ipv6Destination);
    expect(chunks[3]!.value.toString('hex')).to.equal('00000000000000000000ffffc0000201');
    expect(ipOctets('fe80::1:2%eth0').toString('hex')).to.equal('fe800000000000000000000000010002');
    expect(ipOctets('1:2:3:4:5:6:7:8').toString('hex')).to.equal('00010002000300040005000600070008');
  });

  it('counts UTF-8 bytes, not characters, in the payload, the key and the correlation id', () => {
    const bytes = encodeHep3(packet({ payload: 'MESSAGE ü', authKey: 'päss', correlationId: '€' }));
    const decoded = decodeHep3(bytes);
    expect(decoded.payload!.toString('utf8')).to.equal('MESSAGE ü');
    expect(decoded.payload!.length).to.equal(10);
    expect(decoded.authKey).to.equal('päss');
    expect(decoded.correlationId).to.equal('€');
    const correlation = decoded.chunks.find((c) => c.type === HEP3_CHUNK.correlationId)!;
    expect(correlation.value.length).to.equal(3);
  });

  it('carries a payload given as bytes unchanged (a slice of a larger buffer too)', () => {
    const big = Buffer.from(`xx${INVITE}yy`, 'latin1');
    const slice = big.subarray(2, big.length - 2);
    expect(decodeHep3(encodeHep3(packet({ payload: slice }))).payload!.toString('latin1')).to.equal(INVITE);
  });

  it('splits the timestamp into whole seconds and the microseconds of that second', () => {
    const at = Date.UTC(2026, 10, 28, 7, 51, 56) * 1000 + 999_999;
    const decoded = decodeHep3(encodeHep3(packet({ timestampMicros: at })));
    const seconds = decoded.chunks.find((c) => c.type === HEP3_CHUNK.timestampSeconds)!.value.readUInt32BE(0);
    const micros = decoded.chunks.find((c) => c.type === HEP3_CHUNK.timestampMicroseconds)!.value.readUInt32BE(0);
    expect(seconds).to.equal(Date.UTC(2026, 10, 28, 7, 51, 56) / 1000);
    expect(micros).to.equal(999_999);
    expect(decoded.timestampMicros).to.equal(at);
  });

  it('reads back every field it wrote', () => {
    const decoded = decodeHep3(encodeHep3(packet({ payload: INVITE })));
    expect(decoded).to.deep.include({
      ipFamily: 2,
      ipProtocol: 17,
      transport: 'udp',
      source: { ip: '192.0.2.10', port: 5060 },
      destination: { ip: '192.0.2.1', port: 5062 },
      timestampMicros: 1_700_000_000_123_456,
      protocolType: 1,
      captureId: 2001,
      authKey: 'myHep',
      correlationId: 'abc@x',
    });
    expect(decoded.payload!.toString('utf8')).to.equal(INVITE);
  });

  it('refuses what no chunk can hold: a host name, mixed families, a port, an id or a time out of range', () => {
    expect(() => encodeHep3(packet({ source: { ip: 'pbx.example.com', port: 5060 } }))).to.throw(TypeError, /IPv4/);
    expect(() => encodeHep3(packet({ destination: { ip: '2001:db8::1', port: 5060 } }))).to.throw(TypeError, /family/);
    expect(() => encodeHep3(packet({ source: { ip: '192.0.2.10', port: 65536 } }))).to.throw(RangeError, /port/);
    expect(() => encodeHep3(packet({ captureId: 2 ** 32 }))).to.throw(RangeError, /capture id/);
    expect(() => encodeHep3(packet({ captureId: -1 }))).to.throw(RangeError, /capture id/);
    expect(() => encodeHep3(packet({ timestampMicros: 1.5 }))).to.throw(RangeError, /timestamp/);
    expect(() => encodeHep3(packet({ timestampMicros: 2 ** 32 * 1_000_000 }))).to.throw(RangeError, /seconds/);
  });

  it('refuses a message over 65535 bytes, and takes the longest payload that fits', () => {
    const overhead = encodeHep3(packet({ payload: '' })).length;
    const fits = encodeHep3(packet({ payload: 'x'.repeat(HEP3_MAX_LENGTH - overhead) }));
    expect(fits.length).to.equal(HEP3_MAX_LENGTH);
    expect(fits.readUInt16BE(4)).to.equal(HEP3_MAX_LENGTH);
    expect(() => encodeHep3(packet({ payload: 'x'.repeat(HEP3_MAX_LENGTH - overhead + 1) }))).to.throw(RangeError);
  });
});

describe('HEP3: reading a message checks its framing', () => {
  const good = () => encodeHep3(packet());

  it('refuses another magic, and a total length that is not the message length', () => {
    const other = good();
    other.write('HEP2', 0, 'latin1');
    expect(() => decodeHep3(other)).to.throw(RangeError, /HEP3/);
    expect(() => decodeHep3(good().subarray(0, 100))).to.throw(RangeError, /says 146/);
  });

  it('refuses a chunk longer than what is left, shorter than its header, or of the wrong size for its type', () => {
    const long = good();
    long.writeUInt16BE(0xff, 10);
    expect(() => decodeHep3(long)).to.throw(RangeError, /0x1 at byte 6/);
    const short = good();
    short.writeUInt16BE(5, 10);
    expect(() => decodeHep3(short)).to.throw(RangeError, /says 5 bytes/);
    // the source port chunk (type 7, at byte 6 + 7 + 7 + 10 + 10 = 40) told as 9 bytes: 3 of value, not 2
    const wrong = good();
    expect(wrong.readUInt16BE(42)).to.equal(7);
    wrong.writeUInt16BE(9, 44);
    expect(() => decodeHep3(wrong)).to.throw(RangeError, /must hold 2 bytes/);
  });

  it('keeps chunks it does not know, of another vendor too', () => {
    const base = good();
    const extra = Buffer.from(hex('0001 0020 0008 abcd'), 'hex');
    const message = Buffer.concat([base, extra]);
    message.writeUInt16BE(message.length, 4);
    const decoded = decodeHep3(message);
    expect(decoded.chunks.at(-1)).to.deep.equal({ vendor: 1, type: 0x20, value: Buffer.from('abcd', 'hex') });
    expect(decoded.captureId).to.equal(2001);
  });
});
