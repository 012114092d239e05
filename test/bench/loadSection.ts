import { basicHeader } from './httpBench.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';
import { loadBench } from './loadBench.js';

import { startServer, stopServer, line } from './benchProcess.js';

/**
 * `--only load`: the simulator carrying calls with every SIP message stored, against the same nodes/get requests
 * with the simulator idle: embedded store 500 calls in progress at 10 calls/s; with BENCH_DATABASE_URL also the
 * server store at 5,000 and 100 calls/s. BENCH_LOAD_SECONDS sets the measured time after the ramp (default 300).
 */
export async function loadSection(): Promise<void> {
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
