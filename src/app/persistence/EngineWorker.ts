import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/**
 * The embedded engine in a worker thread of its own (see WorkerEngine.ts): started by `gwsim serve`, so that the
 * engine boots on one core while the application's modules load on the other, and queries run beside the
 * request handling. Answers `{ id, result }` or `{ id, error }` to each `{ id, op, sql, params }` in the order
 * they came, as the engine runs them one at a time anyway.
 */

export interface EngineWorkerData {
  readonly dataDir?: string;
  /** A data directory image (the template tarball) for an engine in memory. */
  readonly image?: Uint8Array;
}

export type EngineRequest =
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: unknown[] }
  | { readonly id: number; readonly op: 'exec'; readonly sql: string }
  | { readonly id: number; readonly op: 'close' };

export interface SerializedError {
  readonly message: string;
  readonly name: string;
  readonly stack?: string;
  /** The error's own fields (a database error's code, detail, constraint, …), primitives only. */
  readonly fields: Record<string, string | number | boolean | null>;
}

export type EngineReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly error: SerializedError }
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** What typeorm-pglite's driver gives the engine: booleans as the engine's literals. */
function serializeBoolean(value: unknown): string {
  if (value === true || value === 'true' || value === 1) return 'TRUE';
  if (value === false || value === 'false' || value === 0) return 'FALSE';
  return value as string;
}

async function start(port: NonNullable<typeof parentPort>, data: EngineWorkerData): Promise<void> {
  let db: PGlite;
  try {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([readFile(path.join(dist, 'pglite.wasm')), readFile(path.join(dist, 'pglite.data'))]);
    const { WebAssembly } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } };
    db = await PGlite.create({
      ...(data.dataDir ? { dataDir: data.dataDir } : {}),
      ...(data.image ? { loadDataDir: new Blob([data.image]) } : {}),
      pgliteWasmModule: await WebAssembly.compile(wasm) as never,
      fsBundle: new Blob([bundle]),
      serializers: { [types.BOOL]: serializeBoolean },
    });
  } catch (error) {
    port.postMessage({ type: 'failed', error: serializeError(error) } satisfies EngineReply);
    return;
  }
  port.postMessage({ type: 'ready' } satisfies EngineReply);
  port.on('message', (request: EngineRequest) => {
    const run = async (): Promise<unknown> => {
      switch (request.op) {
        case 'query': return db.query(request.sql, request.params);
        case 'exec': return db.exec(request.sql);
        case 'close': await db.close(); return null;
      }
    };
    run().then(
      (result) => {
        port.postMessage({ id: request.id, result } satisfies EngineReply);
        if (request.op === 'close') port.close();
      },
      (error: unknown) => port.postMessage({ id: request.id, error: serializeError(error) } satisfies EngineReply),
    );
  });
}

if (parentPort) void start(parentPort, workerData as EngineWorkerData);
