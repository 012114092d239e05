import type { LabId } from '../domain/LabId.js';

/** The process that runs a lab's simulator, as the lease names it. */
export interface LeaseHolder {
  /** The holding process's id (random, chosen at its start). */
  readonly process: string;
  /** Where that process serves its HTTP API (undefined until it listens). */
  readonly url: string | undefined;
  readonly since: Date;
}

/** Another live process sharing the store, and where it serves. */
export interface PeerProcess {
  readonly process: string;
  readonly url: string;
}

/**
 * Which process runs each lab's live work: its traffic (the simulator's calls in progress) and what follows from
 * it. Exactly one process holds a lab at a time; when that process dies another takes the lab over within seconds.
 * One process alone (the embedded engine, the in-memory stores) holds every lab. Everything else (the gateway
 * API, configuration, users, history) any process serves, from the shared store.
 */
export abstract class LabLeases {
  /** This process's id, as `LeaseHolder.process` names it. */
  abstract readonly process: string;
  /** Whether this process holds the lab now (no I/O). */
  abstract holds(lab: LabId): boolean;
  /**
   * Makes sure someone holds the lab: takes it when nobody does (at once, not at the next round). Resolves with
   * whether this process holds it now.
   */
  abstract claim(lab: LabId): Promise<boolean>;
  /** Who holds the lab (undefined: nobody does, or the store cannot say). */
  abstract holder(lab: LabId): Promise<LeaseHolder | undefined>;
  /** The other processes serving from the same store now (none for a process alone). */
  abstract peers(): Promise<readonly PeerProcess[]>;
  /** Tells where this process serves its HTTP API, for the others to forward a lab's live requests to. */
  abstract advertise(url: string): void;
  /**
   * The key the processes sharing this store sign forwarded requests with (a process alone: its own random key),
   * so a process can trust the user another one authenticated.
   */
  abstract forwardingKey(): Promise<Buffer>;
  /**
   * Hears the labs this process takes (`held` true) and gives up or loses (`held` false). A lab taken is
   * answered as held (by `claim`) once its listeners are done with it (the traffic it was running resumed).
   */
  abstract onChange(listener: (lab: LabId, held: boolean) => void | Promise<void>): () => void;
  /**
   * Resolves once the holder of a lab this process does not hold has followed every change this process committed
   * to it, advanced its calls to the lab clock and written their history (a scenario's step runs on what the lab
   * is at its instant). The simulator's thread answers it; a process alone, or processes sharing a server (which
   * follow each other once a second), resolve at once.
   */
  async caughtUp(_lab: LabId): Promise<void> {
    // nothing to wait for
  }
}
