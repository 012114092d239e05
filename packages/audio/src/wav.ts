import { encodeAlaw, encodeUlaw } from './g711.js';

export type WavEncoding = 'PCM16' | 'PCMA' | 'PCMU';

export interface WavInput {
  /** Samples per second, 1..4294967295 (8000 for telephony). */
  sampleRate: number;
  /** Mono only. */
  channels: 1;
  /** How the samples are stored: linear 16-bit, G.711 A-law or G.711 mu-law (one octet a sample). */
  encoding: WavEncoding;
  /** 16-bit linear samples; G.711 encodings compand them. */
  samples: Int16Array;
}

/** WAVE format tags (RFC 2361 / Microsoft mmreg.h). */
export const WAVE_FORMAT_PCM = 1;
export const WAVE_FORMAT_ALAW = 6;
export const WAVE_FORMAT_MULAW = 7;

const FORMAT: Record<WavEncoding, { tag: number; bits: number }> = {
  PCM16: { tag: WAVE_FORMAT_PCM, bits: 16 },
  PCMA: { tag: WAVE_FORMAT_ALAW, bits: 8 },
  PCMU: { tag: WAVE_FORMAT_MULAW, bits: 8 },
};

/** Largest data chunk a RIFF file can describe (its 32-bit size counts the whole file less 8 bytes). */
const MAX_RIFF_SIZE = 0xffffffff;

/**
 * A complete RIFF/WAVE file.
 * - PCM16: `fmt ` of 16 bytes (WAVE_FORMAT_PCM, 16 bits, little-endian samples), then `data`.
 * - PCMA / PCMU: `fmt ` of 18 bytes (format 6 / 7, 8 bits, cbSize 0), a `fact` chunk with the number of samples
 *   (required for non-PCM formats), then `data`.
 * A data chunk of odd length is followed by one pad byte, counted in the RIFF size but not in the data size.
 */
export function encodeWav(input: WavInput): Buffer {
  const { sampleRate, channels, encoding, samples } = input;
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 0xffffffff) {
    throw new RangeError(`sampleRate must be a positive integer, got ${sampleRate}`);
  }
  if (channels !== 1) throw new RangeError(`only mono (channels: 1) is supported, got ${String(channels)}`);
  const format = FORMAT[encoding];
  if (!format) throw new RangeError(`unknown encoding ${JSON.stringify(encoding)}: use PCM16, PCMA or PCMU`);
  if (!(samples instanceof Int16Array)) throw new TypeError('samples must be an Int16Array');

  let data: Buffer;
  if (encoding === 'PCM16') {
    data = Buffer.alloc(samples.length * 2);
    for (let i = 0; i < samples.length; i++) data.writeInt16LE(samples[i]!, i * 2);
  } else {
    const codes = encoding === 'PCMA' ? encodeAlaw(samples) : encodeUlaw(samples);
    data = Buffer.from(codes.buffer, codes.byteOffset, codes.length);
  }
  const blockAlign = channels * (format.bits / 8);
  const pcm = format.tag === WAVE_FORMAT_PCM;
  const fmtSize = pcm ? 16 : 18;
  const pad = data.length % 2;
  const riffSize = 4 + (8 + fmtSize) + (pcm ? 0 : 8 + 4) + (8 + data.length + pad);
  if (riffSize > MAX_RIFF_SIZE) throw new RangeError(`${samples.length} samples do not fit in a WAV file`);

  const out = Buffer.alloc(8 + riffSize);
  let o = 0;
  o += out.write('RIFF', o, 'ascii');
  o = out.writeUInt32LE(riffSize, o);
  o += out.write('WAVE', o, 'ascii');
  o += out.write('fmt ', o, 'ascii');
  o = out.writeUInt32LE(fmtSize, o);
  o = out.writeUInt16LE(format.tag, o);
  o = out.writeUInt16LE(channels, o);
  o = out.writeUInt32LE(sampleRate, o);
  o = out.writeUInt32LE(sampleRate * blockAlign, o); // byte rate
  o = out.writeUInt16LE(blockAlign, o);
  o = out.writeUInt16LE(format.bits, o);
  if (!pcm) {
    o = out.writeUInt16LE(0, o); // cbSize: no extra format bytes
    o += out.write('fact', o, 'ascii');
    o = out.writeUInt32LE(4, o);
    o = out.writeUInt32LE(samples.length / channels, o); // samples per channel
  }
  o += out.write('data', o, 'ascii');
  o = out.writeUInt32LE(data.length, o);
  data.copy(out, o);
  return out; // the pad byte, when any, is already zero
}
