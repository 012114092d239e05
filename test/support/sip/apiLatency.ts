import { performance } from 'node:perf_hooks';

/** One management request: method, path (version=0 is added when the path names no version) and JSON body. */
export interface ApiOperation {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

/** Latency of management requests, in milliseconds, over the requests that succeeded (2xx). */
export interface ApiLatency {
  readonly p50: number;
  readonly p99: number;
  /** Requests that succeeded. */
  readonly count: number;
  /** Requests answered with another status or not answered at all. */
  readonly errors: number;
}

/** A cheap read every administrator may make: the version of the components. */
export const DEFAULT_OPERATION: ApiOperation = { method: 'GET', path: '/api/version/get' };

/** The nearest-rank percentile `q` (0–1) of sorted values; 0 when there are none. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function url(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/$/, '');
  const target = new URL(`${base}${path}`);
  if (!target.searchParams.has('version')) target.searchParams.set('version', '0');
  return target.toString();
}

/**
 * Measures the gateway's management interface while something else (SIP load) runs: `requests` requests of
 * `operation`, `concurrency` at a time. It signs in once with Basic credentials and sends the session cookie
 * the sign-in set, as a console does (Basic on every request when no cookie comes back).
 */
export async function measureApiLatency(
  baseUrl: string,
  auth: { readonly username: string; readonly password: string },
  options: { readonly requests: number; readonly concurrency: number; readonly operation?: ApiOperation },
): Promise<ApiLatency> {
  const operation = options.operation ?? DEFAULT_OPERATION;
  const authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  const login = await fetch(url(baseUrl, DEFAULT_OPERATION.path), { headers: { authorization } });
  await login.arrayBuffer();
  if (login.status !== 200) throw new Error(`signing in to ${baseUrl} failed with ${login.status}`);
  const cookie = /JSESSIONID=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  const headers: Record<string, string> = cookie ? { cookie: `JSESSIONID=${cookie}` } : { authorization };
  if (operation.body !== undefined) headers['content-type'] = 'application/json';
  const target = url(baseUrl, operation.path);
  const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);

  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.requests) {
      next += 1;
      const started = performance.now();
      try {
        const response = await fetch(target, {
          method: operation.method,
          headers,
          ...(body !== undefined ? { body } : {}),
        });
        await response.arrayBuffer();
        if (response.status >= 200 && response.status < 300) latencies.push(performance.now() - started);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, options.requests)) }, worker));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), count: latencies.length, errors };
}
