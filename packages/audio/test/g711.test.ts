import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import {
  alawToLinear,
  decodeAlaw,
  decodeUlaw,
  encodeAlaw,
  encodeUlaw,
  linearToAlaw,
  linearToUlaw,
  ulawToLinear,
} from '../src/index.js';
import { python, pythonHas } from './pythonSupport.js';

const ALL = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);

describe('G.711', () => {
  it('encodes A-law reference points (G.711 table 1a: even bits inverted)', () => {
    const points: [number, number][] = [
      [0, 0xd5],
      [7, 0xd5],
      [15, 0xd5],
      [16, 0xd4],
      [-1, 0x55],
      [-16, 0x55],
      [-17, 0x54],
      [256, 0xc5],
      [511, 0xca],
      [512, 0xf5],
      [1024, 0xe5],
      [4095, 0x9a],
      [4096, 0x85],
      [32767, 0xaa],
      [-32768, 0x2a],
      [40000, 0xaa],
      [-40000, 0x2a],
    ];
    for (const [sample, code] of points) expect(linearToAlaw(sample), `A-law of ${sample}`).to.equal(code);
  });

  it('decodes A-law to the middle of each interval', () => {
    const points: [number, number][] = [
      [0xd5, 8],
      [0x55, -8],
      [0xd4, 24],
      [0xc5, 264],
      [0xf5, 528],
      [0xaa, 32256],
      [0x2a, -32256],
      [0x80, 5504],
    ];
    for (const [code, sample] of points) expect(alawToLinear(code), `A-law 0x${code.toString(16)}`).to.equal(sample);
  });

  it('encodes mu-law reference points (G.711 table 2a: all bits inverted)', () => {
    const points: [number, number][] = [
      [0, 0xff],
      [3, 0xff],
      [4, 0xfe],
      [-1, 0x7f],
      [-4, 0x7f],
      [-5, 0x7e],
      [1000, 0xce],
      [-1001, 0x4e],
      [32767, 0x80],
      [-32768, 0x00],
      [32124, 0x80],
      [8031, 0xa0],
    ];
    for (const [sample, code] of points) expect(linearToUlaw(sample), `mu-law of ${sample}`).to.equal(code);
  });

  it('decodes mu-law reference points', () => {
    const points: [number, number][] = [
      [0xff, 0],
      [0x7f, 0],
      [0xfe, 8],
      [0x7e, -8],
      [0x80, 32124],
      [0x00, -32124],
      [0xce, 988],
      [0xf0, 120],
    ];
    for (const [code, sample] of points) expect(ulawToLinear(code), `mu-law 0x${code.toString(16)}`).to.equal(sample);
  });

  it('round-trips every code word: decode then encode gives the same octet (but mu-law 0x7f, negative zero)', () => {
    for (let c = 0; c < 256; c++) {
      expect(linearToAlaw(alawToLinear(c)), `A-law 0x${c.toString(16)}`).to.equal(c);
      expect(linearToUlaw(ulawToLinear(c)), `mu-law 0x${c.toString(16)}`).to.equal(c === 0x7f ? 0xff : c);
    }
  });

  it('quantises within half a step: |x - decode(encode(x))| stays within the segment step', () => {
    for (const x of ALL) {
      const a = alawToLinear(linearToAlaw(x));
      const u = ulawToLinear(linearToUlaw(x));
      const aStep = Math.max(16, 2 ** (Math.floor(Math.log2(Math.max(1, Math.abs(x)))) - 4));
      expect(Math.abs(x - a) <= aStep || Math.abs(x) > 32256, `A-law ${x} -> ${a}`).to.equal(true);
      expect(Math.abs(x - u) <= Math.max(8, aStep * 2) || Math.abs(x) > 32124, `mu-law ${x} -> ${u}`).to.equal(true);
    }
  });

  it('is symmetric as the G.191 reference: x and -x-1 differ only in the sign bit', () => {
    for (let x = 0; x < 32768; x++) {
      expect(linearToAlaw(-x - 1) ^ linearToAlaw(x)).to.equal(0x80);
      expect(linearToUlaw(-x - 1) ^ linearToUlaw(x)).to.equal(0x80);
    }
  });

  it('array codecs agree with the sample codecs', () => {
    const codes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...decodeAlaw(codes)]).to.deep.equal([...codes].map(alawToLinear));
    expect([...decodeUlaw(codes)]).to.deep.equal([...codes].map(ulawToLinear));
    expect([...encodeAlaw(ALL)]).to.deep.equal([...ALL].map(linearToAlaw));
    expect([...encodeUlaw(ALL)]).to.deep.equal([...ALL].map(linearToUlaw));
  });

  describe('against Python audioop (an independent implementation)', function () {
    this.timeout(30_000);
    before(function () {
      if (!python() || !pythonHas('audioop')) this.skip();
    });

    function audioop(expr: string, input: Buffer): Buffer {
      return execFileSync(
        'python3',
        [
          '-W',
          'ignore',
          '-c',
          `import sys, audioop; d = sys.stdin.buffer.read(); sys.stdout.buffer.write(audioop.${expr})`,
        ],
        { input, timeout: 20_000 },
      );
    }

    it('A-law: the same octet for all 65536 samples, the same sample for all 256 octets', () => {
      expect(Buffer.from(encodeAlaw(ALL)).equals(audioop('lin2alaw(d, 2)', Buffer.from(ALL.buffer)))).to.equal(true);
      const codes = Buffer.from(Uint8Array.from({ length: 256 }, (_, i) => i));
      const theirs = audioop('alaw2lin(d, 2)', codes);
      expect([...decodeAlaw(codes)]).to.deep.equal([...new Int16Array(theirs.buffer, theirs.byteOffset, 256)]);
    });

    it('mu-law: the same sample for all 256 octets and the same octet for every sample >= 0', () => {
      const codes = Buffer.from(Uint8Array.from({ length: 256 }, (_, i) => i));
      const theirs = audioop('ulaw2lin(d, 2)', codes);
      expect([...decodeUlaw(codes)]).to.deep.equal([...new Int16Array(theirs.buffer, theirs.byteOffset, 256)]);
      const positive = ALL.subarray(32768);
      const encoded = audioop('lin2ulaw(d, 2)', Buffer.from(positive.buffer, positive.byteOffset, positive.byteLength));
      expect(Buffer.from(encodeUlaw(positive)).equals(encoded)).to.equal(true);
    });
  });
});
