import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The SIPp binary the harness runs. */
export const SIPP = process.env['SIPP'] ?? '/usr/bin/sipp';

/** What one SIPp run did: its exit code, its call counters and what it printed. */
export interface SippResult {
  /** SIPp's exit code: 0 every call succeeded, 1 at least one failed, other values an error; -1 when it was killed. */
  readonly exitCode: number;
  readonly successful: number;
  readonly failed: number;
  /** Calls created (outgoing for a UAC, incoming for a UAS). */
  readonly attempted: number;
  readonly retransmissions: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The -trace_err file's text (unexpected messages, aborted calls), '' if none. */
  readonly errors: string;
  /** The -trace_logs file's text (what the scenario's <log> actions wrote), '' if none. */
  readonly logs: string;
}

/** Asserts that each of `calls` calls of a SIPp run passed and none failed, naming what SIPp reported if not. */
export function expectAllPassed(result: SippResult, calls: number): void {
  const why = `SIPp: ${result.successful} of ${calls} passed, ${result.failed} failed (exit ${result.exitCode})\n${result.errors.slice(0, 2000)}\n${result.stderr.slice(0, 1000)}`;
  expect(result.successful, why).to.equal(calls);
  expect(result.failed, why).to.equal(0);
}

/** How to run SIPp. */
export interface SippOptions {
  /** A built-in scenario name ('uac', 'uas', …) or the path of a scenario file (see {@link fixture}). */
  readonly scenario: 'uac' | 'uas' | string;
  /** host:port the UAC calls. */
  readonly remote?: string;
  /** -p; default: a free port found first. */
  readonly localPort?: number;
  /** -s (the called number). */
  readonly service?: string;
  /** -m: SIPp ends after this many calls. */
  readonly calls?: number;
  /** -r (calls per second). */
  readonly rate?: number;
  readonly transport?: 'u1' | 'un' | 't1' | 'tn' | 'l1' | 'ln';
  /** -key name value; a scenario file's declared defaults (its "Keys:" line) fill the keys not given. */
  readonly keys?: Readonly<Record<string, string>>;
  /** Hard limit: SIPp is killed and the result has exitCode -1. */
  readonly timeoutMs?: number;
  /** Further SIPp arguments, after the harness's own. */
  readonly extra?: readonly string[];
}

/** A SIPp started in the background. */
export interface RunningSipp {
  readonly port: number;
  readonly pid: number;
  /** Asks SIPp to end (it finishes the calls in progress), kills it if it has not within 5 s, and answers its result. */
  stop(): Promise<SippResult>;
  /** Settles when SIPp ends by itself or is stopped. */
  readonly done: Promise<SippResult>;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

// Every SIPp still running: killed when the test process exits, so that no run outlives the tests.
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function repositoryRoot(): string {
  // Compiled to dist/test/support/sip, written in test/support/sip: look upwards for the fixtures.
  let directory = __dirname;
  for (;;) {
    if (existsSync(path.join(directory, 'test', 'fixtures', 'sipp'))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`test/fixtures/sipp not found above ${__dirname}`);
    directory = parent;
  }
}

/** The absolute path of test/fixtures/sipp/<name>.xml. */
export function fixture(name: string): string {
  const file = path.join(repositoryRoot(), 'test', 'fixtures', 'sipp', name.endsWith('.xml') ? name : `${name}.xml`);
  if (!existsSync(file)) throw new Error(`no SIPp scenario ${file}`);
  return file;
}

/** A port free on 127.0.0.1 for both UDP and TCP at the moment of asking. */
export async function freeUdpPort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const socket = createSocket('udp4');
    const port = await new Promise<number>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve(socket.address().port));
    });
    const tcpFree = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    if (tcpFree) return port;
  }
  throw new Error('no port free on both UDP and TCP after 20 attempts');
}

/** What a scenario file declares in its leading comment: default keys ("Keys: a=1 b=2") and arguments it needs. */
export interface ScenarioDeclarations {
  readonly keys: Readonly<Record<string, string>>;
  readonly arguments: readonly string[];
}

/** Reads the "Keys:" and "Arguments:" lines of a scenario file's first comment (none for a built-in scenario). */
export function scenarioDeclarations(scenario: string): ScenarioDeclarations {
  if (!isScenarioFile(scenario)) return { keys: {}, arguments: [] };
  const comment = /<!--([\s\S]*?)-->/.exec(readFileSync(scenario, 'utf8'))?.[1] ?? '';
  const keys: Record<string, string> = {};
  for (const pair of (/^\s*Keys:(.*)$/m.exec(comment)?.[1] ?? '').trim().split(/\s+/).filter(Boolean)) {
    const equals = pair.indexOf('=');
    if (equals > 0) keys[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  const args = (/^\s*Arguments:(.*)$/m.exec(comment)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
  return { keys, arguments: args };
}

function isScenarioFile(scenario: string): boolean {
  return scenario.includes('/') || scenario.endsWith('.xml');
}

/** The call counters of a -trace_stat file (its last row), or undefined when it has none. */
export function parseStatistics(
  csv: string,
): Pick<SippResult, 'attempted' | 'successful' | 'failed' | 'retransmissions'> | undefined {
  const lines = csv
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length < 2) return undefined;
  const header = lines[0]!.split(';');
  const last = lines[lines.length - 1]!.split(';');
  const field = (name: string): number => {
    const index = header.indexOf(name);
    const value = index < 0 ? NaN : Number(last[index]);
    if (!Number.isFinite(value)) throw new Error(`SIPp statistics without a number for ${name}`);
    return value;
  };
  return {
    attempted: field('TotalCallCreated'),
    successful: field('SuccessfulCall(C)'),
    failed: field('FailedCall(C)'),
    retransmissions: field('Retransmissions(C)'),
  };
}

/** The call counters of SIPp's statistics screen (the cumulative column), for a run that left no -trace_stat row. */
export function parseScreen(
  screen: string,
): Pick<SippResult, 'attempted' | 'successful' | 'failed' | 'retransmissions'> {
  const cumulative = (label: string): number => {
    const matches = [...screen.matchAll(new RegExp(`^\\s*${label}\\s*\\|[^|]*\\|\\s*(\\d+)`, 'gm'))];
    return matches.length === 0 ? 0 : Number(matches[matches.length - 1]![1]);
  };
  return {
    attempted: cumulative('Total Calls created'),
    successful: cumulative('Successful call'),
    failed: cumulative('Failed call'),
    retransmissions: 0,
  };
}

interface Launched {
  readonly child: ChildProcess;
  readonly port: number;
  readonly done: Promise<SippResult>;
  kill(): void;
}

async function launch(options: SippOptions): Promise<Launched> {
  const port = options.localPort ?? (await freeUdpPort());
  const directory = mkdtempSync(path.join(tmpdir(), 'sipp-'));
  const files = {
    stat: path.join(directory, 'stat.csv'),
    errors: path.join(directory, 'errors.log'),
    screen: path.join(directory, 'screen.txt'),
    logs: path.join(directory, 'logs.log'),
  };
  const declared = scenarioDeclarations(options.scenario);
  const keys: Record<string, string> = { ...declared.keys, ...(options.keys ?? {}) };
  // A declared argument may name a key, e.g. "-au [user]".
  const declaredArguments = declared.arguments.map((arg) =>
    arg.replace(/\[(\w+)\]/g, (whole, key: string) => keys[key] ?? whole),
  );
  const extra = options.extra ?? [];
  const args = [
    ...(isScenarioFile(options.scenario) ? ['-sf', options.scenario] : ['-sn', options.scenario]),
    ...(options.remote ? [options.remote] : []),
    '-p',
    String(port),
    ...(extra.includes('-i') ? [] : ['-i', '127.0.0.1']),
    ...(options.service !== undefined ? ['-s', options.service] : []),
    ...(options.calls !== undefined ? ['-m', String(options.calls)] : []),
    ...(options.rate !== undefined ? ['-r', String(options.rate)] : []),
    ...(options.transport ? ['-t', options.transport] : []),
    ...Object.entries(keys).flatMap(([name, value]) => ['-key', name, value]),
    '-nostdin',
    '-trace_stat',
    '-stf',
    files.stat,
    '-fd',
    '1',
    '-trace_err',
    '-error_file',
    files.errors,
    '-trace_screen',
    '-screen_file',
    files.screen,
    '-trace_logs',
    '-log_file',
    files.logs,
    // The scenario's own arguments first, so that options given later (SIPp keeps the last) win.
    ...declaredArguments,
    ...extra,
  ];
  const child = spawn(SIPP, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: directory });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('latin1');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('latin1');
  });
  let killed = false;
  let timer: NodeJS.Timeout | undefined;
  const kill = (): void => {
    killed = true;
    child.kill('SIGKILL');
  };
  const done = new Promise<SippResult>((resolve, reject) => {
    child.once('error', (error) => {
      children.delete(child);
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      try {
        const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'latin1') : '');
        const counters = parseStatistics(read(files.stat)) ?? parseScreen(read(files.screen) || stdout);
        const exitCode = killed || code === null ? -1 : code;
        resolve({
          exitCode,
          ...counters,
          stdout,
          stderr: signal && !killed ? `${stderr}\nSIPp ended by ${signal}` : stderr,
          errors: read(files.errors),
          logs: read(files.logs),
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
  timer = setTimeout(kill, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return { child, port, done, kill };
}

/** Runs SIPp to its end (in the foreground, -nostdin) and answers its exit code and counters (from -trace_stat). */
export async function runSipp(options: SippOptions): Promise<SippResult> {
  return (await launch(options)).done;
}

/** Whether a socket is bound to `port` (UDP) or listens on it (TCP), from /proc/net. */
function bound(port: number, tcp: boolean): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (const file of tcp ? ['/proc/net/tcp', '/proc/net/tcp6'] : ['/proc/net/udp', '/proc/net/udp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of table.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields[1] is the local address, fields[3] the state (0A: listening).
      if (fields[1] && `${fields[1]} `.endsWith(hex) && (!tcp || fields[3] === '0A')) return true;
    }
  }
  return false;
}

/** Starts SIPp (a UAS, or any scenario) in the background; resolves once it listens on its port. */
export async function startSipp(options: SippOptions): Promise<RunningSipp> {
  const launched = await launch(options);
  const tcp = options.transport !== undefined && options.transport.startsWith('t');
  let ended: SippResult | Error | undefined;
  launched.done.then(
    (result) => {
      ended = result;
    },
    (error: Error) => {
      ended = error;
    },
  );
  const started = Date.now();
  while (!bound(launched.port, tcp)) {
    if (ended instanceof Error) throw ended;
    if (ended)
      throw new Error(
        `SIPp ended before it listened on ${launched.port} (exit ${ended.exitCode}):\n${ended.stderr}\n${ended.errors}\n${ended.stdout.slice(-2000)}`,
      );
    if (Date.now() - started > 5_000) {
      launched.kill();
      throw new Error(`SIPp did not listen on ${launched.port} within 5 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const stop = async (): Promise<SippResult> => {
    if (launched.child.exitCode === null && launched.child.signalCode === null) {
      // SIGUSR1 asks SIPp to stop taking calls and end once those in progress have.
      launched.child.kill('SIGUSR1');
      const grace = setTimeout(launched.kill, STOP_GRACE_MS);
      launched.done.finally(() => clearTimeout(grace)).catch(() => undefined);
    }
    return launched.done;
  };
  return { port: launched.port, pid: launched.child.pid!, stop, done: launched.done };
}
