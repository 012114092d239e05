import cors from '@koa/cors';
import type { Middleware } from 'koa';

/** Headers a browser tool may send: credentials, bodies, optimistic versions, its own request id. */
const ALLOW_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'X-Request-Id'];
/** Headers a browser tool may read: the request id, a download's file name, versions, retry hints, the allowed methods. */
const EXPOSE_HEADERS = ['X-Request-Id', 'Content-Disposition', 'ETag', 'Retry-After', 'WWW-Authenticate', 'Allow'];

/**
 * CORS (GWSIM_CORS_ORIGINS) with @koa/cors. A listed origin gets its own origin back with credentials allowed
 * (the JSESSIONID cookie and Basic credentials work from that page); `*` allows every origin without
 * credentials (browsers forbid `*` with credentials). Any other origin gets no CORS headers, so the browser
 * keeps the answer from the page. Preflights (OPTIONS with Access-Control-Request-Method) are answered 204 here.
 */
export function corsMiddleware(origins: readonly string[] | '*'): Middleware {
  const allowed = origins === '*' ? undefined : new Set(origins);
  return cors({
    origin: (ctx) => (allowed ? (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : '') : '*'),
    credentials: allowed !== undefined,
    allowMethods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
    allowHeaders: ALLOW_HEADERS,
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 600,
    keepHeadersOnError: true,
  }) as unknown as Middleware;
}
