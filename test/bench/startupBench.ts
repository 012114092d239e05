import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MAIN = path.resolve(__dirname, '../../src/app/main.js');

export interface StartupFigures {
  readonly bareKoaMs: number;
  readonly freshDataDirMs: number;
  readonly existingDataDirMs: number;
  /** The same with --no-demo (the demo's install is part of the first start; its traffic start follows the serving). */
  readonly freshNoDemoMs: number;
  readonly existingNoDemoMs: number;
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
        const response = await fetch(url, {
          headers: { authorization: `Basic ${Buffer.from('anadmin:bench-Start-1').toString('base64')}` },
        });
        if (response.status === 200) return Number(process.hrtime.bigint() - started) / 1e6;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Time from spawning `gwsim serve` until GET /api/version/get answers 200, on a new data directory (the
 * first start of a fresh clone) and on an existing one, against a bare Koa server started the same way;
 * each the median of `runs` starts, interleaved so that a burst of load on the machine touches all three.
 */
export async function startupBench(port: number, runs = 3): Promise<StartupFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-bench-'));
  try {
    const bareFile = path.join(dir, 'bare.js');
    writeFileSync(
      bareFile,
      `const Koa = require(${JSON.stringify(require.resolve('koa'))}); const app = new Koa();
app.use((ctx) => { ctx.body = { core: { versionMajor: 4 } }; }); app.listen(${port}, '127.0.0.1');`,
    );
    const url = `http://127.0.0.1:${port}/api/version/get?version=0`;
    const env = (run: number) => ({
      PORT: String(port),
      GWSIM_DATA_DIR: path.join(dir, `data-${run}`),
      GWSIM_ADMIN_PASSWORD: 'bench-Start-1',
      LOG_LEVEL: 'warn',
    });
    const bare: number[] = [];
    const fresh: number[] = [];
    const existing: number[] = [];
    const freshNoDemo: number[] = [];
    const existingNoDemo: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      bare.push(await timeToServe([bareFile], {}, url));
      fresh.push(await timeToServe([MAIN, 'serve'], env(run), url));
      existing.push(await timeToServe([MAIN, 'serve'], env(run), url));
      freshNoDemo.push(await timeToServe([MAIN, 'serve', '--no-demo'], env(runs + run), url));
      existingNoDemo.push(await timeToServe([MAIN, 'serve', '--no-demo'], env(runs + run), url));
    }
    return {
      bareKoaMs: Math.round(median(bare)),
      freshDataDirMs: Math.round(median(fresh)),
      existingDataDirMs: Math.round(median(existing)),
      freshNoDemoMs: Math.round(median(freshNoDemo)),
      existingNoDemoMs: Math.round(median(existingNoDemo)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
