import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { type Throughput } from './httpBench.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';

const SERVER = path.resolve(__dirname, 'benchServer.js');

export async function startServer(args: string[]): Promise<{ url: string; child: ChildProcess }> {
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

export async function stopServer(server: { child: ChildProcess }): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.stdin!.end();
  await exited;
}

export async function sessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/version/get?version=0`, {
    headers: { authorization: `Basic ${Buffer.from(`anadmin:${BENCH_ADMIN_PASSWORD}`).toString('base64')}` },
  });
  const cookie = /JSESSIONID=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (response.status !== 200 || !cookie) throw new Error(`login for the benchmark failed with ${response.status}`);
  return `JSESSIONID=${cookie[1]}`;
}

export function line(label: string, value: string, ratio?: string): string {
  return `${label.padEnd(52)} ${value.padStart(14)}${ratio ? `  ratio ${ratio}` : ''}`;
}

export function row(result: Throughput, baseline: Throughput): string {
  const warn = result.non2xx ? `  (${result.non2xx} non-2xx!)` : '';
  return (
    line(
      result.name,
      `${result.requestsPerSecond} req/s`,
      (result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
    ) + `  p99 ${result.p99Ms} ms${warn}`
  );
}
