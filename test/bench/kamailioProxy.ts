import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processTree } from './procStats.js';

/**
 * Kamailio beside the gateway in the SIP ladder (ADR 0039): a minimal stateful proxy of our own
 * (test/bench/kamailio/kamailio.cfg), in the foreground on a temporary run directory, listening on 127.0.0.1 and
 * relaying every request to the SIPp UAS. KAMAILIO names the binary (`kamailio` on the PATH by default).
 */

const CONFIG = path.resolve(__dirname, '../../../test/bench/kamailio/kamailio.cfg');

/** The Kamailio binary: KAMAILIO, else the first `kamailio` on the PATH or in /usr/sbin; undefined when none. */
export function kamailioBinary(): string | undefined {
  const named = process.env['KAMAILIO'];
  if (named) return existsSync(named) ? named : undefined;
  const dirs = [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => path.join(dir, 'kamailio')).find((file) => existsSync(file));
}

export interface RunningKamailio {
  /** The main process and its children (the UDP worker, the timers): their CPU and memory are the proxy's. */
  pids(): number[];
  stop(): Promise<void>;
}

/** How many UDP worker processes (KAMAILIO_CHILDREN; 1: one core's worth of SIP work, as the gateway's SIP thread). */
function children(): number {
  const raw = Number(process.env['KAMAILIO_CHILDREN'] ?? 1);
  return Number.isInteger(raw) && raw >= 1 ? raw : 1;
}

function defines(port: number, uasPort: number): string[] {
  return ['-A', `LISTEN=udp:127.0.0.1:${port}`, '-A', `UAS="sip:127.0.0.1:${uasPort}"`, '-A', `CHILDREN=${children()}`];
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Checks the configuration (`kamailio -c`), then starts Kamailio listening on 127.0.0.1:`port` and relaying to the
 * SIPp UAS on 127.0.0.1:`uasPort`; resolves once its workers have forked. Throws with Kamailio's output on failure.
 */
export async function startKamailio(binary: string, port: number, uasPort: number): Promise<RunningKamailio> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'gwsim-kamailio-'));
  const common = ['-f', CONFIG, ...defines(port, uasPort), '-Y', runDir, '-m', '256', '-M', '16'];
  const check = spawnSync(binary, ['-c', ...common], { encoding: 'utf8', cwd: runDir });
  if (check.status !== 0) {
    rmSync(runDir, { recursive: true, force: true });
    throw new Error(`kamailio -c refused ${CONFIG}:\n${check.stderr}${check.stdout}`);
  }
  // -DD: the main process stays in the foreground (our child), -E: its log on stderr
  const child = spawn(binary, [...common, '-DD', '-E', '-P', path.join(runDir, 'kamailio.pid')], {
    cwd: runDir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // the main process, its UDP workers and its timer processes
  const expected = 1 + children() + 2;
  const started = Date.now();
  while (processTree(child.pid!).length < expected) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > 5000) {
      child.kill('SIGKILL');
      rmSync(runDir, { recursive: true, force: true });
      throw new Error(`kamailio did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pids: () => processTree(child.pid!),
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      running.delete(child);
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
