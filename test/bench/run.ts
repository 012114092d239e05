import 'reflect-metadata';
import { GatewaySimulator } from '../../src/app/GatewaySimulator.js';
import { DEFAULT_BODY_LIMITS, type AppConfig } from '../../src/app/config/AppConfig.js';
import { PinoLogger } from '../../src/shared/infrastructure/PinoLogger.js';
import { measure, startBareKoa, type Throughput } from './httpBench.js';
import { startupBench } from './startupBench.js';

/**
 * `npm run bench`: throughput of authenticated reads against a bare Koa handler measured in the same run,
 * on the embedded store. BENCH_SECONDS sets each measurement's length (default 5).
 */
const ADMIN_PASSWORD = 'bench-Admin-1';

function config(): AppConfig {
  return {
    port: 0, host: '127.0.0.1', databaseUrl: undefined, dataDir: undefined, ephemeral: true,
    adminPassword: ADMIN_PASSWORD, adminPasswordIsDefault: false, logLevel: 'silent', kdfCost: 15,
    sessionIdleMinutes: 30, bodyLimits: DEFAULT_BODY_LIMITS,
  };
}

async function sessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/version/get?version=0`, {
    headers: { authorization: `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}` },
  });
  const cookie = /JSESSIONID=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (response.status !== 200 || !cookie) throw new Error(`login for the benchmark failed with ${response.status}`);
  return `JSESSIONID=${cookie[1]}`;
}

function row(result: Throughput, baseline: Throughput): string {
  const ratio = (result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
  return `${result.name.padEnd(48)} ${String(result.requestsPerSecond).padStart(8)} req/s  p99 ${String(result.p99Ms).padStart(4)} ms  ratio ${ratio}${result.non2xx ? `  (${result.non2xx} non-2xx!)` : ''}`;
}

async function httpBenchmarks(seconds: number): Promise<Throughput[]> {
  const simulator = await GatewaySimulator.create({ config: config(), logger: PinoLogger.create('silent') });
  const address = await simulator.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const cookie = await sessionCookie(baseUrl);
  const versionBody = await (await fetch(`${baseUrl}/api/version/get?version=0`, { headers: { cookie } })).json();
  const bare = await startBareKoa(versionBody);
  try {
    await measure('warm-up', `${bare.url}/api/version/get?version=0`, {}, 1);
    await measure('warm-up', `${baseUrl}/api/version/get?version=0`, { cookie }, 1);
    const results = [
      await measure('bare Koa handler (baseline)', `${bare.url}/api/version/get?version=0`, {}, seconds),
      await measure('GET /api/version/get, session cookie', `${baseUrl}/api/version/get?version=0`, { cookie }, seconds),
      await measure('GET /api/users/get, session cookie', `${baseUrl}/api/users/get?version=0`, { cookie }, seconds),
    ];
    return results;
  } finally {
    await bare.close();
    await simulator.stop(1000);
  }
}

async function main(): Promise<void> {
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
  console.log(`gwsim benchmarks (${seconds} s per measurement, node ${process.version})\n`);
  const [baseline, ...rest] = await httpBenchmarks(seconds);
  console.log(row(baseline!, baseline!));
  for (const result of rest) console.log(row(result, baseline!));
  console.log('\ntarget: authenticated version/get with a session cookie >= 0.50 of the bare Koa handler');

  const startup = await startupBench(18611);
  console.log('\nstart-up: spawn to first 200 of GET /api/version/get (target: within 5000 ms)');
  console.log(`${'bare Koa server (baseline)'.padEnd(48)} ${String(startup.bareKoaMs).padStart(8)} ms`);
  console.log(`${'gwsim serve, new data directory'.padEnd(48)} ${String(startup.freshDataDirMs).padStart(8)} ms  ratio ${(startup.freshDataDirMs / startup.bareKoaMs).toFixed(1)}`);
  console.log(`${'gwsim serve, existing data directory'.padEnd(48)} ${String(startup.existingDataDirMs).padStart(8)} ms  ratio ${(startup.existingDataDirMs / startup.bareKoaMs).toFixed(1)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
