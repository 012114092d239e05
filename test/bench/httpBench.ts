import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';

export interface Throughput {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
}

/** Drives one URL with keep-alive connections for `seconds` and reports the mean requests per second. */
export async function measure(name: string, url: string, headers: Record<string, string>, seconds: number, connections = 16): Promise<Throughput> {
  const result = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  return { name, requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx + result.errors };
}

/** The baseline: a bare Koa handler answering the same JSON as the version operation. */
export async function startBareKoa(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa();
  const payload = JSON.stringify(body);
  app.use(async (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = payload;
  });
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
