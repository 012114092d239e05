import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import {
  exitWithin,
  freePort,
  messageLines,
  run,
  testDatabaseUrl,
  waitUntilServing,
  wipeServerDatabaseIfAny,
} from '../../support/processSupport.js';

const PASSWORD = 'cli-Test-1';
const VERSION = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as { version: string }
).version;

describe('the gwsim command line', function () {
  this.timeout(120000);

  it('prints help and exits 0 for --help on every command, also after serve flags', async () => {
    for (const args of [
      ['--help'],
      ['serve', '--help'],
      ['serve', '--port', '9000', '--help'],
      ['admin', '--help'],
      ['admin', 'unblock', '--help'],
      ['help', 'serve'],
    ]) {
      const running = run({}, args);
      expect(await exitWithin(running, 10000), args.join(' ')).to.equal(0);
      expect(running.output(), args.join(' ')).to.match(/^Usage: gwsim/m);
    }
    const serveHelp = run({}, ['serve', '--help']);
    await exitWithin(serveHelp, 10000);
    for (const flag of [
      '--port',
      '--host',
      '--database-url',
      '--data-dir',
      '--ephemeral',
      '--admin-password',
      '--log-level',
      '--kdf-cost',
      '--session-idle-minutes',
    ]) {
      expect(serveHelp.output()).to.contain(flag);
    }
  });

  it('prints the version with --version and exits 0', async () => {
    const running = run({}, ['--version']);
    expect(await exitWithin(running, 10000)).to.equal(0);
    expect(running.output().trim()).to.equal(VERSION);
  });

  it('exits with 2 and one line on an unknown option, a missing value, an unknown command or a missing user', async () => {
    for (const args of [['serve', '--bogus'], ['--port'], ['admin', 'frobnicate'], ['admin', 'unblock']]) {
      const running = run({}, args);
      expect(await exitWithin(running, 10000), args.join(' ')).to.equal(2);
      expect(messageLines(running), `${args.join(' ')}: ${running.output()}`).to.have.length(1);
    }
  });

  it('keeps serve the default command, so flags alone start the server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-cli-'));
    try {
      const port = await freePort();
      const running = run({ GWSIM_ADMIN_PASSWORD: PASSWORD, GWSIM_KDF_COST: '10', PORT: '1' }, [
        '--port',
        String(port),
        '--data-dir',
        path.join(dir, 'data'),
      ]);
      await waitUntilServing(
        new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD }),
        running,
        60000,
      );
      running.child.kill('SIGTERM');
      expect(await exitWithin(running, 20000)).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('admin unblock', () => {
    let dir: string;
    let dataDir: string;
    beforeEach(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'gwsim-unblock-'));
      dataDir = path.join(dir, 'data');
      await wipeServerDatabaseIfAny();
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    /** The store of the suite: the server database when TEST_DATABASE_URL names one, else a data directory. */
    const store = (): Record<string, string> => {
      const url = testDatabaseUrl();
      return url ? { DATABASE_URL: url } : { GWSIM_DATA_DIR: dataDir };
    };
    const serverEnv = (port: number): Record<string, string> => ({
      PORT: String(port),
      GWSIM_ADMIN_PASSWORD: PASSWORD,
      GWSIM_KDF_COST: '10',
      LOG_LEVEL: 'info',
      ...store(),
    });

    it('lifts the block of the administrator blocked by wrong passwords, on the store of a stopped gateway', async () => {
      const port = await freePort();
      const first = run(serverEnv(port));
      const admin = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
      await waitUntilServing(admin, first, 60000);
      const policy = (await admin.get('/api/loginPolicy/get')).json as { attemptsUntilBlocked: number };
      expect(policy.attemptsUntilBlocked).to.be.greaterThan(0);
      const wrong = new ApiClient(admin.baseUrl, { username: 'anadmin', password: 'not-the-password' });
      for (let attempt = 0; attempt < policy.attemptsUntilBlocked; attempt += 1)
        expect((await wrong.get('/api/version/get')).status).to.equal(401);
      const blocked = await new ApiClient(admin.baseUrl, { username: 'anadmin', password: PASSWORD }).get(
        '/api/version/get',
      );
      expectError(blocked, 401, 'ACCOUNT_BLOCKED');

      if (!testDatabaseUrl()) {
        const refused = run({ ...store() }, ['admin', 'unblock', 'anadmin']);
        expect(await exitWithin(refused, 20000), refused.output()).to.equal(2);
        expect(messageLines(refused)[0]).to.contain(dataDir).and.contain(`pid ${first.child.pid}`);
      }
      first.child.kill('SIGTERM');
      expect(await exitWithin(first, 20000)).to.equal(0);

      const unblock = run({ ...store() }, ['admin', 'unblock', 'anadmin', '--json']);
      expect(await exitWithin(unblock, 60000), unblock.output()).to.equal(0);
      const outcome = JSON.parse(unblock.output().trim()) as { user: string; userId: string; wasBlocked: boolean };
      expect(outcome).to.include({ user: 'anadmin', wasBlocked: true });

      const second = run(serverEnv(port));
      await waitUntilServing(new ApiClient(admin.baseUrl, { username: 'anadmin', password: PASSWORD }), second, 60000);
      second.child.kill('SIGTERM');
      expect(await exitWithin(second, 20000)).to.equal(0);

      const again = run({ ...store() }, ['admin', 'unblock', 'anadmin']);
      expect(await exitWithin(again, 60000), again.output()).to.equal(0);
      expect(again.output()).to.contain('was not blocked');
    });

    it('exits with 1 and one line naming an unknown user, and with 2 on a directory that holds no store', async () => {
      const port = await freePort();
      const server = run(serverEnv(port));
      await waitUntilServing(
        new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD }),
        server,
        60000,
      );
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 20000)).to.equal(0);

      const unknown = run({ ...store() }, ['admin', 'unblock', 'nobody-here']);
      expect(await exitWithin(unknown, 60000), unknown.output()).to.equal(1);
      expect(messageLines(unknown)).to.have.length(1);
      expect(messageLines(unknown)[0]).to.contain("'nobody-here'");

      const empty = run({}, ['admin', 'unblock', 'anadmin', '--data-dir', path.join(dir, 'elsewhere')]);
      expect(await exitWithin(empty, 20000), empty.output()).to.equal(2);
      expect(messageLines(empty)[0]).to.contain(path.join(dir, 'elsewhere'));
    });
  });
});
