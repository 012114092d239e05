import { type ChildProcess } from 'node:child_process';
import { basicHeader, identityThroughput, measure, nodesThroughput, type IdentityFigures } from './httpBench.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';

import { startServer, stopServer, sessionCookie, line, row } from './benchProcess.js';

export async function throughput(seconds: number): Promise<void> {
  const gwsim = await startServer(['gwsim']);
  try {
    const cookie = await sessionCookie(gwsim.url);
    const versionBody = await (await fetch(`${gwsim.url}/api/version/get?version=0`, { headers: { cookie } })).text();
    const bare = await startServer(['bare', versionBody]);
    try {
      await measure('warm-up', `${bare.url}/api/version/get?version=0`, {}, 1);
      await measure('warm-up', `${gwsim.url}/api/version/get?version=0`, { cookie }, 1);
      const baseline = await measure(
        'bare Koa handler (baseline)',
        `${bare.url}/api/version/get?version=0`,
        {},
        seconds,
      );
      const version = await measure(
        'GET /api/version/get, session cookie',
        `${gwsim.url}/api/version/get?version=0`,
        { cookie },
        seconds,
      );
      const users = await measure(
        'GET /api/users/get, session cookie',
        `${gwsim.url}/api/users/get?version=0`,
        { cookie },
        seconds,
      );
      const identity = await identityReads(gwsim.url, seconds, gwsim.child.pid);
      const nodes = await nodesThroughput(gwsim.url, 'embedded', basicHeader('anadmin', BENCH_ADMIN_PASSWORD), seconds);
      console.log('throughput (16 keep-alive connections)');
      for (const result of [baseline, version, users, ...identity.flatMap((f) => [f.cookie, f.basic]), ...nodes])
        console.log(row(result, baseline));
      console.log('target: authenticated version/get with a session cookie >= 0.50 of the bare Koa handler');
      console.log('target: nodes/get (20 nodes) >= 0.25 of the bare Koa handler on the embedded store');
      console.log(
        'target: users/get (20 users) with a cookie >= 0.25 of the bare Koa handler on the embedded store; with Basic and no cookie >= 0.8 of it with the cookie',
      );
      for (const figures of identity) {
        const store = figures.cookie.name.replace(/.*cookie, /, '');
        console.log(line(`  Basic / cookie: ${store}, median of 3 rounds`, figures.throughputRatio.toFixed(2)));
        if (figures.cpuRatio !== undefined)
          console.log(line(`    server CPU per request, cookie / Basic`, figures.cpuRatio.toFixed(2)));
      }
      console.log(
        '  (the load generator shares the two cores: requests per second partly measure it; the server CPU per request does not)',
      );
    } finally {
      await stopServer(bare);
    }
  } finally {
    await stopServer(gwsim);
  }
}

/** users/get of 20 users with a cookie and with Basic only, on the embedded store and on the PostgreSQL server of BENCH_DATABASE_URL. */

async function identityReads(
  embeddedUrl: string,
  seconds: number,
  embeddedPid: number | undefined,
): Promise<IdentityFigures[]> {
  const authorization = basicHeader('anadmin', BENCH_ADMIN_PASSWORD);
  const results = [await identityThroughput(embeddedUrl, 'embedded', authorization, seconds, embeddedPid)];
  const databaseUrl = process.env['BENCH_DATABASE_URL'];
  if (!databaseUrl) return results; // the server store only on a database named for it (the bench adds and removes users)
  let server: { url: string; child: ChildProcess } | undefined;
  try {
    server = await startServer(['gwsim', databaseUrl]);
    results.push(await identityThroughput(server.url, 'PostgreSQL server', authorization, seconds, server.child.pid));
  } catch (error) {
    console.log(
      `identity reads on the PostgreSQL server at ${new URL(databaseUrl).host} not measured: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    if (server) await stopServer(server);
  }
  return results;
}

/** `--only nodes`: only nodes/get of 20 nodes against the bare Koa handler (one case, for the nodes view). */

export async function nodesOnly(seconds: number): Promise<void> {
  const gwsim = await startServer(['gwsim']);
  try {
    const cookie = await sessionCookie(gwsim.url);
    const versionBody = await (await fetch(`${gwsim.url}/api/version/get?version=0`, { headers: { cookie } })).text();
    const bare = await startServer(['bare', versionBody]);
    try {
      await measure('warm-up', `${bare.url}/api/version/get?version=0`, {}, 1);
      const baseline = await measure(
        'bare Koa handler (baseline)',
        `${bare.url}/api/version/get?version=0`,
        {},
        seconds,
      );
      const nodes = await nodesThroughput(gwsim.url, 'embedded', basicHeader('anadmin', BENCH_ADMIN_PASSWORD), seconds);
      for (const result of [baseline, ...nodes]) console.log(row(result, baseline));
    } finally {
      await stopServer(bare);
    }
  } finally {
    await stopServer(gwsim);
  }
}
