import type { SimulatedCodec } from './TrafficProfile.js';

/** A call's media: loss and jitter as the gateway measures them. */
export interface MediaQualityFigures {
  readonly lossPercent: number;
  readonly jitterMs: number;
}

/** 20 ms packets: 50 per second per direction. */
export const PACKETS_PER_SECOND = 50;
/** Lost packets come in bursts of this many on average, so occurrences are lost / burst (rounded up). */
export const MEAN_LOSS_BURST = 2;

/** RTP counters of one direction after `elapsedMs` of media at `lossPercent`: deterministic, growing with time. */
export function rtpCounts(
  elapsedMs: number,
  lossPercent: number,
): { packets: number; lost: number; occurrences: number } {
  const packets = Math.max(0, Math.floor((elapsedMs * PACKETS_PER_SECOND) / 1000));
  const lost = Math.floor((packets * lossPercent) / 100);
  return { packets, lost, occurrences: Math.ceil(lost / MEAN_LOSS_BURST) };
}

/** Equipment impairment Ie and packet-loss robustness Bpl per codec (ITU-T G.113 Appendix I, with packet loss concealment). */
const IMPAIRMENT: Readonly<Record<SimulatedCodec, { ie: number; bpl: number }>> = {
  PCMA: { ie: 0, bpl: 25.1 },
  PCMU: { ie: 0, bpl: 25.1 },
  G722: { ie: 0, bpl: 25.1 },
  opus: { ie: 0, bpl: 30 },
};

/**
 * A simplified E-model (ITU-T G.107): R = 93.2 − Id − Ie,eff with the default other factors; the one-way delay is
 * 20 ms packetisation + a jitter buffer of twice the jitter + 30 ms network; Ie,eff = Ie + (95 − Ie)·Ppl/(Ppl + Bpl)
 * for random loss. R maps to a MOS from 1.0 to 4.5, rounded to two decimals.
 */
export function meanOpinionScore(codec: SimulatedCodec, lossPercent: number, jitterMs: number): number {
  const delay = 20 + 2 * jitterMs + 30;
  const id = 0.024 * delay + (delay > 177.3 ? 0.11 * (delay - 177.3) : 0);
  const { ie, bpl } = IMPAIRMENT[codec];
  const ieEff = ie + ((95 - ie) * lossPercent) / (lossPercent + bpl);
  const r = 93.2 - id - ieEff;
  const mos = r <= 0 ? 1 : r >= 100 ? 4.5 : 1 + 0.035 * r + 7e-6 * r * (r - 60) * (100 - r);
  return Math.round(Math.min(4.5, Math.max(1, mos)) * 100) / 100;
}
