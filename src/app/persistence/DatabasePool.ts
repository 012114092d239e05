import { EventEmitter } from 'node:events';

/** What the pool needs of an embedded engine: PGlite itself, or the engine in a worker (WorkerDatabase). */
export interface QueryableDatabase {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * A TypeORM postgres `driver` (an object with a `Pool` class) over ONE given embedded engine. typeorm-pglite keeps
 * one engine per process (the configuration store's); the monitor's store is a second engine, so its DataSource
 * gets a driver of its own bound to it. Like typeorm-pglite's pool: every connection is the engine itself (it has
 * one session), a statement without parameters runs through `exec` (the last result counts), and ending the pool
 * closes the engine.
 */
export function databaseDriver(database: QueryableDatabase): unknown {
  class DatabasePool extends EventEmitter {
    connect(callback: (error: Error | null, client: unknown, done: () => void) => void): void {
      callback(null, this, () => undefined);
    }

    query(sql: string, params?: unknown[] | Callback, callback?: Callback): Promise<unknown> {
      const done = typeof params === 'function' ? params : callback;
      const values = Array.isArray(params) ? params : undefined;
      const run =
        values && values.length > 0
          ? database.query(sql, values)
          : database
              .exec(sql)
              .then((results) => (results as unknown[])[(results as unknown[]).length - 1] ?? { rows: [] });
      return run.then(
        (result) => {
          done?.(null, result);
          return result;
        },
        (error: Error) => {
          done?.(error);
          throw error;
        },
      );
    }

    end(callback?: (error: Error | null) => void): void {
      database.close().then(
        () => callback?.(null),
        (error: Error) => callback?.(error),
      );
    }
  }
  return { Pool: DatabasePool };
}
