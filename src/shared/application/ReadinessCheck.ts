/**
 * One condition of readiness (`/_sim/ready`): the store reachable and migrated, the monitor's store
 * reachable, … Bound as a multi-binding; a context whose own store must answer before the simulator takes
 * traffic binds one. `check` resolves with undefined when ready, or with the reason it is not (one line
 * naming the fix where there is one); it must answer within a few seconds (the endpoint gives up after
 * `READINESS_TIMEOUT_MS` and reports the check as not answering).
 */
export abstract class ReadinessCheck {
  /** Short, stable, e.g. `store`, `monitor-store`: it names the check in the answer. */
  abstract readonly name: string;
  abstract check(): Promise<string | undefined>;
}

export const READINESS_TIMEOUT_MS = 3000;
