import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeUdpPort } from '../support/sip/sipp.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';
import { memoryBreakdown, type MemoryBreakdown } from './memoryBreakdown.js';
import { type ThreadMemory } from './memoryProbe.js';
import { openFds, pssMiB, rssMiB, threadCount } from './procStats.js';

/**
 * `gwsim serve` as it runs by default, for the memory figures: the built CLI in a process of its own, the embedded
 * engines on disk (a new temporary data directory), the simulator in its thread, the demo loaded and its synthetic
 * traffic running. memoryProbe.js, preloaded into every thread, tells each thread's heap; /proc tells the rest.
 */

const MAIN = path.resolve(__dirname, '../../src/app/main.js');
const PROBE = path.resolve(__dirname, 'memoryProbe.js');

export interface ServeProcess {
  readonly url: string;
  readonly pid: number;
  /** The file memoryProbe.js appends each thread's figures to. */
  readonly probe: string;
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

/** Starts `gwsim serve` (with BENCH_SERVER_NODE_ARGS and the probe preloaded) and resolves once /_sim/ready answers 200. */
export async function startServe(): Promise<ServeProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gwsim-memory-'));
  const probe = path.join(dataDir, 'threads.jsonl');
  // a port free for both UDP and TCP: free for the HTTP listener
  const port = await freeUdpPort();
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(/\s+/).filter((arg) => arg !== '');
  const args = [...nodeArgs, '-r', PROBE, MAIN, 'serve', '--port', String(port), '--host', '127.0.0.1'];
  args.push('--data-dir', path.join(dataDir, 'data'), '--admin-password', BENCH_ADMIN_PASSWORD, '--log-level', 'warn');
  // GWSIM_SIP unset: SIP off until the bench switches it on, as a plain `gwsim serve`; the demo on (GWSIM_DEMO unset)
  const env = {
    ...process.env,
    GWSIM_SIP: '',
    GWSIM_DEMO: '',
    GWSIM_METRICS_TOKEN: '',
    LOG_FORMAT: 'json',
    BENCH_MEMORY_PROBE: probe,
  };
  const child = spawn(process.execPath, args, { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
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
  return { url, pid: child.pid!, probe, stop };
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
  /** Each thread's latest figures from the probe, the main thread first. */
  readonly perThread: readonly ThreadMemory[];
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
    perThread: latestByThread(serve.probe),
  };
}

/** Each thread's latest line of the probe's file, in the order the threads first wrote (the main thread first). */
function latestByThread(file: string): ThreadMemory[] {
  if (!existsSync(file)) return [];
  const latest = new Map<number, ThreadMemory>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const record = JSON.parse(line) as ThreadMemory;
      latest.set(record.threadId, record);
    } catch {
      // a line still being written
    }
  }
  return [...latest.values()].sort((a, b) => a.threadId - b.threadId);
}
