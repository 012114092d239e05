import type { MessagePort } from 'node:worker_threads';
import type { DatabaseReply } from './DatabaseWorker.js';
import { DatabaseRequests } from './DatabaseRequests.js';
import type { QueryableDatabase } from './DatabasePool.js';

/**
 * An embedded engine reached through a port another thread was given (WorkerDatabase.attachSession): the
 * simulator's thread queries the stores of the thread that runs the engines through it. Requests are answered in
 * the order they are sent; once the port closes (the engine stopped), every pending and later request fails.
 * Closing it closes this session only, never the engine.
 */
export class PortDatabase implements QueryableDatabase {
  private readonly requests: DatabaseRequests;

  constructor(private readonly port: MessagePort) {
    this.requests = new DatabaseRequests((request, transfer) => port.postMessage(request, transfer));
    port.on('message', (reply: DatabaseReply) => {
      if (!('type' in reply)) this.requests.answer(reply);
    });
    port.on('close', () =>
      this.requests.fail(new Error('the embedded engine is no longer reachable from this thread')),
    );
  }

  query(sql: string, params?: unknown[]): Promise<unknown> {
    return this.requests.send({ id: 0, op: 'query', sql, params: params ?? [] });
  }

  exec(sql: string): Promise<unknown> {
    return this.requests.send({ id: 0, op: 'exec', sql });
  }

  async close(): Promise<void> {
    this.requests.fail(new Error("this thread's session of the embedded engine is closed"));
    this.port.close();
  }
}
