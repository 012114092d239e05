import type { ThreadCommits } from './ThreadCommits.js';

/**
 * What the store is: the embedded engine (one session, serialised in this process) or a PostgreSQL server that
 * other processes may write to. On the embedded engine another thread may write too (`threads`: the simulator's
 * thread and the API's, see SimulatorThread); `labsMadeElsewhere`: the labs are made and removed by the other
 * thread, so the lab directory reads the store rather than trusting its memory.
 */
export class DatabaseKind {
  constructor(
    readonly embedded: boolean,
    readonly threads: ThreadCommits | undefined = undefined,
    readonly labsMadeElsewhere = false,
  ) {}

  /** Whether anyone else writes to the store (another process on a server, another thread on the engine). */
  get shared(): boolean {
    return !this.embedded || this.threads !== undefined;
  }
}
