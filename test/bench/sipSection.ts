import { basicHeader } from './httpBench.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';
import { sipBench, type SipBenchFigures } from './sipBench.js';
import { configureSipGateway, type SipGatewayPorts } from './sipGateway.js';
import { ladderRates, sipLadder } from './sipLadder.js';
import { ladderReport } from './sipLadderReport.js';

import { startServer, stopServer, line } from './benchProcess.js';

/**
 * `--only sip`: real SIP through the B2BUA, SIPp's UAC and UAS on this machine, in two parts on one gwsim server.
 * First the API's p99: BENCH_SIP_RATE calls per second (default 200) for BENCH_SIP_SECONDS (default 180; 0 skips
 * this part), against SIPp calling itself directly in the same run, and the API's p99 under that load against idle
 * for as long (BENCH_SIP_IDLE_SECONDS) (target: 200 calls/s with under 0.1 % failed, p99 ratio under 2).
 * BENCH_SIP_DIRECT_SECONDS: how long SIPp calls itself (BENCH_SIP_SECONDS by default). Then the capacity ladder
 * (sipLadder.ts): the rates of BENCH_SIP_LADDER, BENCH_SIP_STEP_SECONDS each, through gwsim, Kamailio and nothing.
 */
export async function sipSection(): Promise<void> {
  const seconds = Number(process.env['BENCH_SIP_SECONDS'] ?? 180);
  const rates = ladderRates(process.env['BENCH_SIP_LADDER']);
  // the store as `gwsim serve` has it by default (a data directory on disk), BENCH_SIP_STORE=memory: --ephemeral's,
  // BENCH_DATABASE_URL: that PostgreSQL server
  const server = process.env['BENCH_DATABASE_URL'];
  const memory = process.env['BENCH_SIP_STORE'] === 'memory';
  console.log(
    server
      ? '\n(SIP on the PostgreSQL server store of BENCH_DATABASE_URL)'
      : memory
        ? '\n(SIP on the embedded store in memory, as with --ephemeral)'
        : '\n(SIP on the embedded store in a data directory, as gwsim serve runs by default)',
  );
  const gwsimKind = server ? ['gwsim', server] : memory ? ['gwsim'] : ['gwsim-disk'];
  const gwsim = await startServer(gwsimKind);
  try {
    const authorization = basicHeader('anadmin', BENCH_ADMIN_PASSWORD);
    const ports = await configureSipGateway({ url: gwsim.url, authorization });
    if (seconds > 0) await p99Part({ url: gwsim.url, pid: gwsim.child.pid, ports, gwsimKind, seconds });
    else console.log('BENCH_SIP_SECONDS=0: no p99 part');
    if (rates.length === 0) console.log('BENCH_SIP_LADDER=off: no capacity ladder');
    else await ladderPart(gwsim.child.pid!, ports, rates);
  } finally {
    await stopServer(gwsim);
  }
}

/** The ladder of rates through gwsim, Kamailio and SIPp alone, and its table. */
async function ladderPart(pid: number, ports: SipGatewayPorts, rates: readonly number[]): Promise<void> {
  const stepSeconds = Number(process.env['BENCH_SIP_STEP_SECONDS'] ?? 10);
  const warmUpSeconds = Number(process.env['BENCH_SIP_WARMUP_SECONDS'] ?? 5);
  console.log(
    `\nSIP capacity ladder: SIPp UAC → gwsim / Kamailio / nothing → SIPp UAS, ${rates.join(', ')} calls/s, ${stepSeconds} s each`,
  );
  const figures = await sipLadder({
    rates,
    stepSeconds,
    warmUpSeconds,
    gateway: { pid, ports },
    log: (text) => console.log(text),
  });
  console.log('');
  for (const text of ladderReport(figures, stepSeconds)) console.log(text);
}

/** The API's p99 under BENCH_SIP_RATE calls per second against idle, with a bare Koa server and an idle gwsim beside. */
async function p99Part(options: {
  url: string;
  pid: number | undefined;
  ports: SipGatewayPorts;
  gwsimKind: string[];
  seconds: number;
}): Promise<void> {
  const { seconds } = options;
  const rate = Number(process.env['BENCH_SIP_RATE'] ?? 200);
  const idleSeconds = Number(process.env['BENCH_SIP_IDLE_SECONDS'] ?? seconds);
  const directSeconds = Number(process.env['BENCH_SIP_DIRECT_SECONDS'] ?? seconds);
  console.log(
    `\nreal SIP through the B2BUA: SIPp UAC → gateway → SIPp UAS, ${rate} calls/s for ${seconds} s, media anchored, every message stored`,
  );
  // a bare Koa server (a small JSON body to any GET): what the machine's load does to any server's requests
  const bare = await startServer(['bare', JSON.stringify({ nodes: [] })]);
  // a second gwsim that carries no calls: what the load costs a gateway's requests when none of the calls' work is
  // on its threads (the best an API apart from the calls could do on this machine); on the same store kind, and on a
  // PostgreSQL server the same database: started after the first, which holds the lab, it is a process of the
  // several-process topology that serves the API beside the lab's holder
  const idleGateway = await startServer(options.gwsimKind);
  try {
    const f = await sipBench({
      url: options.url,
      pid: options.pid,
      ports: options.ports,
      authorization: basicHeader('anadmin', BENCH_ADMIN_PASSWORD),
      rate,
      seconds,
      idleSeconds,
      directSeconds,
      bareUrl: bare.url,
      idleGatewayUrl: idleGateway.url,
      log: (text) => console.log(text),
    });
    printP99(f);
  } finally {
    await stopServer(idleGateway);
    await stopServer(bare);
  }
}

function printP99(f: SipBenchFigures): void {
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
}
