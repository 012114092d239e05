import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { exitWithin, freePort, MAIN, run, waitUntilServing, type Running } from '../../support/processSupport.js';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const PASSWORD = 'cli-Convention-1';

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `gwsim ...args` with only PATH and `env`, until its streams close. */
function gwsim(args: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
  return spawned(process.execPath, [MAIN, ...args], env);
}

function spawned(command: string, args: readonly string[], env: Record<string, string>, cwd = ROOT): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not end within 60 s:\n${stdout}${stderr}`));
    }, 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The commands a help lists (each on one line when `oneLine`). */
function listedCommands(help: string, oneLine = true): string[] {
  const section = help.split('\nCommands:\n')[1];
  if (section === undefined) return [];
  const lines = section.split('\n\n')[0]!.split('\n');
  if (oneLine) for (const line of lines) expect(line, `one line per command:\n${help}`).to.match(/^ {2}\S/);
  return lines
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => line.trim().split(' ')[0]!)
    .filter((name) => name !== 'help');
}

/** Each option of a help, its lines joined. */
function optionsOf(help: string): string[] {
  const section = (help.split('\nOptions:\n')[1] ?? '').split('\n\n')[0]!;
  return section.split(/\n(?= {2}-)/).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Every verb: whether it talks to a running gwsim (--url), whether it acts on a lab (--lab), and arguments it needs. */
const VERBS: Record<string, { url?: true; lab?: true; args?: (dir: string) => string[] }> = {
  serve: {},
  'admin unblock': { lab: true },
  'license mint': {},
  'traffic status': { url: true, lab: true },
  'traffic start': { url: true, lab: true },
  'traffic stop': { url: true, lab: true },
  'traffic set': { url: true, lab: true, args: (dir) => [path.join(dir, 'profile.json')] },
  'labs list': { url: true },
  'labs create': { url: true, args: () => ['spare'] },
  'labs remove': { url: true, args: () => ['spare'] },
  'labs reset': { url: true, args: () => ['spare', '--to', 'demo'] },
  'snapshots list': { url: true, lab: true },
  'snapshots save': { url: true, lab: true, args: () => ['s'] },
  'snapshots restore': { url: true, lab: true, args: () => ['s'] },
  'snapshots export': { url: true, lab: true, args: () => ['s'] },
  'snapshots import': { url: true, lab: true, args: (dir) => ['s', path.join(dir, 'rule.json')] },
  'snapshots remove': { url: true, lab: true, args: () => ['s'] },
  'scenario run': { url: true, lab: true, args: () => ['carrier-outage'] },
  'scenario status': { url: true, lab: true },
  'scenario stop': { url: true, lab: true },
  'scenario list': { url: true },
  'sip status': { url: true, lab: true },
  'sip on': { url: true, lab: true },
  'sip off': { url: true, lab: true },
  'hep status': { url: true, lab: true },
  'hep on': { url: true, lab: true },
  'hep off': { url: true, lab: true },
  'clock status': { url: true, lab: true },
  'clock set': { url: true, lab: true, args: () => ['real'] },
  'clock wall': { url: true, lab: true },
  'clock advance': { url: true, lab: true, args: () => ['PT1H'] },
  'faults list': { url: true, lab: true },
  'faults add': { url: true, lab: true, args: (dir) => [path.join(dir, 'rule.json')] },
  'faults remove': { url: true, lab: true, args: () => ['r'] },
  'faults clear': { url: true, lab: true },
  'journal show': { url: true, lab: true },
  'journal clear': { url: true, lab: true },
  openapi: {},
  ready: { url: true, args: () => ['--timeout', '0'] },
};

describe('one convention for every gwsim verb', function () {
  this.timeout(300_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-convention-'));
    writeFileSync(path.join(dir, 'profile.json'), JSON.stringify({ callsPerSecond: 2 }));
    writeFileSync(path.join(dir, 'rule.json'), JSON.stringify({ match: { all: true }, effect: { latencyMs: 5 } }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gwsim --help (and npm start -- --help) lists every command, one line each, and the convention', async () => {
    const help = await gwsim(['--help']);
    expect(help.code).to.equal(0);
    const groups = new Set(Object.keys(VERBS).map((verb) => verb.split(' ')[0]!));
    expect(listedCommands(help.stdout)).to.have.members([...groups]);
    expect(help.stdout).to.contain('--url, else GWSIM_URL, else').and.contain('--lab');
    const npm = await spawned('npm', ['start', '--silent', '--', '--help'], { HOME: tmpdir() });
    expect(npm.code, npm.stderr).to.equal(0);
    expect(npm.stdout.trim()).to.equal(help.stdout.trim());
  });

  it("every verb's --help exits 0, names --url and --lab where they apply, and says no default twice", async () => {
    const top = listedCommands((await gwsim(['--help'])).stdout);
    const walked: string[] = [];
    for (const group of top) {
      const help = await gwsim([group, '--help']);
      expect(help.code, group).to.equal(0);
      const subcommands = listedCommands(help.stdout, false);
      const verbs = subcommands.length === 0 ? [group] : subcommands.map((sub) => `${group} ${sub}`);
      if (subcommands.length > 0 && VERBS[verbs[0]!]!.url) expect(help.stdout, group).to.contain('--url');
      if (verbs.every((verb) => VERBS[verb]?.lab)) expect(help.stdout, group).to.contain('--lab');
      walked.push(...verbs);
    }
    expect(walked).to.have.members(Object.keys(VERBS));
    for (const [verb, takes] of Object.entries(VERBS)) {
      const help = await gwsim([...verb.split(' '), '--help']);
      expect(help.code, verb).to.equal(0);
      expect(help.stdout, verb).to.match(/^Usage: gwsim/);
      expect(help.stdout.includes('--url <url>'), `${verb} takes --url`).to.equal(takes.url === true);
      expect(help.stdout.includes('--lab <lab>'), `${verb} takes --lab`).to.equal(takes.lab === true);
      for (const option of optionsOf(help.stdout)) {
        expect(option.match(/\(default/g) ?? [], `${verb}: ${option}`).to.have.length.at.most(1);
        expect(option, verb).not.to.match(/\(default: ["[]/);
      }
    }
  });

  it('an unreachable server: exit 1 and one line naming the URL tried and how to choose another, for every verb', async () => {
    const port = await freePort();
    for (const [verb, takes] of Object.entries(VERBS)) {
      if (!takes.url) continue;
      for (const [env, url, from] of [
        [{ PORT: String(port) }, `http://127.0.0.1:${port}`, `PORT=${port}`],
        [{ GWSIM_URL: `http://127.0.0.1:${port}`, PORT: '1' }, `http://127.0.0.1:${port}`, 'GWSIM_URL'],
      ] as const) {
        const ran = await gwsim([...verb.split(' '), ...(takes.args?.(dir) ?? [])], env);
        const lines = `${ran.stdout}${ran.stderr}`.trim().split('\n');
        expect(ran.code, `${verb}: ${lines.join('\n')}`).to.equal(1);
        expect(lines, verb).to.have.length(1);
        expect(lines[0], verb).to.contain(url).and.contain('--url, GWSIM_URL or PORT');
        if (verb !== 'ready') expect(lines[0], verb).to.contain(`from ${from}`);
      }
    }
  });

  it('usage errors exit 2 with one line: a bad flag, a bad value, an unusable PORT or --url', async () => {
    for (const [args, env, names] of [
      [['traffic', 'status', '--bogus'], {}, '--bogus'],
      [['clock', 'set', 'scaled', '--scale', 'fast'], {}, '--scale'],
      [['labs', 'create', 'x', '--port', 'high'], {}, '--port'],
      [['labs', 'list'], { PORT: 'eighty' }, 'PORT'],
      [['faults', 'list', '--url', 'nowhere'], {}, '--url'],
      [['journal'], { GWSIM_URL: 'ftp://127.0.0.1:21' }, 'GWSIM_URL'],
    ] as const) {
      const ran = await gwsim(args, env);
      expect(ran.code, `${args.join(' ')}: ${ran.stderr}`).to.equal(2);
      const said = ran.stderr.split('\n').filter((line) => line.startsWith('gwsim:'));
      expect(said, args.join(' ')).to.have.length(1);
      expect(said[0], args.join(' ')).to.contain(names);
    }
  });

  it("an unknown verb is an unknown command, with the list of commands, not serve's argument", async () => {
    const commands = listedCommands((await gwsim(['--help'])).stdout);
    const unknown = await gwsim(['frobnicate']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain("unknown command 'frobnicate'").and.not.contain('serve.');
    for (const command of commands) expect(unknown.stderr).to.contain(command);
    const nested = await gwsim(['journal', 'frobnicate']);
    expect(nested.code).to.equal(2);
    expect(nested.stderr).to.contain("unknown command 'journal frobnicate'").and.contain('show, clear');
    // after serve's options too: an option's value is not the command word
    for (const args of [
      ['--port', '9000', 'frobnicate'],
      ['--port=9000', 'frobnicate'],
    ]) {
      const after = await gwsim(args);
      expect(after.code, args.join(' ')).to.equal(2);
      expect(after.stderr, args.join(' ')).to.contain("unknown command 'frobnicate'").and.not.contain("for 'serve'");
    }
  });

  it('a reader that closes the pipe (gwsim openapi | head) ends it quietly with exit code 0', async () => {
    const child = spawn(process.execPath, [MAIN, 'openapi'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).to.equal('');
    expect(code).to.equal(0);
  });

  describe('against a running gwsim serve', () => {
    let server: Running;
    let port: number;
    let labPort: number;
    const asUser = (): Record<string, string> => ({ PORT: String(port), GWSIM_ADMIN_PASSWORD: PASSWORD });
    const ok = async (args: string[], env = asUser()): Promise<string> => {
      const ran = await gwsim(args, env);
      expect(ran.code, `${args.join(' ')}: ${ran.stderr}`).to.equal(0);
      return ran.stdout;
    };
    const refused = async (args: string[]): Promise<string> => {
      const ran = await gwsim(args, asUser());
      expect(ran.code, `${args.join(' ')}: ${ran.stdout}${ran.stderr}`).to.equal(1);
      return ran.stderr;
    };

    before(async () => {
      [port, labPort] = [await freePort(), await freePort()];
      server = run({
        PORT: String(port),
        GWSIM_ADMIN_PASSWORD: PASSWORD,
        GWSIM_DATA_DIR: path.join(dir, 'data'),
        GWSIM_DEMO: '0',
        GWSIM_KDF_COST: '10',
        LOG_LEVEL: 'warn',
      });
      await waitUntilServing(
        new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD }),
        server,
        60_000,
      );
    });
    after(async () => {
      if (server?.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await exitWithin(server, 20_000);
      }
    });

    it('finds the server by PORT (and HOST) as serve was told, GWSIM_URL over them, --url over all; signs in with GWSIM_ADMIN_PASSWORD', async () => {
      const url = `http://127.0.0.1:${port}`;
      const dead = `http://127.0.0.1:${await freePort()}`;
      expect(await ok(['labs', 'list'])).to.match(/^default\t/);
      expect(await ok(['labs', 'list'], { ...asUser(), HOST: '0.0.0.0' })).to.match(/^default\t/);
      expect(await ok(['labs', 'list'], { ...asUser(), GWSIM_URL: url, PORT: '1' })).to.match(/^default\t/);
      expect(await ok(['labs', 'list', '--url', url], { ...asUser(), GWSIM_URL: dead })).to.match(/^default\t/);
      expect(await ok(['ready', '--timeout', '60'])).to.contain(`${url}/_sim/ready`);
      const wrong = await gwsim(['labs', 'list'], { PORT: String(port), GWSIM_ADMIN_PASSWORD: 'not-it-1' });
      expect(wrong.code).to.equal(1);
      expect(wrong.stderr).to.contain('401').and.contain('--user and --password');
    });

    it('makes a lab on a port of its own and lists the ports; every lab verb acts on the lab --lab names', async () => {
      expect(await ok(['labs', 'create', 'second', '--port', String(labPort)])).to.contain(`port ${labPort}`);
      expect(await ok(['labs', 'list'])).to.match(new RegExp(`^second\\t/labs/second/api\\tport ${labPort}\\t`, 'm'));
      const json = (args: string[]) =>
        ok([...args, '--json']).then((text) => JSON.parse(text) as Record<string, unknown>);

      await ok(['clock', 'set', 'frozen', '--now', '2030-01-01T00:00:00Z', '--lab', 'second']);
      expect(await json(['clock', 'status', '--lab', 'second'])).to.include({ mode: 'frozen' });
      expect(await json(['clock', 'status'])).to.include({ mode: 'real' });
      await ok(['clock', 'advance', 'PT1H', '--lab', 'second']);
      expect(await json(['clock', 'status', '--lab', 'second'])).to.include({ now: '2030-01-01T01:00:00.000Z' });

      await ok(['faults', 'add', path.join(dir, 'rule.json'), '--lab', 'second']);
      expect((await json(['faults', 'list', '--lab', 'second']))['rules']).to.have.length(1);
      expect((await json(['faults', 'list']))['rules']).to.have.length(0);
      await ok(['faults', 'clear', '--lab', 'second']);

      const heldByDefault = (await json(['journal']))['held'];
      const direct = new ApiClient(`http://127.0.0.1:${labPort}`, { username: 'anadmin', password: PASSWORD });
      expect((await direct.get('/api/version/get')).status).to.equal(200);
      expect((await json(['journal', '--lab', 'second']))['held']).to.be.greaterThan(0);
      expect((await json(['journal']))['held'], "the default lab's journal").to.equal(heldByDefault);
      await ok(['journal', 'clear', '--lab', 'second']);
      expect((await json(['journal', 'show', '--lab', 'second']))['held']).to.equal(0);

      await ok(['traffic', 'set', path.join(dir, 'profile.json'), '--start', '--lab', 'second']);
      expect(await json(['traffic', 'status', '--lab', 'second'])).to.include({ running: true });
      expect(await json(['traffic', 'status'])).to.include({ running: false });
      await ok(['traffic', 'stop', '--lab', 'second']);

      expect(await ok(['sip', 'status', '--lab', 'second'])).to.contain('real SIP of lab second: off');
      await ok(['snapshots', 'save', 'one', '--lab', 'second']);
      expect(await ok(['snapshots', 'list', '--lab', 'second'])).to.match(/^one\t.*from second/);
      expect(await ok(['snapshots', 'list'])).to.contain("lab 'default' has no snapshots");
      expect(await refused(['scenario', 'status', '--lab', 'second'])).to.contain("lab 'second'");
      expect(await refused(['traffic', 'status', '--lab', 'nowhere']))
        .to.contain('LAB_NOT_FOUND')
        .and.contain('--lab');
    });

    it("tells the server's refusals in flags: --replace, --passphrase, --offset, --limit, <name>", async () => {
      const taken = await refused(['snapshots', 'save', 'one', '--lab', 'second']);
      expect(taken).to.contain('SNAPSHOT_EXISTS').and.contain('--replace').and.not.contain('replace: true');
      const sealed = await refused(['snapshots', 'export', 'one', '--lab', 'second']);
      expect(sealed)
        .to.contain('PASSPHRASE_REQUIRED')
        .and.contain('--passphrase')
        .and.not.match(/X-Gwsim/i);
      const missing = await refused(['snapshots', 'restore', 'none', '--lab', 'second']);
      expect(missing).to.contain('gwsim snapshots list --lab second').and.not.contain('/_sim/');
      const offset = await refused(['sip', 'on', '--offset', '60001', '--lab', 'second']);
      expect(offset).to.contain('--offset').and.not.contain('portOffset');
      expect(await refused(['journal', '--limit', '0']))
        .to.contain('--limit must be')
        .and.not.contain('query parameter');
      expect(await refused(['labs', 'create', 'Bad'])).to.contain("<name> 'Bad'");
      expect(await ok(['labs', 'remove', 'second'])).to.contain('removed: second');
    });

    it('admin unblock takes --lab on the stopped store: a lab it holds, or exit 1 naming one it does not', async () => {
      await ok(['labs', 'create', 'third']);
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 20_000)).to.equal(0);
      const store = { GWSIM_DATA_DIR: path.join(dir, 'data') };
      const third = await gwsim(['admin', 'unblock', 'anadmin', '--lab', 'third', '--json'], store);
      expect(third.code, third.stderr).to.equal(0);
      expect(JSON.parse(third.stdout)).to.include({ user: 'anadmin', lab: 'third', wasBlocked: false });
      const nowhere = await gwsim(['admin', 'unblock', 'anadmin', '--lab', 'nowhere'], store);
      expect(nowhere.code).to.equal(1);
      expect(nowhere.stderr.trim().split('\n')).to.have.length(1);
      expect(nowhere.stderr).to.contain("no lab 'nowhere'");
    });
  });
});
