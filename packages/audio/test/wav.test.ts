import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeAlaw, encodeUlaw, encodeWav, synthesizeConversation } from '../src/index.js';
import { readWav } from './wavReader.js';
import { python } from './pythonSupport.js';

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
