import type { FaultEffectInput } from '../../faults/domain/FaultEffect.js';

/** The fault a request got from a rule. */
export interface AppliedFault {
  readonly ruleId: string;
  readonly effect: FaultEffectInput;
  /** The latency the rule added to this request (a distribution's draw), ms. */
  readonly latencyMs?: number;
}

/** One gateway API request as the journal keeps it. */
export interface JournalEntry {
  /** Increasing per lab, from 1 (a cleared journal goes on counting). */
  readonly sequence: number;
  /** When it arrived, on the lab's clock. */
  readonly time: Date;
  readonly method: string;
  readonly path: string;
  /** The operation it reached (`nodes/get`); undefined for a path no operation serves or a request a fault answered first. */
  readonly operation: string | undefined;
  /** The status answered; undefined when no answer was sent (a dropped connection, a timeout, a client that left). */
  readonly status: number | undefined;
  readonly user: string | undefined;
  /** Wall time from arrival to the end of the answer's handling, ms. */
  readonly latencyMs: number;
  readonly requestId: string;
  readonly fault: AppliedFault | undefined;
  /** Gateway faults (their rule ids) that held while the request was served. */
  readonly gatewayFaults: readonly string[] | undefined;
}
