import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MAIN = path.resolve(__dirname, '../../src/app/main.js');

export interface StartupFigures {
  readonly bareKoaMs: number;
  readonly freshDataDirMs: number;
  readonly existingDataDirMs: number;
}

/** Starts a command and measures the time until `url` first answers 200 (with Basic credentials), then stops it. */
async function timeToServe(args: string[], env: Record<string, string>, url: string): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        const response = await fetch(url, { headers: { authorization: `Basic ${Buffer.from('anadmin:bench-Start-1').toString('base64')}` } });
        if (response.status === 200) return Number(process.hrtime.bigint() - started) / 1e6;
      } catch { /* not listening yet */ }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Time from spawning `gwsim serve` until GET /api/version/get answers 200, on a new data directory (the
 * first start of a fresh clone) and on an existing one, against a bare Koa server started the same way.
 */
export async function startupBench(port: number): Promise<StartupFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-bench-'));
  try {
    const bare = path.join(dir, 'bare.js');
    writeFileSync(bare, `const Koa = require(${JSON.stringify(require.resolve('koa'))}); const app = new Koa();
app.use((ctx) => { ctx.body = { core: { versionMajor: 4 } }; }); app.listen(${port}, '127.0.0.1');`);
    const url = `http://127.0.0.1:${port}/api/version/get?version=0`;
    const env = { PORT: String(port), GWSIM_DATA_DIR: path.join(dir, 'data'), GWSIM_ADMIN_PASSWORD: 'bench-Start-1', LOG_LEVEL: 'warn' };
    const bareKoaMs = await timeToServe([bare], {}, url);
    const freshDataDirMs = await timeToServe([MAIN, 'serve'], env, url);
    const existingDataDirMs = await timeToServe([MAIN, 'serve'], env, url);
    return { bareKoaMs: Math.round(bareKoaMs), freshDataDirMs: Math.round(freshDataDirMs), existingDataDirMs: Math.round(existingDataDirMs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
