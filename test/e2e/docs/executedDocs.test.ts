/**
 * The documentation, executed: README.md and every guide in docs/ run as a reader would paste them.
 *
 * Conventions of the documents (the test holds them to these):
 * - Every fenced block whose info string is `sh` or `bash` is run, in the order of the document, in ONE bash
 *   session per document (`set -euo pipefail`), so what a block sets (variables, files) is there for the next.
 *   The session's working directory is the repository's root, as a reader's terminal in the clone is.
 * - A block that must not be run here — `npm install`, `npm start`, a command that needs a tool a fresh machine
 *   lacks (SIPp), one that runs for minutes — says so in its info string: ```sh skip. Readers see an ordinary shell
 *   block (renderers take the first word as the language); the test leaves it out. Other languages (yaml, json,
 *   ts, text) are shown, never run: a document that needs a file writes it from a shell block (a heredoc).
 * - Each document runs against a gwsim of its own, started fresh as `npm start` would start it (the demo on) but
 *   on a free port and an ephemeral store. The documents reach it through `GWSIM_URL`: their first block sets
 *   `export GWSIM_URL=${GWSIM_URL:-http://127.0.0.1:8111}`, which keeps the test's URL and gives a reader the
 *   default one; curl calls say "$GWSIM_URL", and the command line reads the variable itself. The same block
 *   defines `gwsim() { node dist/src/app/main.js "$@"; }`, the clone's command line (what `npx gwsim` runs,
 *   without npm's start-up on every call), which the later blocks call as `gwsim`. Another
 *   port a document needs is a variable with a default too (`port=${LAB_PORT:-9001}`): the test sets LAB_PORT to a
 *   port that is free.
 * - A document fails on the first command that exits non-zero: curl calls carry `--fail-with-body` (an HTTP error
 *   is an error), and the CLI exits 1 on a refusal. As a safety net, output holding the gateway's error shape
 *   (`{"error":{"status":…`) fails the document too; an example that shows a refusal on purpose prints only the
 *   status (`-o /dev/null -w '%{http_code}\n'`).
 * - A document without a block to run (docs/ecosystem.md) passes without a gateway.
 * - DOCS_TRACE=1 prints each document's output, with the time each block started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

const ROOT = path.resolve(__dirname, '../../../..');
const MAIN = path.join(ROOT, 'dist/src/app/main.js');
const RUNNABLE = new Set(['sh', 'bash']);
const ERROR_SHAPE = /\{"error":\{"status":\d{3}/;

export interface Block {
  readonly line: number;
  readonly info: string;
  readonly code: string;
}

/** The fenced code blocks of a Markdown text (``` or ~~~ fences, indented ones too), with the line each starts on. */
export function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[1]!.startsWith(fence[0]!) && close[1]!.length >= fence.length) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    blocks.push({ line: i + 1, info: info.trim(), code: body.join('\n') });
    i = j;
  }
  return blocks;
}

/** Whether a block is run: a shell block without `skip` among the words of its info string. */
export function runs(block: Block): boolean {
  const [language, ...flags] = block.info.split(/\s+/);
  return RUNNABLE.has(language ?? '') && !flags.includes('skip');
}

/** The documents: README.md, then docs/*.md by name. */
function documents(): string[] {
  const guides = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  // DOCS_ONLY=<part of a name>: only those documents (a failure looked into alone)
  const only = process.env['DOCS_ONLY'];
  return ['README.md', ...guides].filter((name) => !only || name.includes(only));
}

/** The environment without the settings of a gwsim or of its CLI that the machine running the test may have. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(GWSIM_|PORT$|HOST$|LAB_PORT$|DATABASE_URL$|MONITOR_DATABASE_URL$|LOG_LEVEL$|LOG_FORMAT$|npm_)/.test(name))
      continue;
    env[name] = value;
  }
  // the node running this test first, so that `node` and `npx` in the documents are the same
  env['PATH'] = `${path.dirname(process.execPath)}${path.delimiter}${process.env['PATH'] ?? ''}`;
  return env;
}

interface Gateway {
  readonly url: string;
  stop(): Promise<void>;
  /** The gateway's log lines of level warn and above so far (a failed document shows them). */
  warnings(): string;
}

/**
 * A fresh `gwsim serve` as `npm start` runs it (the demo on), on a free port (--port 0: the URL is read from the
 * line that says it serves) and an ephemeral store, ready (`/_sim/ready` answers 200) when the promise resolves.
 */
function startGateway(): Promise<Gateway> {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--ephemeral'], {
    cwd: ROOT,
    // a lower scrypt cost for the administrator's hash: start-up is faster, nothing the documents show changes
    env: { ...cleanEnvironment(), GWSIM_KDF_COST: '10', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // mocha exits when the suites end (or are cut short): a gateway still running then is killed with it
  const orphan = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', orphan);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.removeListener('exit', orphan);
      resolve();
    }),
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise<Gateway>((resolve, reject) => {
    let url: string | undefined;
    const fail = (why: string): void => {
      void stop();
      reject(new Error(`${why}\n${output.slice(-4000)}`));
    };
    const limit = setTimeout(() => fail('gwsim was not ready within 90 s'), 90_000);
    child.once('exit', (code) => {
      clearTimeout(limit);
      if (!url) fail(`gwsim exited (${code}) before serving`);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (url) return;
      const serving = /\{[^\n]*"msg":"gwsim is serving the management API"[^\n]*\}/.exec(output);
      if (!serving) return;
      url = (JSON.parse(serving[0]) as { url: string }).url;
      void (async () => {
        while (child.exitCode === null) {
          try {
            if ((await fetch(`${url}/_sim/ready`)).status === 200) {
              clearTimeout(limit);
              resolve({ url: url!, stop, warnings: () => warningsOf(output) });
              return;
            }
          } catch {
            /* not yet */
          }
          await new Promise((next) => setTimeout(next, 100));
        }
      })();
    });
  });
}

/** The JSON log lines of level warn (40) and above, the last 40 at most. */
function warningsOf(output: string): string {
  // and what the monitor's fault switch did (a document's history depends on it)
  const lines = output
    .split('\n')
    .filter((line) => /^\{"level":(4|5|6)0,/.test(line) || /lab's monitor (is reachable|unreachable)/.test(line));
  return lines.slice(-40).join('\n');
}

/** The script a document's blocks make: each block announced on standard error, so a failure names its block. */
export function script(document: string, blocks: readonly Block[]): string {
  const parts = ['set -euo pipefail'];
  for (const block of blocks) {
    parts.push(
      `printf '\\n>>> %s, the block of line %s (%s s)\\n' ${JSON.stringify(document)} ${block.line} "$SECONDS" >&2`,
      block.code,
    );
  }
  return `${parts.join('\n')}\n`;
}

/** A TCP port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Outcome {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs a script in bash from the repository's root, with GWSIM_URL set; kills its process group past `limitMs`. */
async function runScript(text: string, url: string, home: string, limitMs: number): Promise<Outcome> {
  const labPort = await freePort();
  const started = Date.now();
  const child: ChildProcess = spawn('bash', ['-c', text], {
    cwd: ROOT,
    env: { ...cleanEnvironment(), GWSIM_URL: url, LAB_PORT: String(labPort), TMPDIR: home },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      output += `\n(killed: still running after ${limitMs} ms)`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, limitMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* nothing left behind */
      }
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

/** What running one document gave: how long it waited for its gateway, its script's outcome (or why it could not run). */
interface DocumentRun {
  waitedMs: number;
  outcome?: Outcome;
  error?: Error;
  /** The gateway's warnings and errors while the document ran. */
  warnings?: string;
}

/** How many documents ahead gateways start while one document runs. */
const STARTED_AHEAD = 2;

/**
 * Runs the documents one after the other, each against a gateway of its own, in their order; each result when it
 * is there. The gateways of the next documents start while one document runs (start-up takes longer than most
 * documents do); one document at a time keeps the machine's cores for the one that runs.
 */
function runAll(plans: ReadonlyArray<{ name: string; blocks: readonly Block[] }>): Map<string, Promise<DocumentRun>> {
  const queue = plans.filter((plan) => plan.blocks.length > 0);
  const gateways: Array<Promise<Gateway> | undefined> = [];
  const gatewayFor = (index: number): Promise<Gateway> | undefined => {
    if (index >= queue.length) return undefined;
    if (!gateways[index]) {
      const starting = startGateway();
      starting.catch(() => undefined);
      gateways[index] = starting;
    }
    return gateways[index];
  };
  const results = new Map<string, Promise<DocumentRun>>();
  let previous: Promise<unknown> = Promise.resolve();
  queue.forEach((plan, index) => {
    const run = previous.then(async (): Promise<DocumentRun> => {
      const waited = Date.now();
      let gateway: Gateway;
      try {
        // the next gateways start while this one runs; each start's failure is kept and met when it is awaited
        for (let ahead = 1; ahead <= STARTED_AHEAD; ahead++) void gatewayFor(index + ahead);
        gateway = await gatewayFor(index)!;
      } catch (error) {
        return { waitedMs: Date.now() - waited, error: error as Error };
      }
      const waitedMs = Date.now() - waited;
      const home = mkdtempSync(path.join(tmpdir(), 'gwsim-docs-'));
      try {
        const outcome = await runScript(script(plan.name, plan.blocks), gateway.url, home, 150_000);
        return { waitedMs, outcome, warnings: gateway.warnings() };
      } catch (error) {
        return { waitedMs, error: error as Error };
      } finally {
        rmSync(home, { recursive: true, force: true });
        await gateway.stop();
      }
    });
    results.set(plan.name, run);
    previous = run;
  });
  return results;
}

describe('the documentation, executed (README.md and docs/*.md against a fresh gwsim each)', function () {
  this.timeout(300_000);
  const plans = documents().map((name) => ({
    name,
    blocks: fencedBlocks(readFileSync(path.join(ROOT, name), 'utf8')).filter(runs),
  }));
  let results: Map<string, Promise<DocumentRun>>;

  before(function () {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm run build first`);
    results = runAll(plans);
  });

  it('every link of the documents to a file of the repository resolves', () => {
    const broken: string[] = [];
    for (const plan of plans) {
      const text = readFileSync(path.join(ROOT, plan.name), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const file = path.resolve(ROOT, path.dirname(plan.name), target!.split('#')[0]!);
        if (!existsSync(file)) broken.push(`${plan.name}: ${target}`);
      }
    }
    expect(broken).to.deep.equal([]);
  });

  for (const plan of plans) {
    it(`${plan.name}: every shell block runs (${plan.blocks.length})`, async () => {
      const pending = results.get(plan.name);
      if (!pending) return;
      const run = await pending;
      if (run.error) throw run.error;
      const outcome = run.outcome!;
      if (process.env['DOCS_TRACE'])
        console.log(
          `--- ${plan.name}: waited ${run.waitedMs} ms for its gateway, blocks ran ${outcome.ms} ms\n${outcome.output}`,
        );
      const where = `${outcome.output.slice(-6000)}\n--- the gateway's warnings and errors:\n${run.warnings ?? ''}`;
      expect(
        outcome.code,
        `${plan.name} stopped with exit code ${outcome.code} after ${outcome.ms} ms:\n${where}`,
      ).to.equal(0);
      const error = ERROR_SHAPE.exec(outcome.output);
      expect(error, `${plan.name} printed an error answer:\n${where}`).to.equal(null);
    });
  }
});
