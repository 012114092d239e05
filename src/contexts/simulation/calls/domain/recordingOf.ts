import type { RecordingEntry } from '../../../monitoring/index.js';
import type { SimulatedCall } from './SimulatedCall.js';

/**
 * The recording a call that ended at `at` leaves: one for a recorded call that connected (from the answer to the
 * end, with its muted spans relative to the answer), none otherwise.
 */
export function recordingOf(call: SimulatedCall, at: number): RecordingEntry | undefined {
  if (!call.recorded || call.connectAt === undefined) return undefined;
  const start = call.connectAt;
  return {
    recordingId: `rec-${call.sessionIdentifier}`,
    sessionIdentifier: call.sessionIdentifier,
    startDateTime: new Date(start),
    durationMs: new Date(at).getTime() - new Date(start).getTime(),
    codec: call.codec,
    mutedSpans: call.muted
      .map(([from, to]) => [Math.max(0, Math.round(from - start)), Math.round(Math.min(to ?? at, at) - start)] as const)
      .filter(([from, to]) => to > from),
    seed: call.seed,
  };
}
