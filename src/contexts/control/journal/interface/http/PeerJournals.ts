import type { Principal } from '../../../../../shared/domain/Principal.js';
import type { JournalView } from './JournalViews.js';

/**
 * The journals of the other processes sharing a PostgreSQL server (each records the requests it served): asked
 * by the journal endpoints of the process a client talks to, as the user it authenticated. Unbound when the
 * process is alone (the embedded engine, the in-memory stores).
 */
export abstract class PeerJournals {
  /** Each live peer's journal page for the same query (`path`: the endpoint's path and query string). */
  abstract find(
    principal: Principal,
    path: string,
  ): Promise<ReadonlyArray<{ readonly process: string; readonly view: JournalView }>>;
  /** Clears the lab's journal in every live peer. */
  abstract clear(principal: Principal, path: string): Promise<void>;
}
