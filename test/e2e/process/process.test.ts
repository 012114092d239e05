import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import {
  freePort,
  run,
  testDatabaseUrl,
  waitUntilServing,
  wipeServerDatabaseIfAny,
} from '../../support/processSupport.js';

const PASSWORD = 'process-Test-1';

describe('the gwsim process', function () {
  this.timeout(60000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'gwsim-process-'));
    await wipeServerDatabaseIfAny();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  function environment(port: number): Record<string, string> {
    const url = testDatabaseUrl();
    return {
      PORT: String(port),
      GWSIM_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'info',
      GWSIM_KDF_COST: '10',
      ...(url ? { DATABASE_URL: url } : { GWSIM_DATA_DIR: dataDir }),
    };
  }

  // How fast it starts is measured by `npm run bench` (start-up figures); this only proves it starts and stops.
  it('serves version/get on a new data directory, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const running = run(environment(port));
    const api = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(api, running, 30000);
    running.child.kill('SIGTERM');
    expect(await running.exited).to.equal(0);
    expect(running.output()).to.contain('gwsim is serving the management API').and.contain('stopped');
  });

  it('keeps every committed change across a restart', async () => {
    const port = await freePort();
    const first = run(environment(port));
    const api = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(api, first, 30000);
    expect((await api.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
    first.child.kill('SIGINT');
    expect(await first.exited).to.equal(0);

    const second = run(environment(port));
    const again = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(again, second, 30000);
    expect((await again.get('/api/maintenanceMode/get')).json).to.deep.equal({ modeActive: true });
    second.child.kill('SIGTERM');
    expect(await second.exited).to.equal(0);
  });

  it('refuses an invalid variable with a one-line message naming it, before touching the store', async () => {
    const running = run({ PORT: 'eighty', GWSIM_DATA_DIR: dataDir });
    expect(await running.exited).to.equal(2);
    const lines = running.output().trim().split('\n');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.contain('PORT');
  });

  it('stops cleanly on SIGTERM that arrives while it is still starting, leaving a store that opens again', async () => {
    const port = await freePort();
    const env = environment(port);
    delete env['GWSIM_ADMIN_PASSWORD'];
    const running = run(env);
    // The warning is written before the store is opened: the signal comes while gwsim is starting.
    const started = Date.now();
    while (!running.output().includes('well-known password') && Date.now() - started < 20000) {
      if (running.child.exitCode !== null) throw new Error(`gwsim exited early:\n${running.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    running.child.kill('SIGTERM');
    expect(await running.exited, running.output()).to.equal(0);
    expect(running.output()).to.contain('stopped');

    const again = run(env);
    await waitUntilServing(
      new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: 'anadmin' }),
      again,
      30000,
    );
    again.child.kill('SIGTERM');
    expect(await again.exited).to.equal(0);
  });

  it('names PORT when the port is taken and HOST when it is no address to listen on, in one line, exiting with 2', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const busy = run(environment(taken));
      expect(await busy.exited, busy.output()).to.equal(2);
      const line = busy
        .output()
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('gwsim:'));
      expect(line, busy.output()).to.have.length(1);
      expect(line[0]).to.contain('PORT').and.contain(String(taken));
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const nowhere = run({ ...environment(await freePort()), HOST: 'no-such-host.invalid' });
    expect(await nowhere.exited, nowhere.output()).to.equal(2);
    const line = nowhere
      .output()
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('gwsim:'));
    expect(line, nowhere.output()).to.have.length(1);
    expect(line[0]).to.contain('HOST').and.contain('no-such-host.invalid');
  });

  it('warns at start-up while the well-known administrator password is in use', async () => {
    const port = await freePort();
    const env = environment(port);
    delete env['GWSIM_ADMIN_PASSWORD'];
    const running = run(env);
    await waitUntilServing(
      new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: 'anadmin' }),
      running,
      30000,
    );
    running.child.kill('SIGTERM');
    await running.exited;
    expect(running.output()).to.contain('GWSIM_ADMIN_PASSWORD is not set');
  });
});
