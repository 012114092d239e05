import { mediaMos } from './EModel.js';
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

/**
 * The MOS of a modelled call: the simplified E-model of ITU-T G.107 (EModel.ts) for the codec at the call's loss
 * and jitter, rounded to two decimals. A measured call's MOS comes from the same model (CallMedia.ts).
 */
export function meanOpinionScore(codec: SimulatedCodec, lossPercent: number, jitterMs: number): number {
  return mediaMos(codec, lossPercent, jitterMs);
}
