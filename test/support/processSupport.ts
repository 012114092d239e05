import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { ApiClient } from './ApiClient.js';
import { testDatabaseUrl, wipeServerDatabaseIfAny } from './testStores.js';

export { testDatabaseUrl, wipeServerDatabaseIfAny };

/** The built `gwsim` command (package.json `bin`). */
export const MAIN = path.resolve(__dirname, '../../src/app/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A spawned gwsim process: its combined output so far, its standard output alone, and its exit code once it ends.
 * The combined output interleaves two pipes in the order their chunks reached this process, which is not
 * necessarily the order they were written: a test of which line comes first reads one stream.
 */
export interface Running {
  child: ChildProcess;
  output: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
}

/** Spawns `gwsim <args>` with only PATH and `env` in its environment. */
export function run(env: Record<string, string>, args: string[] = ['serve']): Running {
  let output = '';
  let stdout = '';
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, stdout: () => stdout, exited };
}

/** The exit code, or a failure (the process killed) when it has not ended within `limitMs`. */
export async function exitWithin(running: Running, limitMs: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limitMs);
  });
  const code = await Promise.race([running.exited, late]);
  clearTimeout(timer);
  if (code === 'late') {
    running.child.kill('SIGKILL');
    throw new Error(`gwsim did not exit within ${limitMs} ms:\n${running.output()}`);
  }
  return code;
}

/** Waits until GET version/get answers 200; fails when the process exits first or the limit passes. */
export async function waitUntilServing(api: ApiClient, running: Running, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    try {
      const response = await api.get('/api/version/get');
      if (response.status === 200) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    if (running.child.exitCode !== null) throw new Error(`gwsim exited early:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gwsim did not serve within ${limitMs} ms:\n${running.output()}`);
}

/** Waits until the output contains `text`; fails when the process exits first or the limit passes. */
export async function waitForOutput(running: Running, text: string, limitMs: number): Promise<void> {
  const started = Date.now();
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null)
      throw new Error(`gwsim exited before printing '${text}':\n${running.output()}`);
    if (Date.now() - started > limitMs)
      throw new Error(`gwsim did not print '${text}' within ${limitMs} ms:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The lines of the output that gwsim prints itself (not the JSON log lines). */
export function messageLines(running: Running): string[] {
  return running
    .output()
    .split('\n')
    .filter((line) => line.startsWith('gwsim:'));
}

/** Two `gwsim serve` processes on one PostgreSQL server database, each with a client signed in as the administrator. */
export interface TwoProcesses {
  readonly first: Running;
  readonly second: Running;
  readonly a: ApiClient;
  readonly b: ApiClient;
}

/**
 * Starts two gwsim processes on the server database of TEST_DATABASE_URL (wiped first), the second once the first
 * serves; undefined without a server database. `stopTwoProcesses` ends those still running.
 */
export async function startTwoProcesses(password: string): Promise<TwoProcesses | undefined> {
  const url = testDatabaseUrl();
  if (!url) return undefined;
  await wipeServerDatabaseIfAny();
  const environment = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: url,
    GWSIM_ADMIN_PASSWORD: password,
    GWSIM_KDF_COST: '10',
    LOG_LEVEL: 'warn',
  });
  const [portA, portB] = [await freePort(), await freePort()];
  const first = run(environment(portA));
  const a = new ApiClient(`http://127.0.0.1:${portA}`, { username: 'anadmin', password });
  await waitUntilServing(a, first, 60000);
  const second = run(environment(portB));
  const b = new ApiClient(`http://127.0.0.1:${portB}`, { username: 'anadmin', password });
  await waitUntilServing(b, second, 60000);
  return { first, second, a, b };
}

export async function stopTwoProcesses(processes: TwoProcesses | undefined): Promise<void> {
  for (const running of [processes?.first, processes?.second]) {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await exitWithin(running, 20000);
    }
  }
}
