/**
 * The times a gateway's trunk supervision keeps, the same for a real far end (trunks/, on the wall's timers) and a
 * simulated one (SimulatedTrunks, on the lab's time).
 */

/** RFC 3261 T1 (500 ms) times 64: Timer F, after which a non-INVITE request left unanswered ends (section 17.1.2.2). */
export const NON_INVITE_TIMEOUT_MS = 64 * 500;

/** How long after a failed registration the gateway tries again. */
export const REGISTRATION_RETRY_SECONDS = 60;

/** When a binding granted for `grantedSeconds` is refreshed: once half of it is gone (at least a second). */
export function refreshAfterSeconds(grantedSeconds: number): number {
  return Math.max(1, Math.floor(grantedSeconds / 2));
}
