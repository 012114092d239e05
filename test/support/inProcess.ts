import type { RequestListener } from 'node:http';
import { inject } from 'light-my-request';

/**
 * Gateways the tests reach in process: a request to one of these origins goes straight to the HTTP application's
 * handler (light-my-request: a request and a response without a socket) instead of over loopback TCP. Everything
 * the application does runs as for a client's request; only the socket is left out, so suites where the socket is
 * the point (slow bodies, connection handling, other processes) use fetch or rawRequest on the origin itself.
 */
const HANDLERS = new Map<string, RequestListener>();

/** Sends what fetch to `origin` would send to `handler` from now on. */
export function serveInProcess(origin: string, handler: RequestListener): void {
  HANDLERS.set(new URL(origin).origin, handler);
}

export function forgetInProcess(origin: string): void {
  HANDLERS.delete(new URL(origin).origin);
}

/** Statuses whose response has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** fetch, in process for the origins served so (same answer as over TCP), over the network for any other. */
export async function send(url: URL | string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url);
  const handler = HANDLERS.get(target.origin);
  if (!handler) return fetch(target, init);
  const request = new Request(target, init);
  const headers: Record<string, string> = { host: target.host };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const answer = await inject(handler, {
    method: request.method as 'GET',
    url: `${target.pathname}${target.search}`,
    headers,
    remoteAddress: '127.0.0.1',
    ...(payload ? { payload } : {}),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
  }
  return new Response(NULL_BODY.has(answer.statusCode) ? null : answer.rawPayload, {
    status: answer.statusCode,
    headers: responseHeaders,
  });
}
