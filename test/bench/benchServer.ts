import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { GatewaySimulator } from '../../src/app/GatewaySimulator.js';
import { DEFAULT_BODY_LIMITS } from '../../src/app/config/AppConfig.js';
import { readSwitch } from '../../src/app/config/loadConfig.js';
import { startEmbeddedDatabaseWorker } from '../../src/app/persistence/EmbeddedDatabase.js';
import { BACKGROUND_NICENESS, lowerNodeThreads } from '../../src/app/threadPriority.js';
import { PinoLogger } from '../../src/shared/infrastructure/PinoLogger.js';
import { startBareKoa } from './httpBench.js';
import { describeStalls, traceStalls } from './stallTrace.js';

export const BENCH_ADMIN_PASSWORD = 'bench-Admin-1';

/**
 * A server for the throughput benchmark, in a process of its own so that the load generator does not share
 * its event loop: `bare` (a bare Koa handler), `gwsim` (the simulator on an in-memory embedded store) or
 * `gwsim <postgres-url>` (the simulator on that PostgreSQL server database) or `gwsim-disk` (as `gwsim serve` runs by
 * default: the embedded engines in worker threads, their files in a data directory, here a new temporary one).
 * Prints its base URL on stdout and runs until stdin closes.
 */
async function main(kind: string): Promise<void> {
  let url: string;
  let close: () => Promise<void>;
  if (kind === 'bare') {
    const bare = await startBareKoa(JSON.parse(process.argv[3] ?? '{}'));
    ({ url, close } = bare);
  } else {
    const dataDir = kind === 'gwsim-disk' ? mkdtempSync(path.join(os.tmpdir(), 'gwsim-bench-')) : undefined;
    const simulatorThread = readSwitch(process.env, 'GWSIM_SIMULATOR_THREAD', true);
    const databaseUrl = dataDir ? undefined : process.argv[3];
    // as `gwsim serve` does: the embedded engine (on disk or in memory) in a worker thread, which gives the
    // simulator's thread its session, and Node's own threads behind the API's
    const embeddedWorker = dataDir !== undefined || (databaseUrl === undefined && simulatorThread);
    if (embeddedWorker && simulatorThread) lowerNodeThreads(BACKGROUND_NICENESS);
    const engine = embeddedWorker
      ? startEmbeddedDatabaseWorker(dataDir, (error) => {
          console.error(error);
          process.exit(1);
        })
      : undefined;
    const simulator = await GatewaySimulator.create({
      engine,
      config: {
        port: 0,
        host: '127.0.0.1',
        databaseUrl,
        dataDir,
        ephemeral: dataDir === undefined,
        adminPassword: BENCH_ADMIN_PASSWORD,
        adminPasswordIsDefault: false,
        logLevel: benchLogLevel(),
        kdfCost: 15,
        sessionIdleMinutes: 30,
        bodyLimits: DEFAULT_BODY_LIMITS,
      },
      logger: PinoLogger.create(benchLogLevel()),
      // the simulator in a thread of its own, as `gwsim serve` runs it by default (GWSIM_SIMULATOR_THREAD=0: in one)
      simulatorThread,
    });
    const address = await simulator.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${address.port}`;
    close = async () => {
      await simulator.stop(1000);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    };
  }
  process.stdout.write(`${url}\n`);
  // BENCH_LOOP_DELAY=1: the event loop's delays while serving, on stderr at the end (where a latency comes from)
  const delay = process.env['BENCH_LOOP_DELAY'] ? monitorEventLoopDelay({ resolution: 5 }) : undefined;
  delay?.enable();
  // and the garbage collector's pauses (how many, how long in all, the longest)
  const pauses: number[] = [];
  const byKind = new Map<string, number[]>();
  const kindName = (kind: number | undefined) => GC_KINDS[kind ?? 0] ?? `kind ${kind}`;
  const gc = delay
    ? new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          pauses.push(entry.duration);
          const kind = kindName((entry as unknown as { detail?: { kind?: number } }).detail?.kind);
          const list = byKind.get(kind) ?? [];
          list.push(entry.duration);
          byKind.set(kind, list);
        }
      })
    : undefined;
  gc?.observe({ entryTypes: ['gc'] });
  // BENCH_STALLS=1: the event loop's gaps, what filled them (the thread's own work, a wait for a core, collection)
  const stalls = process.env['BENCH_STALLS'] ? traceStalls() : undefined;
  process.stdin.resume();
  process.stdin.on('end', () => {
    // named by the server's kind: a run may have several servers (the SIP section samples a bare one beside)
    if (delay)
      process.stderr.write(
        `${kind} server, event loop delay: p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms\n`,
      );
    if (stalls) process.stderr.write(`${kind} server, ${describeStalls(stalls())}\n`);
    if (gc) {
      gc.disconnect();
      const total = pauses.reduce((sum, ms) => sum + ms, 0);
      process.stderr.write(
        `${kind} server, garbage collection: ${pauses.length} pauses, ${Math.round(total)} ms in all, ${pauses.filter((ms) => ms > 10).length} over 10 ms, longest ${Math.round(Math.max(0, ...pauses))} ms\n`,
      );
      for (const [kind, list] of byKind) {
        process.stderr.write(
          `  ${kind}: ${list.length} pauses, ${Math.round(list.reduce((sum, ms) => sum + ms, 0))} ms, ${list.filter((ms) => ms > 10).length} over 10 ms, longest ${Math.round(Math.max(0, ...list))} ms\n`,
        );
      }
      const heap = process.memoryUsage();
      process.stderr.write(
        `${kind} server, memory at the end: heap used ${Math.round(heap.heapUsed / 1048576)} MiB of ${Math.round(heap.heapTotal / 1048576)} MiB, RSS ${Math.round(heap.rss / 1048576)} MiB\n`,
      );
    }
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`the server did not close: ${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}

/** perf_hooks' garbage-collection kinds (entry.detail.kind). */
const GC_KINDS: Record<number, string> = {
  1: 'scavenge',
  2: 'mark-compact',
  4: 'incremental marking',
  8: 'weak callbacks',
};

if (require.main === module) {
  main(process.argv[2] ?? 'gwsim').catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** BENCH_LOG_LEVEL (e.g. warn): the gateway's log on stderr while it serves; silent by default. */
function benchLogLevel(): 'silent' | 'error' | 'warn' | 'info' | 'debug' {
  const level = process.env['BENCH_LOG_LEVEL'];
  return level === 'error' || level === 'warn' || level === 'info' || level === 'debug' ? level : 'silent';
}
