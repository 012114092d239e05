import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/**
 * The embedded engine in a worker thread of its own (see WorkerDatabase.ts): started by `gwsim serve`, so that the
 * engine boots on one core while the application's modules load on the other, and queries run beside the
 * request handling. Answers `{ id, result }` or `{ id, error }` to each `{ id, op, sql, params }` in the order
 * they came, as the engine runs them one at a time anyway.
 */

export interface DatabaseWorkerData {
  /**
   * The worker's scheduling niceness (Linux keeps one per thread; 0 is the API thread's): background work such as
   * writing the call history yields the cores to the API's thread.
   */
  readonly niceness?: number;
  readonly dataDir?: string;
  /** A data directory image (the template tarball) for an engine in memory. */
  readonly image?: Uint8Array;
}

export type DatabaseRequest =
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: unknown[] }
  | { readonly id: number; readonly op: 'exec'; readonly sql: string }
  | { readonly id: number; readonly op: 'close' }
  /** Gives another thread a session of its own on the engine: the port it sends its requests through. */
  | { readonly id: number; readonly op: 'attach'; readonly port: MessagePort };

export interface SerializedError {
  readonly message: string;
  readonly name: string;
  readonly stack?: string;
  /** The error's own fields (a database error's code, detail, constraint, …), primitives only. */
  readonly fields: Record<string, string | number | boolean | null>;
}

export type DatabaseReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly error: SerializedError }
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** What typeorm-pglite's driver gives the engine: booleans as the engine's literals. */
function serializeBoolean(value: unknown): string {
  if (value === true || value === 'true' || value === 1) return 'TRUE';
  if (value === false || value === 'false' || value === 0) return 'FALSE';
  return value as string;
}

/**
 * The engine's buffer cache. PostgreSQL's default (128 MB) is memory the WebAssembly build touches in full at start: 152
 * MiB of resident memory per engine, two engines a process. 16 MB keeps the working set of a lab's configuration and of
 * the monitor's recent rows; older pages come back from the data directory through the operating system's file cache
 * (test/bench/README.md, "memory").
 */
const SHARED_BUFFERS = '16MB';

async function start(port: NonNullable<typeof parentPort>, data: DatabaseWorkerData): Promise<void> {
  if (data.niceness) {
    try {
      os.setPriority(data.niceness);
    } catch {
      // not allowed here: the engine runs at the usual priority
    }
  }
  let db: PGlite;
  try {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    const { WebAssembly } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } };
    db = await PGlite.create({
      ...(data.dataDir ? { dataDir: data.dataDir } : {}),
      ...(data.image ? { loadDataDir: new Blob([data.image]) } : {}),
      pgliteWasmModule: (await WebAssembly.compile(wasm)) as never,
      fsBundle: new Blob([bundle]),
      serializers: { [types.BOOL]: serializeBoolean },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    });
  } catch (error) {
    port.postMessage({ type: 'failed', error: serializeError(error) } satisfies DatabaseReply);
    return;
  }
  port.postMessage({ type: 'ready' } satisfies DatabaseReply);
  const sessions = new DatabaseSessions(db);
  sessions.attach(port, true);
}

/** Whether a statement opens a transaction (TypeORM sends `START TRANSACTION`; `BEGIN` from hand-written SQL). */
const OPENS = /^\s*(?:BEGIN|START\s+TRANSACTION)\b/i;
/** Whether a statement ends one (a `ROLLBACK TO SAVEPOINT` does not). */
const CLOSES = /^\s*(?:COMMIT|END|ABORT|ROLLBACK(?!\s+TO\b))\b/i;

interface Client {
  readonly port: MessagePort;
  readonly owner: boolean;
  readonly queue: DatabaseRequest[];
  closed: boolean;
}

/**
 * The engine's one session shared by its clients: the thread that started the worker, and any other thread it
 * gave a port of the engine to (`attach`, the simulator's thread). The engine runs one statement at a time; a
 * client that opens a transaction has the engine to itself until it commits or rolls back (the others' statements
 * wait), so one thread's statements never land inside another's transaction. A client whose port closes inside
 * its transaction has it rolled back. Only the owner (the thread that started the worker) may close the engine.
 */
export class DatabaseSessions {
  private readonly clients: Client[] = [];
  /** The client inside a transaction, if any. */
  private holder: Client | undefined;
  private running = false;
  /** Which client's queue is looked at first next time (turns, so that no client waits behind another's backlog). */
  private turn = 0;

  constructor(
    private readonly db: {
      query(sql: string, params?: unknown[]): Promise<unknown>;
      exec(sql: string): Promise<unknown>;
      close(): Promise<void>;
    },
  ) {}

  attach(port: MessagePort, owner: boolean): void {
    const client: Client = { port, owner, queue: [], closed: false };
    this.clients.push(client);
    port.on('message', (request: DatabaseRequest) => {
      if (request.op === 'attach') {
        this.attach(request.port, false);
        port.postMessage({ id: request.id, result: null } satisfies DatabaseReply);
        return;
      }
      client.queue.push(request);
      this.pump();
    });
    port.on('close', () => {
      client.closed = true;
      client.queue.length = 0;
      // inside its transaction: rolled back before anyone else runs (the engine is still the client's)
      if (this.holder === client) client.queue.push({ id: 0, op: 'exec', sql: 'ROLLBACK' });
      else this.remove(client);
      this.pump();
    });
  }

  private remove(client: Client): void {
    const index = this.clients.indexOf(client);
    if (index >= 0) this.clients.splice(index, 1);
  }

  private next(): { client: Client; request: DatabaseRequest } | undefined {
    if (this.holder) {
      const request = this.holder.queue.shift();
      return request ? { client: this.holder, request } : undefined;
    }
    for (let i = 0; i < this.clients.length; i += 1) {
      const index = (this.turn + i) % this.clients.length;
      const client = this.clients[index]!;
      const request = client.queue.shift();
      if (request) {
        this.turn = index + 1;
        return { client, request };
      }
    }
    return undefined;
  }

  private pump(): void {
    if (this.running) return;
    const picked = this.next();
    if (!picked) return;
    this.running = true;
    void this.run(picked.client, picked.request).finally(() => {
      this.running = false;
      if (picked.client.closed && picked.client.queue.length === 0 && this.holder !== picked.client)
        this.remove(picked.client);
      this.pump();
    });
  }

  private async run(client: Client, request: DatabaseRequest): Promise<void> {
    const sql = request.op === 'close' || request.op === 'attach' ? '' : request.sql;
    try {
      let result: unknown;
      switch (request.op) {
        case 'query':
          result = await this.db.query(request.sql, request.params);
          break;
        case 'exec':
          result = await this.db.exec(request.sql);
          break;
        case 'close':
          if (!client.owner) throw new Error('only the thread that started the embedded engine may close it');
          await this.db.close();
          result = null;
          break;
        default:
          result = null;
      }
      if (OPENS.test(sql)) this.holder = client;
      else if (CLOSES.test(sql) && this.holder === client) this.holder = undefined;
      if (!client.closed) client.port.postMessage({ id: request.id, result } satisfies DatabaseReply);
      if (request.op === 'close') client.port.close();
    } catch (error) {
      // A COMMIT that fails still ends the transaction (the engine rolls it back).
      if (CLOSES.test(sql) && this.holder === client) this.holder = undefined;
      if (!client.closed)
        client.port.postMessage({ id: request.id, error: serializeError(error) } satisfies DatabaseReply);
    }
  }
}

if (parentPort) void start(parentPort, workerData as DatabaseWorkerData);
