import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestGateway } from '../../support/TestGateway.js';
import { exitWithin, freePort, MAIN, run } from '../../support/processSupport.js';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** Runs the built bin file itself (as `npx gwsim` and an installed `gwsim` do: through its #! line), not `node main.js`. */
function runBin(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(MAIN, args, {
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the gwsim command as users reach it', function () {
  this.timeout(120_000);

  it("is the package's bin: built with a #!/usr/bin/env node line and executable", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(path.resolve(ROOT, manifest.bin['gwsim']!)).to.equal(MAIN);
    expect(readFileSync(MAIN, 'utf8').split('\n')[0]).to.equal('#!/usr/bin/env node');
    expect(statSync(MAIN).mode & 0o111, 'executable bits').to.equal(0o111);
    expect(manifest.scripts['prepare']).to.match(/^npm run build/);
  });

  it('answers --help, --version and serve --help through the bin file, listing every command and the new flags', async () => {
    const help = await runBin(['--help']);
    expect(help.code).to.equal(0);
    for (const command of ['serve', 'admin', 'license', 'openapi', 'ready'])
      expect(help.stdout).to.match(new RegExp(`^  ${command}\\b`, 'm'));
    expect(help.stdout).to.contain('Exit codes: 0 success, 1 failure');
    const version = await runBin(['--version']);
    expect(version.code).to.equal(0);
    expect(version.stdout.trim()).to.equal(
      (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
    const serve = await runBin(['serve', '--help']);
    expect(serve.code).to.equal(0);
    for (const flag of ['--log-format', '--cors-origins', '--port', '--no-demo']) expect(serve.stdout).to.contain(flag);
    for (const command of [
      ['openapi', '--help'],
      ['ready', '--help'],
    ]) {
      const answer = await runBin(command);
      expect(answer.code, command.join(' ')).to.equal(0);
      expect(answer.stdout, command.join(' ')).to.match(/Exit codes:/);
    }
  });

  it('prints the served OpenAPI documents with gwsim openapi, and writes them with -o', async () => {
    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      const printed = await runBin(['openapi']);
      expect(printed.code).to.equal(0);
      expect(JSON.parse(printed.stdout)).to.deep.equal(
        await (await fetch(new URL('/openapi.json', gateway.baseUrl))).json(),
      );
      const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-openapi-'));
      try {
        const file = path.join(dir, 'control.json');
        const control = await runBin(['openapi', '--control', '-o', file]);
        expect(control.code).to.equal(0);
        expect(control.stdout).to.equal('');
        expect(JSON.parse(readFileSync(file, 'utf8'))).to.deep.equal(
          await (await fetch(new URL('/_sim/openapi.json', gateway.baseUrl))).json(),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await gateway.stop();
    }
  });

  it('waits with gwsim ready: 0 and JSON once ready, 1 with the reason when nothing answers in time, 2 on a bad flag', async () => {
    const gateway = await TestGateway.start({ store: 'memory' });
    try {
      const ready = await runBin(['ready', '--url', gateway.baseUrl, '--json', '--timeout', '5']);
      expect(ready.code, ready.stderr).to.equal(0);
      expect(JSON.parse(ready.stdout)).to.include({ ready: true, url: `${gateway.baseUrl}/_sim/ready`, status: 200 });
    } finally {
      await gateway.stop();
    }
    const port = await freePort();
    const started = Date.now();
    const absent = await runBin(['ready', '--json', '--timeout', '2'], { PORT: String(port) });
    expect(absent.code).to.equal(1);
    expect(Date.now() - started).to.be.at.least(1900);
    const outcome = JSON.parse(absent.stdout) as { ready: boolean; reason: string; url: string };
    expect(outcome).to.include({ ready: false, url: `http://127.0.0.1:${port}/_sim/ready` });
    expect(outcome.reason).to.match(/^no answer \(ECONNREFUSED\)$/);
    const bad = await runBin(['ready', '--timeout', 'soon']);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain('--timeout');
  });

  it('writes readable lines with LOG_FORMAT=pretty and JSON lines otherwise', async () => {
    // a port in use: serve stops before the store opens (exit 2), after its first log line on stdout, the password
    // warning; the refusal itself goes to stderr, and may reach this process before or after that line
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = String((blocker.address() as { port: number }).port);
    for (const [format, check] of [
      ['pretty', (line: string) => expect(line).to.match(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: /)],
      ['json', (line: string) => expect(JSON.parse(line)).to.include({ level: 40 })],
    ] as const) {
      const running = run({ LOG_FORMAT: format, PORT: busy, GWSIM_EPHEMERAL: '1' }, ['serve']);
      expect(await exitWithin(running, 30_000)).to.equal(2);
      check(running.stdout().split('\n')[0]!);
      expect(running.output()).to.contain(`PORT ${busy} is already in use`);
    }
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
  });
});
