import { mix } from './Randomness.js';

/** The CPU load (percent) above which the gateway's overload control starts shedding new calls. */
export const OVERLOAD_ONSET_PERCENT = 80;

/**
 * The share of new calls an overloaded gateway refuses (503, cause 42) at a CPU load: none up to 80 %, then
 * rising linearly to every call at 100 % (90 % of new calls at 98 %, half at 90 %), as an SBC's overload control
 * throttles new INVITEs in proportion to how far its load is past its threshold, keeping the calls in progress.
 */
export function shedShare(cpuLoadPercent: number): number {
  return Math.min(1, Math.max(0, (cpuLoadPercent - OVERLOAD_ONSET_PERCENT) / (100 - OVERLOAD_ONSET_PERCENT)));
}

/** Whether the call of this seed is one of the shed share: a hash of its seed (the gateway draws nothing), so the same calls are shed on every run. */
export function shedsCall(cpuLoadPercent: number, seed: number): boolean {
  const share = shedShare(cpuLoadPercent);
  return share > 0 && mix(seed, 'overload') / 4294967296 < share;
}
