import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { measure, type Throughput } from './httpBench.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';
import { startupBench } from './startupBench.js';
import { configurationBench } from './configurationBench.js';

/**
 * `npm run bench`: throughput of authenticated reads as a ratio of a bare Koa handler measured in the same
 * run (each server in a process of its own, the load generator in this one), start-up time, and the
 * configuration commit/revert figures. BENCH_SECONDS sets each throughput measurement's length (default 5);
 * BENCH_DATABASE_URL adds the configuration figures on a PostgreSQL server.
 */
const SERVER = path.resolve(__dirname, 'benchServer.js');

async function startServer(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes('\n')) resolve(buffered.trim());
    });
    child.once('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
  return { url, child };
}

async function stopServer(server: { child: ChildProcess }): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.stdin!.end();
  await exited;
}

async function sessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/version/get?version=0`, {
    headers: { authorization: `Basic ${Buffer.from(`anadmin:${BENCH_ADMIN_PASSWORD}`).toString('base64')}` },
  });
  const cookie = /JSESSIONID=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (response.status !== 200 || !cookie) throw new Error(`login for the benchmark failed with ${response.status}`);
  return `JSESSIONID=${cookie[1]}`;
}

function line(label: string, value: string, ratio?: string): string {
  return `${label.padEnd(52)} ${value.padStart(14)}${ratio ? `  ratio ${ratio}` : ''}`;
}

function row(result: Throughput, baseline: Throughput): string {
  const warn = result.non2xx ? `  (${result.non2xx} non-2xx!)` : '';
  return line(result.name, `${result.requestsPerSecond} req/s`, (result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)) + `  p99 ${result.p99Ms} ms${warn}`;
}

async function throughput(seconds: number): Promise<void> {
  const gwsim = await startServer(['gwsim']);
  try {
    const cookie = await sessionCookie(gwsim.url);
    const versionBody = await (await fetch(`${gwsim.url}/api/version/get?version=0`, { headers: { cookie } })).text();
    const bare = await startServer(['bare', versionBody]);
    try {
      await measure('warm-up', `${bare.url}/api/version/get?version=0`, {}, 1);
      await measure('warm-up', `${gwsim.url}/api/version/get?version=0`, { cookie }, 1);
      const baseline = await measure('bare Koa handler (baseline)', `${bare.url}/api/version/get?version=0`, {}, seconds);
      const version = await measure('GET /api/version/get, session cookie', `${gwsim.url}/api/version/get?version=0`, { cookie }, seconds);
      const users = await measure('GET /api/users/get, session cookie', `${gwsim.url}/api/users/get?version=0`, { cookie }, seconds);
      console.log('throughput (16 keep-alive connections)');
      for (const result of [baseline, version, users]) console.log(row(result, baseline));
      console.log('target: authenticated version/get with a session cookie >= 0.50 of the bare Koa handler');
    } finally {
      await stopServer(bare);
    }
  } finally {
    await stopServer(gwsim);
  }
}

async function main(): Promise<void> {
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
  console.log(`gwsim benchmarks (node ${process.version}, ${seconds} s per throughput measurement)\n`);
  await throughput(seconds);

  const startup = await startupBench(18611);
  console.log('\nstart-up: spawn to first 200 of GET /api/version/get, median of 3 (targets: under 3000 ms on a new data directory, under 1500 ms on an existing one)');
  console.log(line('bare Koa server (baseline)', `${startup.bareKoaMs} ms`));
  console.log(line('gwsim serve, new data directory', `${startup.freshDataDirMs} ms`, (startup.freshDataDirMs / startup.bareKoaMs).toFixed(1)));
  console.log(line('gwsim serve, existing data directory', `${startup.existingDataDirMs} ms`, (startup.existingDataDirMs / startup.bareKoaMs).toFixed(1)));

  console.log('\nconfiguration commit and revert, 5,000 objects all changed (target: under 500 ms each on the PostgreSQL server)');
  const server = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  for (const databaseUrl of [undefined, server]) {
    try {
      const figures = await configurationBench({ databaseUrl });
      console.log(line(`${figures.store}: commit (median of ${figures.runs})`, `${figures.commitMs} ms`));
      console.log(line(`${figures.store}: revert (median of ${figures.runs})`, `${figures.revertMs} ms`));
      console.log(line(`${figures.store}: first commit of the whole graph`, `${figures.firstCommitMs} ms`));
      console.log(line(`${figures.store}: commit / revert of one changed object`, `${figures.commitOneChangeMs} / ${figures.revertOneChangeMs} ms`));
    } catch (error) {
      if (!databaseUrl) throw error;
      console.log(`PostgreSQL server at ${new URL(databaseUrl).host} not measured: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
