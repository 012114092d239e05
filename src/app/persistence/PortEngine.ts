import type { MessagePort } from 'node:worker_threads';
import type { EngineReply, EngineRequest } from './EngineWorker.js';
import { rebuildError } from './engineErrors.js';
import type { QueryableEngine } from './EnginePool.js';

/**
 * An embedded engine reached through a port another thread was given (WorkerEngine.attachSession): the
 * simulator's thread queries the stores of the thread that runs the engines through it. Requests are answered in
 * the order they are sent; once the port closes (the engine stopped), every pending and later request fails.
 * Closing it closes this session only, never the engine.
 */
export class PortEngine implements QueryableEngine {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private failure: Error | undefined;

  constructor(private readonly port: MessagePort) {
    port.on('message', (reply: EngineReply) => {
      if ('type' in reply) return;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(rebuildError(reply.error));
      else waiting.resolve(reply.result);
    });
    port.on('close', () => this.fail(new Error('the embedded engine is no longer reachable from this thread')));
  }

  query(sql: string, params?: unknown[]): Promise<unknown> {
    return this.send({ id: 0, op: 'query', sql, params: params ?? [] });
  }

  exec(sql: string): Promise<unknown> {
    return this.send({ id: 0, op: 'exec', sql });
  }

  async close(): Promise<void> {
    this.fail(new Error('this thread\'s session of the embedded engine is closed'));
    this.port.close();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private send(request: EngineRequest): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ ...request, id });
    });
  }
}
