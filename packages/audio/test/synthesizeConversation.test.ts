import { expect } from 'chai';
import { encodeWav, synthesizeConversation } from '../src/index.js';
import { readWav } from './wavReader.js';

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
