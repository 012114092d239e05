import path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { EngineReply, EngineRequest, EngineWorkerData } from './EngineWorker.js';
import { rebuildError } from './engineErrors.js';

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/**
 * The embedded engine running in a worker thread (EngineWorker.ts), seen from here as the part of PGlite's
 * interface the TypeORM driver uses: `query`, `exec` and `close`. Requests are answered in the order they are
 * sent. If the worker dies, every pending and later request fails with a clear error and `onFailure` is told.
 */
export class WorkerEngine {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;
  private closed: Promise<void> | undefined;

  constructor(data: EngineWorkerData, onFailure: (error: Error) => void = () => undefined) {
    this.worker = new Worker(path.join(__dirname, 'EngineWorker.js'), { workerData: data });
    let started: (value: void) => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => { started = resolve; failed = reject; });
    this.ready.catch(() => undefined);
    this.worker.on('message', (reply: EngineReply) => {
      if ('type' in reply) {
        if (reply.type === 'ready') started();
        else die(rebuildError(reply.error));
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(rebuildError(reply.error));
      else waiting.resolve(reply.result);
    });
    const die = (error: Error) => {
      if (this.failure) return;
      this.failure = error;
      failed(error);
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      if (!this.closed) onFailure(error);
    };
    this.worker.on('error', (error) => die(new Error(`the embedded engine failed: ${error.message}`)));
    this.worker.on('exit', (code) => die(new Error(`the embedded engine stopped (worker exit code ${code})`)));
  }

  query(sql: string, params?: unknown[]): Promise<unknown> {
    return this.send({ id: 0, op: 'query', sql, params: params ?? [] });
  }

  exec(sql: string): Promise<unknown> {
    return this.send({ id: 0, op: 'exec', sql });
  }

  /**
   * A session of the engine for another thread (the simulator's): the port to hand it (see PortEngine). Its
   * transactions and this thread's never interleave (EngineSessions).
   */
  async attachSession(): Promise<MessagePort> {
    const channel = new MessageChannel();
    await this.send({ id: 0, op: 'attach', port: channel.port2 }, [channel.port2]);
    return channel.port1;
  }

  /** Closes the engine (its files are consistent afterwards) and ends the worker. Idempotent. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      if (!this.failure) {
        await this.ready.catch(() => undefined);
        if (!this.failure) await this.send({ id: 0, op: 'close' }).catch(() => undefined);
      }
      await this.worker.terminate();
    })();
    return this.closed;
  }

  private send(request: EngineRequest, transfer: MessagePort[] = []): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }
}
