import type { MessagePort } from 'node:worker_threads';
import type { DatabaseReply, DatabaseRequest } from './DatabaseWorker.js';
import { rebuildError } from './databaseErrors.js';

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Answer = Exclude<DatabaseReply, { type: unknown }>;

/**
 * The requests one client has sent an embedded engine and waits for (WorkerDatabase's to the engine's worker,
 * PortDatabase's over a session's port): each gets an id, its answer settles it, and once the engine is out of reach
 * every pending and later request fails with the same error.
 */
export class DatabaseRequests {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;

  constructor(private readonly post: (request: DatabaseRequest, transfer: MessagePort[]) => void) {}

  get failed(): Error | undefined {
    return this.failure;
  }

  send(request: DatabaseRequest, transfer: MessagePort[] = []): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ ...request, id }, transfer);
    });
  }

  /** Settles the request an answer is for (an answer to no pending request, as after a failure, is dropped). */
  answer(reply: Answer): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if ('error' in reply) waiting.reject(rebuildError(reply.error));
    else waiting.resolve(reply.result);
  }

  /** Fails every pending and later request with `error`; false if they had already failed. */
  fail(error: Error): boolean {
    if (this.failure) return false;
    this.failure = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    return true;
  }
}
