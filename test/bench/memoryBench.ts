import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeUdpPort } from '../support/sip/sipp.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';
import { GcTrace, memoryBreakdown, type IsolateHeap, type MemoryBreakdown } from './memoryBreakdown.js';
import { openFds, pssMiB, rssMiB, threadCount } from './procStats.js';

/**
 * `gwsim serve` as it runs by default, for the memory figures: the built CLI in a process of its own, the embedded
 * engines on disk (a new temporary data directory), the simulator in its thread, the demo loaded and its synthetic
 * traffic running. V8's `--trace-gc` lines on its standard output tell each thread's heap; /proc tells the rest.
 */

const MAIN = path.resolve(__dirname, '../../src/app/main.js');

export interface ServeProcess {
  readonly url: string;
  readonly pid: number;
  readonly gc: GcTrace;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gwsim serve exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/_sim/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) throw new Error(`gwsim serve was not ready within 90 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts `gwsim serve` (with BENCH_SERVER_NODE_ARGS and --trace-gc) and resolves once /_sim/ready answers 200. */
export async function startServe(): Promise<ServeProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gwsim-memory-'));
  // a port free for both UDP and TCP: free for the HTTP listener
  const port = await freeUdpPort();
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(/\s+/).filter((arg) => arg !== '');
  const args = [...nodeArgs, '--trace-gc', MAIN, 'serve', '--port', String(port), '--host', '127.0.0.1'];
  args.push('--data-dir', path.join(dataDir, 'data'), '--admin-password', BENCH_ADMIN_PASSWORD, '--log-level', 'warn');
  // GWSIM_SIP unset: SIP off until the bench switches it on, as a plain `gwsim serve`; the demo on (GWSIM_DEMO unset)
  const env = { ...process.env, GWSIM_SIP: '', GWSIM_DEMO: '', GWSIM_METRICS_TOKEN: '', LOG_FORMAT: 'json' };
  const child = spawn(process.execPath, args, { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const gc = new GcTrace();
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    gc.feed(chunk.toString());
    keep(chunk);
  });
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, child, () => tail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, gc, stop };
}

/** What the process holds at one moment. */
export interface MemorySample {
  readonly label: string;
  readonly rssMiB: number;
  readonly pssMiB: number;
  readonly fds: number;
  readonly threads: number;
  readonly breakdown: MemoryBreakdown;
  /** The main thread's V8 heap (used, total) and memory outside it (external, of it array buffers), from /_sim/metrics. */
  readonly main: { heapUsedMiB: number; heapTotalMiB: number; externalMiB: number };
  /** Every isolate's heap after its latest collection (--trace-gc), the order they first collected in. */
  readonly isolates: readonly IsolateHeap[];
}

/** A gauge of the Prometheus text of /_sim/metrics, in MiB (NaN when absent). */
function gaugeMiB(text: string, name: string): number {
  const match = new RegExp(`^${name} ([\\d.e+]+)$`, 'm').exec(text);
  return match ? Math.round(Number(match[1]) / 1048576) : NaN;
}

export async function sample(serve: ServeProcess, label: string): Promise<MemorySample> {
  const metrics = await (await fetch(`${serve.url}/_sim/metrics`)).text();
  const gone = () => new Error(`gwsim serve (${serve.pid}) is gone`);
  return {
    label,
    rssMiB: Math.round(rssMiB([serve.pid]) ?? NaN),
    pssMiB: Math.round(pssMiB([serve.pid]) ?? NaN),
    fds: openFds(serve.pid) ?? NaN,
    threads: threadCount(serve.pid) ?? NaN,
    breakdown: (() => {
      const breakdown = memoryBreakdown(serve.pid);
      if (!breakdown) throw gone();
      return breakdown;
    })(),
    main: {
      heapUsedMiB: gaugeMiB(metrics, 'nodejs_heap_size_used_bytes'),
      heapTotalMiB: gaugeMiB(metrics, 'nodejs_heap_size_total_bytes'),
      externalMiB: gaugeMiB(metrics, 'nodejs_external_memory_bytes'),
    },
    isolates: serve.gc.snapshot(),
  };
}
