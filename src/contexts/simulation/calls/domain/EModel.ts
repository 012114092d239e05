/**
 * The E-model of ITU-T G.107 (06/2015) in its simplified form, for one direction of a call's media: a
 * transmission rating R from the codec, the packet loss and the one-way delay, and a MOS (conversational quality,
 * estimated) from R. Every term G.107 leaves at its default value is folded into R0 − Is = 93.2; the advantage
 * factor A is 0.
 *
 * - R = 93.2 − Id − Ie,eff (G.107 §7.1, eq. 7-1 with the default values of Table 3).
 * - Ie,eff = Ie + (95 − Ie) · Ppl / (Ppl / BurstR + Bpl) (G.107 §7.4, eq. 7-29): Ie and Bpl are the codec's
 *   (ITU-T G.113 Appendix I, Tables I.1 and I.3), Ppl the packet loss in percent; BurstR is 1 (random loss).
 * - Id from the one-way delay Ta in ms: 0.024·Ta + 0.11·(Ta − 177.3)·H(Ta − 177.3), H the unit step (the
 *   simplification of G.107's Idte + Idle + Idd at default echo losses, Cole & Rosenbluth, "Voice over IP
 *   performance monitoring", ACM SIGCOMM CCR 31(2), 2001). The delay is estimated as 20 ms of packetisation, a
 *   jitter buffer of twice the interarrival jitter and 30 ms of network.
 * - MOS = 1 for R < 0; 1 + 0.035·R + 7·10⁻⁶·R·(R − 60)·(100 − R) for 0 ≤ R ≤ 100; 4.5 above (G.107 Annex B,
 *   eq. B-4), kept within 1.0–4.5 (the polynomial dips under 1 for R below about 6.5).
 */

/** A codec's equipment impairment factor Ie and packet-loss robustness factor Bpl. */
export interface CodecImpairment {
  readonly ie: number;
  readonly bpl: number;
}

/** G.711 with packet loss concealment (G.711 Appendix I): Ie 0, Bpl 25.1 (G.113 Appendix I, Table I.3). */
export const G711_WITH_CONCEALMENT: CodecImpairment = { ie: 0, bpl: 25.1 };
/** G.711 without concealment, random loss: Bpl 4.3 (G.113 Appendix I, Table I.3). */
export const G711_WITHOUT_CONCEALMENT: CodecImpairment = { ie: 0, bpl: 4.3 };

/**
 * Ie and Bpl per codec name as an SDP or the simulator names it (upper-cased). G.711 is taken with concealment,
 * as the phones and gateways of a lab do. G.722 is rated as G.711 (the narrowband E-model has no wideband
 * codec; G.107.1 would rate it higher). Opus is in neither recommendation: Ie 0 and Bpl 30 are this simulator's
 * assumption for a codec with built-in concealment. A codec not listed is rated as G.711.
 */
const CODEC_IMPAIRMENTS: ReadonlyMap<string, CodecImpairment> = new Map([
  ['PCMA', G711_WITH_CONCEALMENT],
  ['PCMU', G711_WITH_CONCEALMENT],
  ['G722', G711_WITH_CONCEALMENT],
  ['OPUS', { ie: 0, bpl: 30 }],
  // G.729A with VAD (G.113 Appendix I, Table I.3)
  ['G729', { ie: 11, bpl: 19 }],
  // G.723.1 at 6.3 kbit/s with VAD
  ['G723', { ie: 15, bpl: 16.1 }],
  // GSM-EFR
  ['GSM-EFR', { ie: 5, bpl: 10 }],
]);

export function codecImpairment(codec: string): CodecImpairment {
  return CODEC_IMPAIRMENTS.get(codec.toUpperCase()) ?? G711_WITH_CONCEALMENT;
}

/** The default value of R0 − Is (G.107 Table 3's defaults): the R of a perfect path with no delay and no loss. */
export const R_DEFAULT = 93.2;

/** The delay impairment Id for a one-way delay in ms (simplified, see above). */
export function delayImpairment(oneWayDelayMs: number): number {
  const ta = Math.max(0, oneWayDelayMs);
  return 0.024 * ta + (ta > 177.3 ? 0.11 * (ta - 177.3) : 0);
}

/** The effective equipment impairment Ie,eff of a codec at `lossPercent` (G.107 eq. 7-29, BurstR 1 by default). */
export function effectiveEquipmentImpairment(codec: CodecImpairment, lossPercent: number, burstRatio = 1): number {
  const ppl = Math.min(100, Math.max(0, lossPercent));
  return codec.ie + ((95 - codec.ie) * ppl) / (ppl / burstRatio + codec.bpl);
}

/** The one-way delay the model assumes for a stream with this interarrival jitter (ms). */
export function estimatedOneWayDelayMs(jitterMs: number): number {
  return 20 + 2 * Math.max(0, jitterMs) + 30;
}

/** R = 93.2 − Id − Ie,eff. */
export function transmissionRating(codec: CodecImpairment, lossPercent: number, oneWayDelayMs: number): number {
  return R_DEFAULT - delayImpairment(oneWayDelayMs) - effectiveEquipmentImpairment(codec, lossPercent);
}

/** G.107 Annex B: R to the estimated MOS, within 1.0–4.5 (not rounded). */
export function mosOfRating(r: number): number {
  if (r <= 0) return 1;
  if (r >= 100) return 4.5;
  return Math.min(4.5, Math.max(1, 1 + 0.035 * r + 7e-6 * r * (r - 60) * (100 - r)));
}

/** The MOS of one direction of media, rounded to two decimals: codec by name, loss in percent, jitter in ms. */
export function mediaMos(codec: string, lossPercent: number, jitterMs: number): number {
  const r = transmissionRating(codecImpairment(codec), lossPercent, estimatedOneWayDelayMs(jitterMs));
  return Math.round(mosOfRating(r) * 100) / 100;
}
