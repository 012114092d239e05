import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the current unit of work carries down the async call chain: the adapter-specific handle
 * (a TypeORM EntityManager, or nothing for memory) and the work to run once it commits.
 */
export interface Scope {
  readonly mode: 'read' | 'write';
  /** The lab a write unit locked; a nested write must be for the same lab. */
  readonly lab?: string;
  readonly handle: unknown;
  readonly afterCommit: Array<() => Promise<void>>;
}

const storage = new AsyncLocalStorage<Scope>();

/**
 * Units running now. On Node 20 an enabled AsyncLocalStorage installs promise hooks that tax every promise
 * of the process (measured: about a third of the throughput of a request that touches no store). So the
 * storage is enabled only while at least one unit runs (`run` enables it) and disabled when the last one
 * ends; requests that use no unit of work, such as a cookie-authenticated version read, pay nothing.
 */
let active = 0;

function leave(): void {
  active -= 1;
  if (active === 0) storage.disable();
}

export const TransactionScope = {
  current(): Scope | undefined {
    return storage.getStore();
  },
  run<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    active += 1;
    let running: Promise<T>;
    try {
      running = storage.run(scope, work);
    } catch (error) {
      leave();
      throw error;
    }
    return running.finally(leave);
  },
  /** How many units run now (for tests of the enable/disable bookkeeping). */
  activeUnits(): number {
    return active;
  },
  /** Runs `after` once the current write unit commits; at once when there is none. */
  async afterCommit(after: () => Promise<void>): Promise<void> {
    const scope = storage.getStore();
    if (scope && scope.mode === 'write') scope.afterCommit.push(after);
    else await after();
  },
};

/** A write nested in another joins it, which is only sound for the lab the outer unit locked. */
export function assertSameLab(outer: Scope, lab: string): void {
  if (outer.lab !== undefined && outer.lab !== lab) {
    throw new Error(`a write unit for lab '${lab}' cannot join the write unit of lab '${outer.lab}'`);
  }
}

export async function runAfterCommit(scope: Scope): Promise<void> {
  for (const after of scope.afterCommit) await after();
}
