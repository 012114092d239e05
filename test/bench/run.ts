import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import {
  basicHeader,
  identityThroughput,
  measure,
  nodesThroughput,
  type IdentityFigures,
  type Throughput,
} from './httpBench.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';
import { startupBench } from './startupBench.js';
import { resetBench } from './resetBench.js';
import { configurationBench } from './configurationBench.js';
import { routingBench } from './routingBench.js';
import { loadBench } from './loadBench.js';
import { simulationBench } from './simulationBench.js';
import { callHistoryBench } from './callHistoryBench.js';
import { faultsBench } from './faultsBench.js';
import { rtpRelayBench } from './rtpRelayBench.js';
import { sipBench } from './sipBench.js';

/**
 * `npm run bench`: throughput of authenticated reads as a ratio of a bare Koa handler measured in the same
 * run (each server in a process of its own, the load generator in this one), start-up time, and the
 * configuration commit/revert figures, and the route matcher's matches per second. BENCH_SECONDS sets each
 * throughput measurement's length (default 5); BENCH_DATABASE_URL adds the configuration figures on a PostgreSQL
 * server. `--only <section>` (throughput, nodes, startup, configuration, routing, simulation, faults, media, reset, load, sip, callHistory) runs one
 * section. callHistory loads 1,000,000 calls (BENCH_CALLS) into the monitor store of BENCH_DATABASE_URL (else the
 * embedded one).
 */
const SECTIONS = [
  'throughput',
  'nodes',
  'startup',
  'configuration',
  'routing',
  'simulation',
  'faults',
  'media',
  'reset',
  'load',
  'sip',
  'callHistory',
] as const;
type Section = (typeof SECTIONS)[number];

function onlySection(args: readonly string[]): Section | undefined {
  const at = args.indexOf('--only');
  if (at < 0) return undefined;
  const section = args[at + 1] as Section | undefined;
  if (!section || !SECTIONS.includes(section)) throw new Error(`--only takes one of ${SECTIONS.join(', ')}`);
  return section;
}
const SERVER = path.resolve(__dirname, 'benchServer.js');

async function startServer(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  // BENCH_SERVER_NODE_ARGS: node options for the server process alone, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(/\s+/).filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...nodeArgs, SERVER, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    // BENCH_SERVER_STDOUT: a file that gets the rest of the server's stdout (e.g. V8's --trace-gc-nvp lines)
    const trace = process.env['BENCH_SERVER_STDOUT'];
    let found = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (found) {
        if (trace) appendFileSync(trace, chunk);
        return;
      }
      buffered += chunk.toString();
      // the URL line (V8's own lines may come before it)
      const match = /^(https?:\/\/\S+)\r?\n/m.exec(buffered);
      if (!match) return;
      found = true;
      resolve(match[1]);
      if (trace) appendFileSync(trace, buffered.slice(0, match.index) + buffered.slice(match.index + match[0].length));
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
  return (
    line(
      result.name,
      `${result.requestsPerSecond} req/s`,
      (result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
    ) + `  p99 ${result.p99Ms} ms${warn}`
  );
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
async function nodesOnly(seconds: number): Promise<void> {
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

async function main(): Promise<void> {
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
  const only = onlySection(process.argv.slice(2));
  const runs = (section: Section) => only === undefined || only === section;
  console.log(
    `gwsim benchmarks (node ${process.version}${runs('throughput') ? `, ${seconds} s per throughput measurement` : ''})${only ? `, only ${only}` : ''}\n`,
  );
  if (runs('throughput')) await throughput(seconds);
  if (only === 'nodes') await nodesOnly(seconds); // part of throughput otherwise
  if (runs('startup')) await startupSection();
  if (runs('configuration')) await configurationSection();
  if (runs('routing')) routingSection();
  if (runs('simulation')) simulationSection();
  if (runs('faults')) await faultsSection();
  if (runs('media')) await mediaSection();
  if (runs('reset')) await resetSection();
  if (only === 'load') await loadSection(); // minutes long: only on request
  if (only === 'sip') await sipSection(); // minutes long, needs SIPp: only on request
  if (only === 'callHistory') await callHistorySection(); // loads 1,000,000 calls: only on request
}

/**
 * `--only load`: the simulator carrying calls with every SIP message stored, against the same nodes/get requests
 * with the simulator idle: embedded store 500 calls in progress at 10 calls/s; with BENCH_DATABASE_URL also the
 * server store at 5,000 and 100 calls/s. BENCH_LOAD_SECONDS sets the measured time after the ramp (default 300).
 */
async function loadSection(): Promise<void> {
  const seconds = Number(process.env['BENCH_LOAD_SECONDS'] ?? 300);
  const server = process.env['BENCH_DATABASE_URL'];
  const runs: Array<{ label: string; args: string[]; concurrent: number; callsPerSecond: number }> = [
    { label: 'embedded store', args: ['gwsim'], concurrent: 500, callsPerSecond: 10 },
    ...(server ? [{ label: 'PostgreSQL server', args: ['gwsim', server], concurrent: 5000, callsPerSecond: 100 }] : []),
  ];
  if (!server)
    console.log(
      '(set BENCH_DATABASE_URL to a PostgreSQL database of your own for the 5,000-session run on the server store)',
    );
  for (const run of runs) {
    console.log(`
simulator under load, ${run.label}: ${run.concurrent.toLocaleString('en')} calls in progress, ${run.callsPerSecond} new calls/s, every SIP message stored, ${seconds} s after the ramp`);
    const gwsim = await startServer(run.args);
    try {
      const f = await loadBench({
        url: gwsim.url,
        pid: gwsim.child.pid,
        authorization: basicHeader('anadmin', BENCH_ADMIN_PASSWORD),
        concurrent: run.concurrent,
        callsPerSecond: run.callsPerSecond,
        seconds,
        log: (text) => console.log(text),
      });
      console.log(
        line('GET /api/nodes/get p99, simulator idle (baseline)', `${f.idleP99Ms} ms`) + `  p50 ${f.idleP50Ms} ms`,
      );
      console.log(
        line('GET /api/nodes/get p99 under load (target ratio < 2)', `${f.loadP99Ms} ms`, f.p99Ratio.toFixed(2)) +
          `  p50 ${f.loadP50Ms} ms`,
      );
      console.log(
        line('calls in progress during the run (min / max)', `${f.concurrentMin} / ${f.concurrentMax}`) +
          `  ramp ${f.rampSeconds} s`,
      );
      console.log(
        line('server CPU (100 % = one core)', `${f.cpuPercent} %`) + `  RSS ${f.rssStartMiB} → max ${f.rssMaxMiB} MiB`,
      );
      console.log(
        line('SIP messages stored per second', `${f.messagesStoredPerSecond}`) +
          `  calls stored ${f.callsStoredPerSecond}/s, started ${f.callsStartedPerSecond}/s, rows dropped ${f.droppedRows}, failed requests ${f.failedRequests}`,
      );
      console.log(
        line(`messageHistory pcap of ${f.pcapCalls} stored calls, one by one`, `${f.pcapTotalMs} ms`) +
          `  p50 ${f.pcapP50Ms} ms, p95 ${f.pcapP95Ms} ms, ${Math.round(f.pcapBytes / 1024)} KiB`,
      );
    } finally {
      await stopServer(gwsim);
    }
  }
}

/**
 * `--only sip`: real SIP through the B2BUA, SIPp's UAC and UAS on this machine: BENCH_SIP_RATE calls per second
 * (default 200) for BENCH_SIP_SECONDS (default 180), against SIPp calling itself directly in the same run, and the
 * API's p99 under that load against idle for as long (BENCH_SIP_IDLE_SECONDS) (target: 200 calls/s with under 0.1 %
 * failed, p99 ratio under 2). BENCH_SIP_DIRECT_SECONDS: how long SIPp calls itself (BENCH_SIP_SECONDS by default).
 */
async function sipSection(): Promise<void> {
  const rate = Number(process.env['BENCH_SIP_RATE'] ?? 200);
  const seconds = Number(process.env['BENCH_SIP_SECONDS'] ?? 180);
  const idleSeconds = Number(process.env['BENCH_SIP_IDLE_SECONDS'] ?? seconds);
  const directSeconds = Number(process.env['BENCH_SIP_DIRECT_SECONDS'] ?? seconds);
  console.log(
    `\nreal SIP through the B2BUA: SIPp UAC → gateway → SIPp UAS, ${rate} calls/s for ${seconds} s, media anchored, every message stored`,
  );
  // the store as `gwsim serve` has it by default (a data directory on disk), BENCH_SIP_STORE=memory: --ephemeral's,
  // BENCH_DATABASE_URL: that PostgreSQL server
  const server = process.env['BENCH_DATABASE_URL'];
  const memory = process.env['BENCH_SIP_STORE'] === 'memory';
  console.log(
    server
      ? '(on the PostgreSQL server store of BENCH_DATABASE_URL)'
      : memory
        ? '(on the embedded store in memory, as with --ephemeral)'
        : '(on the embedded store in a data directory, as gwsim serve runs by default)',
  );
  const gwsimKind = server ? ['gwsim', server] : memory ? ['gwsim'] : ['gwsim-disk'];
  const gwsim = await startServer(gwsimKind);
  // a bare Koa server (a small JSON body to any GET): what the machine's load does to any server's requests
  const bare = await startServer(['bare', JSON.stringify({ nodes: [] })]);
  // a second gwsim that carries no calls: what the load costs a gateway's requests when none of the calls' work is
  // on its threads (the best an API apart from the calls could do on this machine); on the same store kind, and on a
  // PostgreSQL server the same database: started after the first, which holds the lab, it is a process of the
  // several-process topology that serves the API beside the lab's holder
  const idleGateway = await startServer(gwsimKind);
  try {
    const f = await sipBench({
      url: gwsim.url,
      pid: gwsim.child.pid,
      authorization: basicHeader('anadmin', BENCH_ADMIN_PASSWORD),
      rate,
      seconds,
      idleSeconds,
      directSeconds,
      bareUrl: bare.url,
      idleGatewayUrl: idleGateway.url,
      log: (text) => console.log(text),
    });
    const figures = (label: string, r: typeof f.direct) => {
      console.log(
        line(label, `${r.achievedCps} calls/s`) +
          `  ${r.successful}/${r.attempted} completed, ${r.failed} failed (${r.failedPercent} %), ${r.retransmissions} retransmissions`,
      );
      if (r.failures !== '') process.stdout.write(r.failures);
    };
    figures('SIPp UAC → SIPp UAS directly (baseline)', f.direct);
    figures('SIPp UAC → gateway → SIPp UAS', f.gateway);
    console.log(
      line(
        '  rate achieved through the gateway / directly',
        `${(f.gateway.achievedCps / Math.max(f.direct.achievedCps, 0.01)).toFixed(2)}`,
      ),
    );
    console.log(line('server CPU (100 % = one core)', `${f.cpuPercent} %`));
    if (f.mainThread) {
      const thread = (phase: typeof f.mainThread.load) =>
        `runs ${phase.runMsPerS} ms/s, waits for a core ${phase.waitMsPerS} ms/s`;
      console.log(line('  its main thread idle', thread(f.mainThread.idle)));
      console.log(line('  its main thread under the SIP load', thread(f.mainThread.load)));
    }
    console.log(line('GET /api/nodes/get p99, idle (baseline)', `${f.idleP99Ms} ms`));
    console.log(
      line(
        'GET /api/nodes/get p99 while SIPp calls itself (gateway idle)',
        `${f.besideDirectP99Ms} ms`,
        (f.besideDirectP99Ms / Math.max(f.idleP99Ms, 0.01)).toFixed(2),
      ),
    );
    console.log(
      line('GET /api/nodes/get p99 under the SIP load (target ratio < 2)', `${f.loadP99Ms} ms`, f.p99Ratio.toFixed(2)) +
        `  failed requests ${f.failedRequests}`,
    );
    console.log(line('  p99 per minute, idle', f.idleP99PerMinuteMs.map((ms) => `${ms}`).join(' / ') + ' ms'));
    console.log(
      line('  p99 per minute, under the SIP load', f.loadP99PerMinuteMs.map((ms) => `${ms}`).join(' / ') + ' ms'),
    );
    const beside = (title: string, b: NonNullable<typeof f.bare>) => {
      const ratio = (ms: number) => (ms / Math.max(b.idleP99Ms, 0.01)).toFixed(2);
      console.log(line(`${title}: p99 idle`, `${b.idleP99Ms} ms`));
      console.log(line('  while SIPp calls itself', `${b.besideDirectP99Ms} ms`, ratio(b.besideDirectP99Ms)));
      console.log(line("  under the gateway's SIP load", `${b.loadP99Ms} ms`, ratio(b.loadP99Ms)));
    };
    if (f.bare) beside('a bare Koa server beside it', f.bare);
    if (f.idleGateway) beside('a second gwsim beside it, carrying no calls', f.idleGateway);
  } finally {
    await stopServer(idleGateway);
    await stopServer(bare);
    await stopServer(gwsim);
  }
}

function simulationSection(): void {
  console.log(
    '\nsession simulator on one core: 100 new calls/s, all answered, mean holding time 45 s, 50 ms steps on a manual clock',
  );
  for (const keep of [true, false]) {
    const f = simulationBench(keep);
    console.log(
      `  SIP messages ${keep ? 'built' : 'not kept'}: ${f.concurrentAtStart.toLocaleString('en')} → ${f.concurrentAtEnd.toLocaleString('en')} calls in progress over ${f.simulatedSeconds} simulated s ` +
        `(after ${f.warmUpSeconds} s warm-up): ${f.callsStarted} started, ${f.callsEnded} ended, ${f.messages.toLocaleString('en')} messages`,
    );
    console.log(
      line('    wall time / CPU', `${f.wallMs} / ${f.cpuMs} ms`) +
        `  ${f.realTimeFactor}× real time, slowest 50 ms step ${f.slowestStepMs} ms, RSS ${f.rssMiB} MiB, heap ${f.heapUsedMiB} MiB`,
    );
  }
}

async function callHistorySection(): Promise<void> {
  const calls = Number(process.env['BENCH_CALLS'] ?? 1_000_000);
  const databaseUrl = process.env['BENCH_DATABASE_URL'];
  console.log(
    `\ncallHistory/get's store query over ${calls.toLocaleString('en')} stored calls of one lab, 100 queries per filter (target: p95 under 50 ms on the server store)`,
  );
  if (!databaseUrl)
    console.log(
      '(set BENCH_DATABASE_URL to a PostgreSQL database of your own to measure the server store; this runs on the embedded engine)',
    );
  const f = await callHistoryBench({ databaseUrl, calls });
  console.log(
    line(`${f.store}: bulk load (INSERT … SELECT generate_series)`, f.loadMs ? `${f.loadMs} ms` : 'kept from before'),
  );
  for (const filter of f.filters) {
    console.log(
      line(`${f.store}: ${filter.name}`, `p50 ${filter.p50Ms} ms`) +
        `  p95 ${filter.p95Ms} ms  (${filter.totalCount.toLocaleString('en')} match)`,
    );
  }
}

async function resetSection(): Promise<void> {
  const server = process.env['BENCH_DATABASE_URL'];
  for (const databaseUrl of [undefined, ...(server ? [server] : [])]) {
    const f = await resetBench({ ...(databaseUrl ? { databaseUrl } : {}) });
    console.log(
      `\nlab reset to empty on ${f.store}: a lab of ${f.objects.toLocaleString('en')} committed objects back to a new lab's state (factory configuration committed, administrator seeded at the production key-derivation cost), median of ${f.samplesMs.length} (target: under 100 ms)`,
    );
    console.log(line('a write unit that only locks the lab (baseline)', `${f.baselineMs} ms`));
    console.log(
      line('POST /_sim/labs/{lab}/reset {to: empty}', `${f.resetMs} ms`, (f.resetMs / f.baselineMs).toFixed(0)) +
        `  samples ${f.samplesMs.join(', ')} ms`,
    );
    console.log(
      line(
        `restore a snapshot (${f.snapshot.objects.toLocaleString('en')} rows, ${Math.round(f.snapshot.bytes / 1024)} KiB)`,
        `${f.restoreMs} ms`,
        (f.restoreMs / f.baselineMs).toFixed(0),
      ) + `  samples ${f.restoreSamplesMs.join(', ')} ms`,
    );
    console.log(line('  meanwhile: a write unit of another lab', `${f.otherLabMs} ms`));
  }
}

async function mediaSection(): Promise<void> {
  const f = await rtpRelayBench({ seconds: Number(process.env['BENCH_MEDIA_SECONDS'] ?? 5) });
  console.log(
    `\nRTP relay: ${f.calls} calls, ${f.offeredPacketsPerSecond.toLocaleString('en')} packets/s offered (50 per second each way per call), ${f.seconds} s, phones in the same process (target: the relays under 50 % of one core)`,
  );
  const delivered = (p: typeof f.direct) =>
    `  delivered ${p.packetsDelivered.toLocaleString('en')} of ${p.packetsSent.toLocaleString('en')}`;
  console.log(
    line('phone to phone, no relay (baseline): CPU per packet', `${f.direct.cpuMicrosPerPacket} µs`) +
      delivered(f.direct),
  );
  console.log(
    line(
      'through one RtpRelay per call: CPU per packet',
      `${f.relayed.cpuMicrosPerPacket} µs`,
      (f.relayed.cpuMicrosPerPacket / f.direct.cpuMicrosPerPacket).toFixed(1),
    ) + delivered(f.relayed),
  );
  console.log(
    line("  the relays' share: per packet / of one core at the offered rate", `${f.relayMicrosPerPacket} µs`) +
      `  ${f.relayCpuPercent} %`,
  );
}

async function faultsSection(): Promise<void> {
  const f = await faultsBench();
  console.log(
    `\nfault rule engine on the request path, in process: the fault middleware over GET /api/nodes/get, best of 5 × ${f.requests.toLocaleString('en')} requests (target: under 0.1 ms with ${f.rules} rules that do not match)`,
  );
  console.log(line('fault middleware, no rules (baseline)', `${f.noRulesMicros.toFixed(3)} µs`));
  console.log(
    line(
      `fault middleware, ${f.rules} non-matching rules`,
      `${f.nonMatchingMicros.toFixed(3)} µs`,
      (f.nonMatchingMicros / f.noRulesMicros).toFixed(1),
    ) +
      `  overhead ${(f.nonMatchingMicros - f.noRulesMicros).toFixed(3)} µs = ${((f.nonMatchingMicros - f.noRulesMicros) / 1000).toFixed(5)} ms`,
  );
  console.log(line('request journal middleware, recording each request', `${f.journalMicros.toFixed(3)} µs`));
}

function routingSection(): void {
  const f = routingBench();
  console.log(
    `\nroute matching on one core: a routing domain of ${f.routes.toLocaleString('en')} routes (WILDCARD, PLAIN, EXTENSION_RANGE, DIRECTORY),`,
  );
  console.log(
    `${f.calls.toLocaleString('en')} calls, ${Math.round(f.nearEndShare * 100)} % of them won by a route in the last fifth (target: at least 50,000 matches/s)`,
  );
  console.log(line('compile the domain into a plan (median of 5)', `${f.compileMs} ms`));
  console.log(line('top-down scan of the compiled matchers (baseline)', `${f.scanMatchesPerSecond} match/s`));
  console.log(
    line(
      'RoutingPlan.match, targets and dial strings',
      `${f.matchesPerSecond} match/s`,
      (f.matchesPerSecond / f.scanMatchesPerSecond).toFixed(1),
    ),
  );
}

async function startupSection(): Promise<void> {
  const startup = await startupBench(18611);
  console.log(
    '\nstart-up: spawn to first 200 of GET /api/version/get, median of 3 (targets: under 3000 ms on a new data directory, under 1500 ms on an existing one)',
  );
  console.log(line('bare Koa server (baseline)', `${startup.bareKoaMs} ms`));
  console.log(
    line(
      'gwsim serve, new data directory',
      `${startup.freshDataDirMs} ms`,
      (startup.freshDataDirMs / startup.bareKoaMs).toFixed(1),
    ),
  );
  console.log(
    line(
      'gwsim serve, existing data directory',
      `${startup.existingDataDirMs} ms`,
      (startup.existingDataDirMs / startup.bareKoaMs).toFixed(1),
    ),
  );
  console.log(
    line(
      'gwsim serve --no-demo, new data directory',
      `${startup.freshNoDemoMs} ms`,
      (startup.freshNoDemoMs / startup.bareKoaMs).toFixed(1),
    ),
  );
  console.log(
    line(
      'gwsim serve --no-demo, existing data directory',
      `${startup.existingNoDemoMs} ms`,
      (startup.existingNoDemoMs / startup.bareKoaMs).toFixed(1),
    ),
  );
}

async function configurationSection(): Promise<void> {
  console.log(
    '\nconfiguration commit and revert in a graph of 5,000 objects, median of 5 (targets: one changed object under 50 ms,',
  );
  console.log(
    'all 5,000 changed under 500 ms; ratio: against a write unit that only locks the lab, measured in the same run)',
  );
  const server = process.env['BENCH_DATABASE_URL'];
  if (!server)
    console.log('(set BENCH_DATABASE_URL to a PostgreSQL database of your own to measure the server store as well)');
  for (const databaseUrl of server ? [undefined, server] : [undefined]) {
    try {
      const f = await configurationBench({ databaseUrl });
      const ratio = (ms: number) => (ms / f.baselineMs).toFixed(1);
      console.log(line(`${f.store}: baseline (lock the lab, read its state)`, `${f.baselineMs} ms`));
      console.log(
        line(`${f.store}: commit, one changed object`, `${f.commitOneChangeMs} ms`, ratio(f.commitOneChangeMs)),
      );
      console.log(
        line(`${f.store}: revert, one changed object`, `${f.revertOneChangeMs} ms`, ratio(f.revertOneChangeMs)),
      );
      console.log(line(`${f.store}: commit, all 5,000 changed`, `${f.commitMs} ms`, ratio(f.commitMs)));
      console.log(line(`${f.store}: revert, all 5,000 changed`, `${f.revertMs} ms`, ratio(f.revertMs)));
      console.log(line(`${f.store}: first commit of the whole graph`, `${f.firstCommitMs} ms`, ratio(f.firstCommitMs)));
      console.log(
        line(`${f.store}: nodes/addSystem (${f.addedNodeObjects} objects)`, `${f.addNodeMs} ms`, ratio(f.addNodeMs)),
      );
      console.log(
        line(
          `${f.store}: commit after it (target under 50 ms)`,
          `${f.commitAddedNodeMs} ms`,
          ratio(f.commitAddedNodeMs),
        ),
      );
    } catch (error) {
      if (!databaseUrl) throw error;
      console.log(
        `PostgreSQL server at ${new URL(databaseUrl).host} not measured: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
