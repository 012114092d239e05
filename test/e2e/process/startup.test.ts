import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { advertisedSipHost } from '../../../src/app/config/advertisedSipHost.js';
import { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import {
  exitWithin,
  freePort,
  messageLines,
  run,
  waitForOutput,
  waitUntilServing,
} from '../../support/processSupport.js';

const PASSWORD = 'startup-Test-1';

/** Start-up on a data directory (these run on the embedded engine whatever the suite's database). */
describe('gwsim start-up', function () {
  this.timeout(90000);
  let dir: string;
  let dataDir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-startup-'));
    dataDir = path.join(dir, 'data');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const environment = (port: number): Record<string, string> => ({
    PORT: String(port),
    GWSIM_DATA_DIR: dataDir,
    GWSIM_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'info',
    GWSIM_KDF_COST: '10',
  });

  it('refuses a second process on a data directory in use, naming the directory and the holder, and the first keeps every write', async () => {
    const port = await freePort();
    const first = run(environment(port));
    const api = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(api, first, 60000);

    const second = run(environment(await freePort()));
    expect(await exitWithin(second, 20000), second.output()).to.equal(2);
    const lines = messageLines(second);
    expect(lines, second.output()).to.have.length(1);
    expect(lines[0]).to.contain(dataDir).and.contain(`pid ${first.child.pid}`);
    expect(second.output(), 'the second process never opened the store').to.not.contain('store open');

    expect((await api.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
    first.child.kill('SIGTERM');
    expect(await exitWithin(first, 20000)).to.equal(0);
    expect(readdirSync(dataDir), 'the lock is released at stop').to.not.include('gwsim.lock');

    const again = run(environment(port));
    await waitUntilServing(api, again, 60000);
    expect((await api.get('/api/maintenanceMode/get')).json).to.deep.equal({ modeActive: true });
    again.child.kill('SIGINT');
    expect(await exitWithin(again, 20000)).to.equal(0);
  });

  it('takes over the lock of a process killed with SIGKILL at once, keeping every acknowledged write', async () => {
    const port = await freePort();
    const first = run(environment(port));
    const api = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(api, first, 60000);
    expect((await api.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
    first.child.kill('SIGKILL');
    await exitWithin(first, 20000);
    expect(readdirSync(dataDir), 'a killed process leaves its lock behind').to.include('gwsim.lock');

    const started = Date.now();
    const again = run(environment(port));
    await waitUntilServing(api, again, 60000);
    expect(Date.now() - started, "the dead holder's lock is not waited out (10 s)").to.be.below(9000);
    expect((await api.get('/api/maintenanceMode/get')).json).to.deep.equal({ modeActive: true });
    again.child.kill('SIGTERM');
    expect(await exitWithin(again, 20000)).to.equal(0);
  });

  it('exits with 2 within seconds, in one line naming GWSIM_DATA_DIR, on a data directory it cannot create', async () => {
    for (const bad of ['/proc/nope', path.join('/proc/nope', 'deeper')]) {
      const running = run({ ...environment(await freePort()), GWSIM_DATA_DIR: bad });
      expect(await exitWithin(running, 10000), running.output()).to.equal(2);
      const lines = messageLines(running);
      expect(lines, running.output()).to.have.length(1);
      expect(lines[0]).to.contain('GWSIM_DATA_DIR').and.contain(bad);
    }
  });

  it('exits with 2 within seconds, in one line naming DATABASE_URL without its password, on a server it cannot reach', async () => {
    const running = run({
      ...environment(await freePort()),
      DATABASE_URL: 'postgres://gwsim:s3cret-Value@127.0.0.1:1/gwsim_test',
    });
    expect(await exitWithin(running, 15000), running.output()).to.equal(2);
    const lines = messageLines(running);
    expect(lines, running.output()).to.have.length(1);
    expect(lines[0]).to.contain('DATABASE_URL').and.contain('127.0.0.1:1');
    expect(running.output()).to.not.contain('s3cret-Value');
  });

  it('answers 503 STARTING in the error shape while the store opens, and stops cleanly on SIGTERM then', async () => {
    const port = await freePort();
    const running = run(environment(port));
    const api = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    let starting;
    const began = Date.now();
    while (!starting) {
      if (running.child.exitCode !== null || Date.now() - began > 60000)
        throw new Error(`no answer while starting:\n${running.output()}`);
      const response = await api.get('/api/version/get').catch(() => undefined);
      if (response?.status === 200) throw new Error('served before a 503 was seen: the port is bound too late');
      if (response?.status === 503) starting = response;
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expectError(starting, 503, 'STARTING');
    expect(starting.headers.get('retry-after')).to.equal('1');
    running.child.kill('SIGTERM');
    expect(await exitWithin(running, 30000), running.output()).to.equal(0);
    expect(running.output()).to.contain('stopped');
    expect(readdirSync(dataDir)).to.not.include('gwsim.lock');

    const again = run(environment(port));
    await waitUntilServing(api, again, 60000);
    again.child.kill('SIGTERM');
    expect(await exitWithin(again, 20000)).to.equal(0);
  });

  it('says at start-up which address SIP advertises when it binds a wildcard, and nothing of it when GWSIM_SIP_ADVERTISE is set', async () => {
    const chosen = advertisedSipHost('0.0.0.0');
    const wildcard = { ...environment(await freePort()), GWSIM_SIP_HOST: '0.0.0.0' };
    const guessing = run(wildcard, ['serve', '--ephemeral', '--no-demo']);
    await waitForOutput(guessing, 'SIP advertises', 20000);
    guessing.child.kill('SIGINT');
    expect(await exitWithin(guessing, 20000), guessing.output()).to.equal(0);
    expect(guessing.output()).to.contain(`SIP advertises ${chosen}; set GWSIM_SIP_ADVERTISE to change it`);
    const told = run({ ...wildcard, PORT: String(await freePort()), GWSIM_SIP_ADVERTISE: '192.0.2.10' }, [
      'serve',
      '--ephemeral',
      '--no-demo',
    ]);
    await waitForOutput(told, 'store open', 60000); // SIP's address is said before the store opens
    told.child.kill('SIGTERM');
    expect(await exitWithin(told, 20000), told.output()).to.equal(0);
    expect(told.output()).to.not.contain('SIP advertises');
  });

  it('stops cleanly on SIGINT early in start-up, leaving no lock behind', async () => {
    const env = environment(await freePort());
    delete env['GWSIM_ADMIN_PASSWORD'];
    const running = run(env);
    await waitForOutput(running, 'well-known password', 20000);
    running.child.kill('SIGINT');
    expect(await exitWithin(running, 20000), running.output()).to.equal(0);
    expect(running.output()).to.contain('stopped');
    expect(existsSync(path.join(dataDir, 'gwsim.lock')), 'no lock is left behind').to.equal(false);
  });
});
