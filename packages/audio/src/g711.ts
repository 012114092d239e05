/**
 * G.711 companding (ITU-T G.711, as in the ITU-T G.191 Software Tool Library reference `g711.c`): 16-bit linear
 * PCM to 8-bit A-law or mu-law and back. A-law uses the top 13 bits of the sample, mu-law the top 14; code words
 * are the transmitted octets (A-law with even bits inverted, mu-law with all bits inverted).
 */

/** One 16-bit linear sample to an A-law octet. */
export function linearToAlaw(sample: number): number {
  const s = clamp16(sample);
  // one's complement of negative values: -1..-16 and 0..15 share the smallest magnitude, as in the reference
  let ix = s < 0 ? ~s >> 4 : s >> 4; // 0..2047
  if (ix > 15) {
    let exponent = 1;
    while (ix > 16 + 15) {
      ix >>= 1;
      exponent++;
    }
    ix -= 16;
    ix += exponent << 4;
  }
  if (s >= 0) ix |= 0x80;
  return ix ^ 0x55;
}

/** One A-law octet to a 16-bit linear sample (the middle of its quantisation interval). */
export function alawToLinear(code: number): number {
  const c = code & 0xff;
  const ix = (c ^ 0x55) & 0x7f;
  const exponent = ix >> 4;
  let mantissa = ix & 0x0f;
  if (exponent > 0) mantissa += 16;
  mantissa = (mantissa << 4) + 0x08;
  if (exponent > 1) mantissa <<= exponent - 1;
  return (c ^ 0x55) & 0x80 ? mantissa : -mantissa;
}

/** One 16-bit linear sample to a mu-law octet. */
export function linearToUlaw(sample: number): number {
  const s = clamp16(sample);
  let absno = (s < 0 ? ~s >> 2 : s >> 2) + 33; // 14-bit magnitude plus the bias
  if (absno > 0x1fff) absno = 0x1fff;
  let segment = 1;
  for (let i = absno >> 6; i !== 0; i >>= 1) segment++;
  const high = 0x08 - segment;
  const low = 0x0f - ((absno >> segment) & 0x0f);
  let code = (high << 4) | low;
  if (s >= 0) code |= 0x80;
  return code;
}

/** One mu-law octet to a 16-bit linear sample. */
export function ulawToLinear(code: number): number {
  const c = code & 0xff;
  const inverted = ~c & 0xff;
  const exponent = (inverted >> 4) & 0x07;
  const mantissa = inverted & 0x0f;
  const step = 4 << (exponent + 1);
  const magnitude = (0x80 << exponent) + step * mantissa + step / 2 - 4 * 33;
  return c < 0x80 ? 0 - magnitude : magnitude; // 0 - 0 is +0: code 0x7f (negative zero) decodes to 0
}

export function encodeAlaw(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = linearToAlaw(samples[i]!);
  return out;
}

export function decodeAlaw(codes: Uint8Array): Int16Array {
  const out = new Int16Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = alawToLinear(codes[i]!);
  return out;
}

export function encodeUlaw(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = linearToUlaw(samples[i]!);
  return out;
}

export function decodeUlaw(codes: Uint8Array): Int16Array {
  const out = new Int16Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = ulawToLinear(codes[i]!);
  return out;
}

function clamp16(sample: number): number {
  if (!Number.isFinite(sample)) throw new RangeError(`not a sample: ${sample}`);
  return Math.max(-32768, Math.min(32767, Math.trunc(sample)));
}
