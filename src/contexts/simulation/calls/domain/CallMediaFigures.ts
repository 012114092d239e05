import type { DtmfEntry, LegRtpStatistics } from '../../../monitoring/index.js';
import { mediaMos } from './EModel.js';
import { rtpCounts } from './MediaQuality.js';
import type { MeasuredMedia, TransportLeg } from './SessionTransport.js';
import type { SimulatedCall } from './SimulatedCall.js';

/** Jitter as the history keeps it: milliseconds to the µs. */
function roundedMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

function measuredStatistics(codec: string, measured: MeasuredMedia): LegRtpStatistics {
  return {
    codec,
    packetsSent: measured.packetsSent,
    packetsReceived: measured.packetsReceived,
    packetsLost: measured.packetsLost,
    lossOccurrences: measured.lossOccurrences,
    jitterMs: roundedMs(measured.jitterMs),
    figures: 'measured',
  };
}

/**
 * The RTP figures of one leg of a connected call at its end: measured when the leg's media was relayed (the
 * counters of the relay's side facing the leg's peer, as the transport kept them when the relay closed), else
 * modelled from the connected time (`mediaMs`) and the call's loss and jitter (MediaQuality).
 */
export function legStatistics(call: SimulatedCall, leg: TransportLeg | undefined, mediaMs: number): LegRtpStatistics {
  const measured = leg?.measuredMedia();
  if (measured) return measuredStatistics(call.codec, measured);
  const counts = rtpCounts(mediaMs, call.lossPercent);
  return {
    codec: call.codec,
    packetsSent: counts.packets,
    packetsReceived: counts.packets - counts.lost,
    packetsLost: counts.lost,
    lossOccurrences: counts.occurrences,
    jitterMs: call.jitterMs,
    figures: 'modelled',
  };
}

/**
 * The MOS of one leg's receive direction, by the simplified E-model (EModel.ts): a modelled leg at the call's loss
 * and jitter; a measured leg at its loss, lost / (received + lost) from the RTP sequence numbers (RFC 3550
 * appendix A.3), and its interarrival jitter. Undefined for a measured leg that received nothing (nothing to rate).
 */
export function legMos(call: SimulatedCall, stats: LegRtpStatistics): number | undefined {
  if (stats.figures !== 'measured') return mediaMos(call.codec, call.lossPercent, call.jitterMs);
  const expected = stats.packetsReceived + stats.packetsLost;
  if (expected === 0) return undefined;
  return mediaMos(stats.codec, (100 * stats.packetsLost) / expected, stats.jitterMs);
}

/** The call's MOS: the worse of its legs' (a call sounds as bad as its worse direction); undefined when none rates. */
export function callMos(call: SimulatedCall, legs: readonly LegRtpStatistics[]): number | undefined {
  let worst: number | undefined;
  for (const stats of legs) {
    const mos = legMos(call, stats);
    if (mos !== undefined && (worst === undefined || mos < worst)) worst = mos;
  }
  return worst;
}

/** The DTMF digits the call's parties sent: the caller's on the inbound leg, the called party's on the last attempt's. */
export function callDtmf(call: SimulatedCall): DtmfEntry[] {
  const of = (leg: TransportLeg | undefined, source: DtmfEntry['source']): DtmfEntry[] =>
    (leg?.dtmf() ?? []).map((d) => ({ at: new Date(d.at), digit: d.digit, source, method: d.method }));
  return [...of(call.inbound, 'inbound'), ...of(call.attempt?.leg, 'outbound')].sort(
    (a, b) => a.at.getTime() - b.at.getTime(),
  );
}
