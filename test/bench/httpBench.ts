import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { requestListener } from '../../src/app/http/HttpApp.js';

export interface Throughput {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** The server process's CPU time (user + system) per request, when its pid was given and /proc shows it. */
  readonly serverCpuUsPerRequest?: number;
}

/** CPU time (user + system, all threads) a process has used so far, in microseconds; undefined without /proc. */
export function processCpuUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100);
  } catch {
    return undefined;
  }
}

/**
 * A process's main thread (the task whose id is the pid), from Linux's /proc/<pid>/task/<pid>/schedstat: the ns it
 * has run and the ns it has waited runnable for a core. Undefined where there is no such file.
 */
export function mainThreadSchedNs(pid: number | undefined): { runNs: number; waitNs: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return run === undefined || wait === undefined || Number.isNaN(run) || Number.isNaN(wait)
      ? undefined
      : { runNs: run, waitNs: wait };
  } catch {
    return undefined;
  }
}

/** Drives one URL with keep-alive connections for `seconds` and reports the mean requests per second. */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 16,
  serverPid?: number,
): Promise<Throughput> {
  const cpuBefore = processCpuUs(serverPid);
  const result = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  const cpuAfter = processCpuUs(serverPid);
  const requests = result.requests.total;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && requests > 0
      ? { serverCpuUsPerRequest: Math.round(((cpuAfter - cpuBefore) / requests) * 10) / 10 }
      : {}),
  };
}

/** The baseline: a bare Koa handler answering the same JSON as the version operation. */
export async function startBareKoa(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa();
  const payload = JSON.stringify(body);
  app.use(async (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = payload;
  });
  const server: Server = createServer(requestListener(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The benchmark's login of the built-in administrator, as an Authorization header value. */
export function basicHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** Logs in with Basic credentials and answers the JSESSIONID cookie the login set. */
export async function loginCookie(baseUrl: string, authorization: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/version/get?version=0`, { headers: { authorization } });
  const cookie = /JSESSIONID=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (response.status !== 200 || !cookie) throw new Error(`login for the benchmark failed with ${response.status}`);
  return `JSESSIONID=${cookie[1]}`;
}

/** Adds users `bench-user-1` … until the lab holds `count` users besides the built-in administrator; answers those it added. */
export async function seedUsers(baseUrl: string, authorization: string, count: number): Promise<string[]> {
  const added: string[] = [];
  const listed = await fetch(`${baseUrl}/api/users/get?version=0`, { headers: { authorization } });
  const existing = new Set(((await listed.json()) as Array<{ displayName: string }>).map((user) => user.displayName));
  for (let i = 1; existing.size - 1 < count; i += 1) {
    const name = `bench-user-${i}`;
    if (existing.has(name)) continue;
    const response = await fetch(`${baseUrl}/api/users/add?version=0`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        displayName: name,
        localUsername: name,
        localPassword: `Bench-Pass-${i}`,
        emailAddress: `${name}@bench.gwsim.test`,
      }),
    });
    if (response.status !== 200)
      throw new Error(`adding ${name} for the benchmark failed with ${response.status}: ${await response.text()}`);
    existing.add(name);
    added.push(name);
  }
  return added;
}

/** Removes the users a benchmark added (a server database keeps its other data). */
export async function removeUsers(baseUrl: string, authorization: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const response = await fetch(`${baseUrl}/api/users/remove?version=0&user=${encodeURIComponent(name)}`, {
      method: 'DELETE',
      headers: { authorization },
    });
    if (response.status !== 200) throw new Error(`removing ${name} after the benchmark failed with ${response.status}`);
  }
}

/**
 * The identity reads: users/get of 20 users with the session cookie and with Basic credentials and no cookie
 * (a client that never keeps the cookie), on the simulator at `baseUrl`. `label` names the store.
 */
/** The identity reads' figures: the median round of each, and the median of the rounds' Basic / cookie ratios. */
export interface IdentityFigures {
  readonly cookie: Throughput;
  readonly basic: Throughput;
  /** Median over the rounds of Basic req/s ÷ cookie req/s measured one after the other. */
  readonly throughputRatio: number;
  /** Median over the rounds of the server's CPU per cookie request ÷ per Basic request (when /proc shows it). */
  readonly cpuRatio?: number;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * users/get of 20 users with the cookie and with Basic only, in `rounds` rounds of one measurement each, one after
 * the other: on two cores shared with the load generator single measurements wander by a fifth, so each round
 * gives a ratio and the median ratio is reported.
 */
export async function identityThroughput(
  baseUrl: string,
  label: string,
  authorization: string,
  seconds: number,
  serverPid?: number,
  rounds = 3,
): Promise<IdentityFigures> {
  const added = await seedUsers(baseUrl, authorization, 20);
  try {
    const cookie = await loginCookie(baseUrl, authorization);
    const url = `${baseUrl}/api/users/get?version=0`;
    await measure('warm-up', url, { cookie }, 1);
    await measure('warm-up', url, { authorization }, 1);
    const cookies: Throughput[] = [];
    const basics: Throughput[] = [];
    for (let round = 0; round < rounds; round += 1) {
      cookies.push(
        await measure(`GET /api/users/get (20 users), cookie, ${label}`, url, { cookie }, seconds, 16, serverPid),
      );
      basics.push(
        await measure(`GET /api/users/get (20 users), Basic, ${label}`, url, { authorization }, seconds, 16, serverPid),
      );
    }
    const middle = (list: Throughput[]) =>
      [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(list.length / 2)]!;
    const cpu =
      cookies.every((c) => c.serverCpuUsPerRequest) && basics.every((b) => b.serverCpuUsPerRequest)
        ? medianOf(cookies.map((c, i) => c.serverCpuUsPerRequest! / basics[i]!.serverCpuUsPerRequest!))
        : undefined;
    return {
      cookie: middle(cookies),
      basic: middle(basics),
      throughputRatio: medianOf(cookies.map((c, i) => basics[i]!.requestsPerSecond / c.requestsPerSecond)),
      ...(cpu !== undefined ? { cpuRatio: cpu } : {}),
    };
  } finally {
    await removeUsers(baseUrl, authorization, added);
  }
}

/** The generic SIP PBX system profile the node bench adds its nodes from. */
const BENCH_PBX_PROFILE = '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1';

/**
 * nodes/get of 20 nodes with the session cookie: adds `bench-node-1` … (generic PBX wizard, ports 15000 and up)
 * until the lab holds 20 nodes, measures, and removes what it added.
 */
export async function nodesThroughput(
  baseUrl: string,
  label: string,
  authorization: string,
  seconds: number,
): Promise<Throughput[]> {
  const added: string[] = [];
  const listed = await fetch(`${baseUrl}/api/nodes/get?version=0`, { headers: { authorization } });
  let count = ((await listed.json()) as unknown[]).length;
  try {
    for (let i = 1; count < 20; i += 1) {
      const response = await fetch(`${baseUrl}/api/nodes/addSystem?version=3&profile=${BENCH_PBX_PROFILE}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ displayName: `bench-node-${i}`, udpTcpPort: 15000 + 2 * i, tlsPort: 15001 + 2 * i }),
      });
      if (response.status !== 200)
        throw new Error(`adding bench-node-${i} failed with ${response.status}: ${await response.text()}`);
      added.push(`bench-node-${i}`);
      count += 1;
    }
    const cookie = await loginCookie(baseUrl, authorization);
    const url = `${baseUrl}/api/nodes/get?version=0`;
    await measure('warm-up', url, { cookie }, 1);
    return [await measure(`GET /api/nodes/get (20 nodes), cookie, ${label}`, url, { cookie }, seconds)];
  } finally {
    for (const name of added) {
      await fetch(`${baseUrl}/api/nodes/remove?version=0&node=${encodeURIComponent(name)}`, {
        method: 'DELETE',
        headers: { authorization },
      });
    }
  }
}
