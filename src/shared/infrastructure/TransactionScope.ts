import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the current unit of work carries down the async call chain: the adapter-specific handle
 * (a TypeORM EntityManager, or nothing for memory) and the work to run once it commits.
 */
export interface Scope {
  readonly mode: 'read' | 'write';
  readonly handle: unknown;
  readonly afterCommit: Array<() => Promise<void>>;
}

const storage = new AsyncLocalStorage<Scope>();

export const TransactionScope = {
  current(): Scope | undefined {
    return storage.getStore();
  },
  run<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    return storage.run(scope, work);
  },
  /** Runs `after` once the current write unit commits; at once when there is none. */
  async afterCommit(after: () => Promise<void>): Promise<void> {
    const scope = storage.getStore();
    if (scope && scope.mode === 'write') scope.afterCommit.push(after);
    else await after();
  },
};

export async function runAfterCommit(scope: Scope): Promise<void> {
  for (const after of scope.afterCommit) await after();
}
