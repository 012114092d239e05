import { mulberry32 } from '@gwsim/random';

/**
 * A deterministic speech-like test signal: two talkers taking turns, each turn a train of syllable-like voiced
 * bursts with pauses between phrases, and low comfort noise everywhere else. It is not speech; it has the
 * rhythm and spectrum a listener, a level meter or a voice activity detector expects from a conversation.
 */

export interface ConversationSpec {
  /** Length of the signal in milliseconds (>= 0). */
  durationMs: number;
  /** Any integer; the same seed gives the same samples. */
  seed: number;
  /** Samples per second (default 8000). */
  sampleRate?: number;
  /** [startMs, endMs) spans forced to exact silence (zeros), e.g. while a leg is muted or on hold. */
  mutedSpans?: readonly (readonly [number, number])[];
}

/** The two voices: fundamental frequency (Hz) and the harmonic weights that give each its colour. */
const TALKERS = [
  { f0: 118, harmonics: [1, 0.75, 0.55, 0.42, 0.3, 0.2] },
  { f0: 205, harmonics: [1, 0.6, 0.35, 0.25, 0.15] },
] as const;

const TURN_MS = [1000, 6000] as const;
const GAP_MS = [150, 900] as const;
const SYLLABLE_RATE_HZ = [3, 6] as const;
const PHRASE_PAUSE_MS = [120, 450] as const;
/** Peak amplitude of a syllable (about -12 to -6 dBFS) and of the comfort noise (about -60 dBFS). */
const SYLLABLE_PEAK = [8000, 16000] as const;
const COMFORT_NOISE = 32;

interface Syllable {
  start: number;
  length: number;
  talker: number;
  peak: number;
  glide: number;
  noisy: boolean;
}

export function synthesizeConversation(spec: ConversationSpec): Int16Array {
  const sampleRate = spec.sampleRate ?? 8000;
  checkSpec(spec, sampleRate);
  const spans = spec.mutedSpans ?? [];
  const total = Math.round((spec.durationMs * sampleRate) / 1000);
  const random = mulberry32(spec.seed);

  // 1. The plan: alternating turns of syllables; the first talker is drawn from the seed.
  const syllables = planSyllables(total, sampleRate, random);

  // 2. Comfort noise everywhere, then the syllables on top (they never overlap), written straight into the
  //    16-bit output so a long recording costs two bytes a sample.
  const out = new Int16Array(total);
  addComfortNoise(out, random);
  for (const s of syllables) addSyllable(out, s, sampleRate, random);

  // 3. Exact zeros in the muted spans.
  for (const [start, end] of spans) {
    const from = Math.max(0, Math.ceil((start * sampleRate) / 1000));
    const to = Math.min(total, Math.ceil((end * sampleRate) / 1000));
    if (from < to) out.fill(0, from, to);
  }
  return out;
}

/** Throws a RangeError naming the first field of the spec that is out of range. */
function checkSpec(spec: ConversationSpec, sampleRate: number): void {
  if (!Number.isInteger(sampleRate) || sampleRate < 1000 || sampleRate > 192000) {
    throw new RangeError(`sampleRate must be an integer from 1000 to 192000, got ${sampleRate}`);
  }
  if (!Number.isFinite(spec.durationMs) || spec.durationMs < 0) {
    throw new RangeError(`durationMs must be a finite number >= 0, got ${spec.durationMs}`);
  }
  if (!Number.isSafeInteger(spec.seed)) throw new RangeError(`seed must be an integer, got ${spec.seed}`);
  for (const span of spec.mutedSpans ?? []) {
    if (!Array.isArray(span) || span.length !== 2 || !span.every(Number.isFinite) || span[0] > span[1]) {
      throw new RangeError(`a muted span is [startMs, endMs] with startMs <= endMs, got ${JSON.stringify(span)}`);
    }
  }
}

/** The syllables of `total` samples of conversation: turns of phrases, gaps between the turns, pauses between the phrases. */
function planSyllables(total: number, sampleRate: number, random: () => number): Syllable[] {
  const between = (range: readonly [number, number]): number => range[0] + random() * (range[1] - range[0]);
  const ms = (x: number): number => Math.round((x * sampleRate) / 1000);
  const syllables: Syllable[] = [];
  let talker = random() < 0.5 ? 0 : 1;
  let t = ms(between(GAP_MS));
  while (t < total) {
    const turnEnd = Math.min(total, t + ms(between(TURN_MS)));
    while (t < turnEnd) {
      const words = 2 + Math.floor(random() * 6); // syllables in this phrase
      for (let w = 0; w < words && t < turnEnd; w++) {
        const length = Math.round(sampleRate / between(SYLLABLE_RATE_HZ));
        syllables.push({
          start: t,
          length: Math.min(length, turnEnd - t),
          talker,
          peak: between(SYLLABLE_PEAK),
          glide: 0.85 + random() * 0.3,
          noisy: random() < 0.25,
        });
        t += length;
      }
      t += ms(between(PHRASE_PAUSE_MS));
    }
    t = turnEnd + ms(between(GAP_MS));
    talker = 1 - talker;
  }
  return syllables;
}

/** Low-passed white noise at the comfort-noise level over the whole output. */
function addComfortNoise(out: Int16Array, random: () => number): void {
  let lowpass = 0;
  for (let i = 0; i < out.length; i++) {
    lowpass = 0.6 * lowpass + 0.4 * (random() * 2 - 1);
    out[i] = Math.round(lowpass * COMFORT_NOISE);
  }
}

/** One syllable, voiced (and noisy, for a fricative) under its envelope, added to the output and clipped to 16 bits. */
function addSyllable(out: Int16Array, s: Syllable, sampleRate: number, random: () => number): void {
  const voice = TALKERS[s.talker]!;
  const norm = voice.harmonics.reduce((a, b) => a + b, 0);
  let phase = random() * 2 * Math.PI;
  let hiss = 0;
  for (let k = 0; k < s.length; k++) {
    const progress = k / s.length;
    // raised-cosine envelope over the syllable, with a short silence at its end (80% voiced)
    const env = progress < 0.8 ? Math.sin((Math.PI * progress) / 0.8) ** 2 : 0;
    if (env === 0) continue;
    // pitch falls or rises a little across the syllable, as intonation does
    const f0 = voice.f0 * (1 + (s.glide - 1) * progress);
    phase += (2 * Math.PI * f0) / sampleRate;
    let v = 0;
    for (let h = 0; h < voice.harmonics.length; h++) {
      if (f0 * (h + 1) >= sampleRate / 2) break; // stay below Nyquist
      v += voice.harmonics[h]! * Math.sin(phase * (h + 1));
    }
    v /= norm;
    if (s.noisy) {
      // a fricative-like band of noise (first difference of white noise: high-pass) mixed in
      const white = random() * 2 - 1;
      v = 0.6 * v + 0.4 * (white - hiss);
      hiss = white;
    }
    out[s.start + k] = Math.max(-32768, Math.min(32767, out[s.start + k]! + Math.round(v * env * s.peak)));
  }
}
