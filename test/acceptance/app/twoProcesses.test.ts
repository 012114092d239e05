import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { exitWithin, freePort, run, testDatabaseUrl, waitUntilServing, wipeServerDatabaseIfAny, type Running } from '../../support/processSupport.js';

const PASSWORD = 'two-Processes-1';

/**
 * Two gwsim processes on one PostgreSQL server database: each keeps identity and settings state in memory, and a
 * write through one is seen by the very next read through the other (the lab revision), never a stale answer.
 * Runs with the database suites (TEST_DATABASE_URL); there is no second process on an embedded store.
 */
describe('two gwsim processes on one PostgreSQL server database', function () {
  this.timeout(120000);
  const url = testDatabaseUrl();
  let first: Running | undefined;
  let second: Running | undefined;
  let a: ApiClient;
  let b: ApiClient;

  before(async function () {
    if (!url) return this.skip();
    await wipeServerDatabaseIfAny();
    const environment = (port: number) => ({ PORT: String(port), DATABASE_URL: url, GWSIM_ADMIN_PASSWORD: PASSWORD, GWSIM_KDF_COST: '10', LOG_LEVEL: 'warn' });
    const [portA, portB] = [await freePort(), await freePort()];
    first = run(environment(portA));
    a = new ApiClient(`http://127.0.0.1:${portA}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(a, first, 60000);
    second = run(environment(portB));
    b = new ApiClient(`http://127.0.0.1:${portB}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(b, second, 60000);
  });

  after(async () => {
    for (const running of [first, second]) {
      if (running && running.child.exitCode === null) {
        running.child.kill('SIGTERM');
        await exitWithin(running, 20000);
      }
    }
  });

  it('sees a user added and removed through the other process at the next read, and ends its session there', async () => {
    expect((await b.get('/api/users/get')).json.map((u: { displayName: string }) => u.displayName), 'B has read (and kept) the users').to.not.include('Two Proc');
    const added = await a.post('/api/users/add', { json: {
      displayName: 'Two Proc', enabled: true, loginLocally: true, localUsername: 'twoproc',
      localPassword: 'Two-Proc-Pass-1', ldapLogin: null, roleIds: ['ADMINISTRATOR'],
    } });
    expect(added.status, added.text).to.equal(200);
    const seen = (await b.get('/api/users/get')).json.find((u: { displayName: string }) => u.displayName === 'Two Proc');
    expect(seen, 'B answers the user added through A at once').to.not.equal(undefined);

    const asUser = new ApiClient(b.baseUrl, { username: 'twoproc', password: 'Two-Proc-Pass-1' });
    expect((await asUser.get('/api/version/get')).status, 'the new user logs in through B').to.equal(200);
    expect((await a.delete('/api/users/remove', { query: { user: 'twoproc' } })).status).to.equal(200);
    expect((await b.get('/api/users/get')).json.map((u: { displayName: string }) => u.displayName)).to.not.include('Two Proc');
    expect((await asUser.get('/api/version/get')).status, 'its session through B ends with its removal through A').to.equal(401);
  });

  it('sees a policy and maintenance mode set through the other process at the next read', async () => {
    const before = (await b.get('/api/loginPolicy/get')).json;
    const changed = { ...before, attemptsUntilBlocked: before.attemptsUntilBlocked + 1 };
    expect((await a.post('/api/loginPolicy/set', { json: changed })).status).to.equal(200);
    expect((await b.get('/api/loginPolicy/get')).json.attemptsUntilBlocked).to.equal(changed.attemptsUntilBlocked);

    const mode = (await b.get('/api/maintenanceMode/get')).json.modeActive as boolean;
    expect((await a.put('/api/maintenanceMode/set', { json: { modeActive: !mode } })).status).to.equal(200);
    expect((await b.get('/api/maintenanceMode/get')).json.modeActive).to.equal(!mode);
  });
});
