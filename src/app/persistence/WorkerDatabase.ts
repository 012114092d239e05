import path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { DatabaseReply, DatabaseWorkerData } from './DatabaseWorker.js';
import { rebuildError } from './databaseErrors.js';
import { DatabaseRequests } from './DatabaseRequests.js';

/**
 * The embedded engine running in a worker thread (EngineWorker.ts), seen from here as the part of PGlite's
 * interface the TypeORM driver uses: `query`, `exec` and `close`. Requests are answered in the order they are
 * sent. If the worker dies, every pending and later request fails with a clear error and `onFailure` is told.
 */
export class WorkerDatabase {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly requests: DatabaseRequests;
  private closed: Promise<void> | undefined;

  constructor(data: DatabaseWorkerData, onFailure: (error: Error) => void = () => undefined) {
    this.worker = new Worker(path.join(__dirname, 'DatabaseWorker.js'), { workerData: data });
    this.requests = new DatabaseRequests((request, transfer) => this.worker.postMessage(request, transfer));
    let started: (value: void) => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (reply: DatabaseReply) => {
      if ('type' in reply) {
        if (reply.type === 'ready') started();
        else die(rebuildError(reply.error));
        return;
      }
      this.requests.answer(reply);
    });
    const die = (error: Error) => {
      if (!this.requests.fail(error)) return;
      failed(error);
      if (!this.closed) onFailure(error);
    };
    this.worker.on('error', (error) => die(new Error(`the embedded engine failed: ${error.message}`)));
    this.worker.on('exit', (code) => die(new Error(`the embedded engine stopped (worker exit code ${code})`)));
  }

  query(sql: string, params?: unknown[]): Promise<unknown> {
    return this.requests.send({ id: 0, op: 'query', sql, params: params ?? [] });
  }

  exec(sql: string): Promise<unknown> {
    return this.requests.send({ id: 0, op: 'exec', sql });
  }

  /**
   * A session of the engine for another thread (the simulator's): the port to hand it (see PortDatabase). Its
   * transactions and this thread's never interleave (DatabaseSessions).
   */
  async attachSession(): Promise<MessagePort> {
    const channel = new MessageChannel();
    await this.requests.send({ id: 0, op: 'attach', port: channel.port2 }, [channel.port2]);
    return channel.port1;
  }

  /** Closes the engine (its files are consistent afterwards) and ends the worker. Idempotent. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      if (!this.requests.failed) {
        await this.ready.catch(() => undefined);
        if (!this.requests.failed) await this.requests.send({ id: 0, op: 'close' }).catch(() => undefined);
      }
      await this.worker.terminate();
    })();
    return this.closed;
  }
}
