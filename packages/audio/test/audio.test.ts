import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  alawToLinear,
  decodeAlaw,
  decodeUlaw,
  encodeAlaw,
  encodeUlaw,
  encodeWav,
  linearToAlaw,
  linearToUlaw,
  synthesizeConversation,
  ulawToLinear,
} from '../src/index.js';
import { readWav } from './wavReader.js';

function python(): boolean {
  try {
    execFileSync('python3', ['-c', 'pass'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function pythonHas(module: string): boolean {
  try {
    execFileSync('python3', ['-W', 'ignore', '-c', `import ${module}`], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

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

describe('WAV files', () => {
  const samples = Int16Array.from([0, 1000, -1000, 32767, -32768, 12345, -1]);

  it('PCM16: RIFF, a 16-byte fmt chunk (format 1), data of 2 bytes a sample, little-endian', () => {
    const wav = readWav(encodeWav({ sampleRate: 8000, channels: 1, encoding: 'PCM16', samples }));
    expect(wav.chunkIds).to.deep.equal(['fmt ', 'data']);
    expect(wav.fmtSize).to.equal(16);
    expect(wav.format).to.deep.equal({
      tag: 1,
      channels: 1,
      sampleRate: 8000,
      byteRate: 16000,
      blockAlign: 2,
      bits: 16,
    });
    expect(wav.data.length).to.equal(14);
    expect([...new Int16Array(wav.data.buffer.slice(wav.data.byteOffset, wav.data.byteOffset + 14))]).to.deep.equal([
      ...samples,
    ]);
    expect(wav.riffSize).to.equal(4 + 24 + 8 + 14);
  });

  for (const [encoding, tag, encode] of [
    ['PCMA', 6, encodeAlaw],
    ['PCMU', 7, encodeUlaw],
  ] as const) {
    it(`${encoding}: an 18-byte fmt chunk (format ${tag}, 8 bits, cbSize 0), a fact chunk, one octet a sample, a pad byte when odd`, () => {
      const file = encodeWav({ sampleRate: 8000, channels: 1, encoding, samples });
      const wav = readWav(file);
      expect(wav.chunkIds).to.deep.equal(['fmt ', 'fact', 'data']);
      expect(wav.fmtSize).to.equal(18);
      expect(wav.format).to.deep.equal({
        tag,
        channels: 1,
        sampleRate: 8000,
        byteRate: 8000,
        blockAlign: 1,
        bits: 8,
        cbSize: 0,
      });
      expect(wav.factSamples).to.equal(7);
      expect([...wav.data]).to.deep.equal([...encode(samples)]);
      expect(file.length).to.equal(8 + 4 + 26 + 12 + 8 + 7 + 1);
      expect(file[file.length - 1]).to.equal(0);
      const even = readWav(encodeWav({ sampleRate: 16000, channels: 1, encoding, samples: samples.subarray(0, 6) }));
      expect(even.riffSize).to.equal(4 + 26 + 12 + 8 + 6);
      expect(even.format.sampleRate).to.equal(16000);
    });
  }

  it('an empty signal is a valid file with an empty data chunk', () => {
    const wav = readWav(encodeWav({ sampleRate: 8000, channels: 1, encoding: 'PCMU', samples: new Int16Array(0) }));
    expect(wav.data.length).to.equal(0);
    expect(wav.factSamples).to.equal(0);
  });

  it('refuses bad input with a message naming the field', () => {
    const base = { sampleRate: 8000, channels: 1 as const, encoding: 'PCM16' as const, samples };
    expect(() => encodeWav({ ...base, sampleRate: 0 })).to.throw(RangeError, /sampleRate/);
    expect(() => encodeWav({ ...base, sampleRate: 8000.5 })).to.throw(RangeError, /sampleRate/);
    expect(() => encodeWav({ ...base, channels: 2 as unknown as 1 })).to.throw(RangeError, /mono/);
    expect(() => encodeWav({ ...base, encoding: 'G722' as unknown as 'PCM16' })).to.throw(RangeError, /encoding/);
    expect(() => encodeWav({ ...base, samples: [1, 2] as unknown as Int16Array })).to.throw(TypeError, /Int16Array/);
  });

  describe("read by Python's wave module", function () {
    this.timeout(30_000);
    let dir = '';
    before(function () {
      if (!python()) this.skip();
      dir = mkdtempSync(join(tmpdir(), 'audio-'));
    });
    after(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('gives the same channels, width, rate, frame count and samples for PCM16', () => {
      const signal = synthesizeConversation({ durationMs: 2500, seed: 7 });
      const file = join(dir, 'call.wav');
      writeFileSync(file, encodeWav({ sampleRate: 8000, channels: 1, encoding: 'PCM16', samples: signal }));
      const out = execFileSync(
        'python3',
        [
          '-c',
          [
            'import wave, sys, hashlib',
            'w = wave.open(sys.argv[1], "rb")',
            'frames = w.readframes(w.getnframes())',
            'print(w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes(), w.getcomptype(), hashlib.sha256(frames).hexdigest())',
          ].join('\n'),
          file,
        ],
        { encoding: 'utf8', timeout: 20_000 },
      ).trim();
      const digest = createHash('sha256')
        .update(Buffer.from(signal.buffer, signal.byteOffset, signal.byteLength))
        .digest('hex');
      expect(out).to.equal(`1 2 8000 20000 NONE ${digest}`);
    });
  });
});

describe('synthesizeConversation', () => {
  it('gives durationMs of samples at the sample rate (8000 by default)', () => {
    expect(synthesizeConversation({ durationMs: 1000, seed: 1 })).to.have.length(8000);
    expect(synthesizeConversation({ durationMs: 2500, seed: 1, sampleRate: 16000 })).to.have.length(40000);
    expect(synthesizeConversation({ durationMs: 0, seed: 1 })).to.have.length(0);
    const wav = readWav(
      encodeWav({
        sampleRate: 8000,
        channels: 1,
        encoding: 'PCMA',
        samples: synthesizeConversation({ durationMs: 3125, seed: 2 }),
      }),
    );
    expect(wav.factSamples! / wav.format.sampleRate).to.equal(3.125);
  });

  it('is deterministic: the same seed gives the same bytes, another seed other bytes', () => {
    const a = encodeWav({
      sampleRate: 8000,
      channels: 1,
      encoding: 'PCM16',
      samples: synthesizeConversation({ durationMs: 20_000, seed: 42 }),
    });
    const b = encodeWav({
      sampleRate: 8000,
      channels: 1,
      encoding: 'PCM16',
      samples: synthesizeConversation({ durationMs: 20_000, seed: 42 }),
    });
    const c = encodeWav({
      sampleRate: 8000,
      channels: 1,
      encoding: 'PCM16',
      samples: synthesizeConversation({ durationMs: 20_000, seed: 43 }),
    });
    expect(a.equals(b)).to.equal(true);
    expect(a.equals(c)).to.equal(false);
  });

  it('is exact silence inside muted spans and not outside them', () => {
    const s = synthesizeConversation({
      durationMs: 20_000,
      seed: 5,
      mutedSpans: [
        [2000, 4500],
        [19_000, 25_000],
      ],
    });
    expect(s.subarray(16_000, 36_000).every((v) => v === 0)).to.equal(true);
    expect(s.subarray(152_000).every((v) => v === 0)).to.equal(true);
    expect(s.subarray(15_200, 16_000).some((v) => v !== 0)).to.equal(true);
    // comfort noise keeps the rest from ever being digital silence for long
    for (let i = 0; i + 800 <= 152_000; i += 800) {
      if (i + 800 > 16_000 && i < 36_000) continue;
      expect(
        s.subarray(i, i + 800).some((v) => v !== 0),
        `100 ms at ${i / 8} ms`,
      ).to.equal(true);
    }
  });

  it('sounds like a conversation: talk and pauses, syllables at 3-6 Hz, two alternating voices', () => {
    const rate = 8000;
    const s = synthesizeConversation({ durationMs: 60_000, seed: 11 });
    const frame = 160; // 20 ms
    const rms: number[] = [];
    for (let i = 0; i + frame <= s.length; i += frame) {
      let e = 0;
      for (let k = i; k < i + frame; k++) e += s[k]! * s[k]!;
      rms.push(Math.sqrt(e / frame));
    }
    const active = rms.filter((r) => r > 500).length / rms.length;
    expect(active).to.be.within(0.3, 0.85);
    const quiet = rms.filter((r) => r < 100);
    expect(quiet.length).to.be.greaterThan(rms.length * 0.1);
    expect(Math.max(...quiet)).to.be.lessThan(100);
    let peak = 0;
    for (const v of s) peak = Math.max(peak, Math.abs(v));
    expect(peak).to.be.within(4000, 32767);
    // syllables: count rises of the envelope through a threshold
    let onsets = 0;
    for (let i = 1; i < rms.length; i++) if (rms[i - 1]! <= 500 && rms[i]! > 500) onsets++;
    const activeSeconds = (active * s.length) / rate;
    expect(onsets / activeSeconds).to.be.within(2, 7);
    // two voices: the pitch (autocorrelation peak, 80-300 Hz) of loud 40 ms frames clusters near 118 and 205 Hz
    const pitches: number[] = [];
    for (let f = 0; f + 1 < rms.length; f += 2) {
      if (rms[f]! < 2000 || rms[f + 1]! < 2000) continue;
      const x = s.subarray(f * frame, (f + 2) * frame);
      let best = 0;
      let bestLag = 0;
      for (let lag = Math.floor(rate / 300); lag <= Math.ceil(rate / 80); lag++) {
        let c = 0;
        for (let k = 0; k + lag < x.length; k++) c += x[k]! * x[k + lag]!;
        c /= x.length - lag;
        if (c > best) {
          best = c;
          bestLag = lag;
        }
      }
      if (bestLag > 0) pitches.push(rate / bestLag);
    }
    const low = pitches.filter((p) => p >= 95 && p <= 140).length;
    const high = pitches.filter((p) => p >= 170 && p <= 245).length;
    expect(pitches.length).to.be.greaterThan(50);
    expect(low / pitches.length, 'frames of the lower voice').to.be.greaterThan(0.2);
    expect(high / pitches.length, 'frames of the higher voice').to.be.greaterThan(0.2);
  });

  it('refuses bad input', () => {
    expect(() => synthesizeConversation({ durationMs: -1, seed: 1 })).to.throw(RangeError, /durationMs/);
    expect(() => synthesizeConversation({ durationMs: 10, seed: 1.5 })).to.throw(RangeError, /seed/);
    expect(() => synthesizeConversation({ durationMs: 10, seed: 1, sampleRate: 44 })).to.throw(
      RangeError,
      /sampleRate/,
    );
    expect(() => synthesizeConversation({ durationMs: 10, seed: 1, mutedSpans: [[5, 2]] })).to.throw(
      RangeError,
      /muted span/,
    );
  });
});
