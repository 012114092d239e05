import type { CallResult } from '../../../monitoring/index.js';
import type { Gate } from './CallEndings.js';

/** Counters since the engine was made. */
export interface TrafficCounters {
  started: number;
  ended: number;
  byResult: Record<CallResult, number>;
  refusedBy: Record<Gate, number>;
}

/** Counters with nothing counted yet. */
export function noTraffic(): TrafficCounters {
  return {
    started: 0,
    ended: 0,
    byResult: { ANSWERED: 0, BUSY: 0, NO_ANSWER: 0, REJECTED: 0, FAILED: 0, CANCELLED: 0 },
    refusedBy: {
      standbyInactive: 0,
      maintenance: 0,
      overload: 0,
      capacityExhausted: 0,
      noRoute: 0,
      routeRejects: 0,
      routeIgnores: 0,
      noUsableTarget: 0,
    },
  };
}
