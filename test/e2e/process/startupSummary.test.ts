import { spawn, spawnSync } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { exitWithin, freePort, MAIN, run, waitUntilServing, type Running } from '../../support/processSupport.js';

const PASSWORD = 'startup-Summary-3';
/** The demo's PBX Berlin listens on 5070 plus the lab's port offset. */
const PBX_PORT = 5070;

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The JSON log lines of the output so far. */
function jsonLines(output: string): Line[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
}

async function until<T>(find: () => T | undefined, what: string, running: Running, limitMs = 90_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() - started > limitMs) throw new Error(`${what} not seen:\n${running.output().slice(-6000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A UDP port held by another socket, high enough for a port offset to put the PBX's listener on it. */
async function takenPort(): Promise<{ socket: Socket; port: number }> {
  for (;;) {
    const socket = createSocket('udp4');
    const port = await new Promise<number>((resolve) =>
      socket.bind(0, '127.0.0.1', () => resolve(socket.address().port)),
    );
    if (port - PBX_PORT >= 1000 && port + 20 <= 65535) return { socket, port };
    socket.close();
  }
}

/** `gwsim serve` under a pseudo-terminal (`script`), its output gathered; ended with its process group. */
function serveAtTerminal(env: Record<string, string>, args: string[]): Running & { stop: () => void } {
  const command = [process.execPath, MAIN, ...args].map((word) => `'${word}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { PATH: process.env['PATH'] ?? '', TERM: 'xterm', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stdout: () => output,
    exited,
    stop: () => process.kill(-child.pid!, 'SIGTERM'),
  };
}

/** Without the terminal's colours. */
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');

/**
 * The start-up that orients: a summary with the URLs, the labs and their SIP listeners, and every listener that
 * failed at error level; readable lines at a terminal, JSON lines otherwise; a SIP listener that cannot bind is
 * logged at error whenever it happens.
 */
describe('gwsim serve: the start-up summary, the log format, a SIP listener that cannot bind', function () {
  this.timeout(240_000);
  let dir: string;
  let taken: { socket: Socket; port: number } | undefined;
  let port: number;
  let env: Record<string, string>;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-summary-'));
    port = await freePort();
    env = {
      PORT: String(port),
      GWSIM_DATA_DIR: path.join(dir, 'data'),
      GWSIM_ADMIN_PASSWORD: PASSWORD,
      GWSIM_KDF_COST: '10',
      LOG_LEVEL: 'info',
    };
  });
  after(() => {
    taken?.socket.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes JSON lines to a pipe: the summary, then a SIP port taken by another socket at error level, with node, port and reason', async () => {
    const server = run(env, ['serve']);
    try {
      const admin = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
      await waitUntilServing(admin, server, 90_000);
      const ready = await until(
        () => jsonLines(server.stdout()).find((line) => line.msg.startsWith('gwsim is ready')),
        'the summary',
        server,
      );
      const base = `http://127.0.0.1:${port}`;
      expect(ready).to.include({
        level: 30,
        api: `${base}/api`,
        docs: `${base}/_sim/docs`,
        console: `${base}/_sim/console`,
        metrics: `${base}/_sim/metrics`,
      });
      expect(ready.msg).to.contain(`console ${base}/_sim/console`);
      const lab = jsonLines(server.stdout()).find((line) => line['lab'] === 'default' && line.msg.startsWith('lab '));
      expect(lab, 'a line for the default lab').to.include({ level: 30, api: `${base}/api`, sip: 'off' });
      // every line is JSON on a pipe
      for (const line of server.stdout().split('\n').filter(Boolean))
        expect(() => JSON.parse(line), line).to.not.throw();

      // real SIP on, the PBX's port held by another socket: logged at error as it happens
      taken = await takenPort();
      const on = await admin.put('/_sim/labs/default/sip', {
        json: { enabled: true, portOffset: taken.port - PBX_PORT },
      });
      expect(on.status, on.text).to.equal(200);
      const failed = await until(
        () => jsonLines(server.stdout()).find((line) => line.level === 50 && line['node'] === 'PBX Berlin'),
        'the error line of the listener',
        server,
      );
      expect(failed).to.include({ lab: 'default', port: taken.port, code: 'EADDRINUSE' });
      expect(String(failed['reason'])).to.contain('EADDRINUSE');
      expect(failed.msg).to.contain('PBX Berlin').and.contain(String(taken.port)).and.contain('could not bind');
    } finally {
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 30_000)).to.equal(0);
    }
  });

  it('writes readable lines at a terminal: where the API, docs, console and metrics are, the labs, and the listener that failed', async function () {
    if (spawnSync('script', ['--version']).status !== 0) this.skip(); // the format's choice: loadConfig's unit test
    expect(taken, 'the port is still held').to.not.equal(undefined);
    const server = serveAtTerminal(env, ['serve']);
    try {
      const base = `http://127.0.0.1:${port}`;
      const failed = await until(
        () =>
          plain(server.output())
            .split('\n')
            .find((line) => /ERROR: lab default: the SIP listener of node PBX Berlin .* failed/.test(line)),
        'the summary of the failed listener',
        server,
      );
      expect(failed).to.contain(`127.0.0.1:${taken!.port}`).and.contain('EADDRINUSE');
      const lines = plain(server.output()).split('\n');
      expect(
        lines.some((line) => line.startsWith('{')),
        'no JSON line at a terminal',
      ).to.equal(false);
      const ready = lines.find((line) => line.includes('INFO: gwsim is ready'))!;
      expect(ready).to.contain(`API ${base}/api`).and.contain(`docs ${base}/_sim/docs`);
      expect(ready).to.contain(`console ${base}/_sim/console`).and.contain(`metrics ${base}/_sim/metrics`);
      expect(ready, 'said once, not again as fields').to.not.contain('{"api"');
      const lab = lines.find((line) => line.includes('INFO: lab default: API'))!;
      expect(lab).to.contain('real SIP on').and.contain('Carrier A');
    } finally {
      server.stop();
      await exitWithin(server, 30_000);
    }
  });
});
