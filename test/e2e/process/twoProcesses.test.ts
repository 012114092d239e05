import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { startTwoProcesses, stopTwoProcesses, type TwoProcesses } from '../../support/processSupport.js';

const PASSWORD = 'two-Processes-1';

/**
 * Two gwsim processes on one PostgreSQL server database: each keeps identity and settings state in memory, and a
 * write through one is seen by the very next read through the other (the lab revision), never a stale answer.
 * Runs with the database suites (TEST_DATABASE_URL); there is no second process on an embedded store.
 */
describe('two gwsim processes on one PostgreSQL server database', function () {
  this.timeout(120000);
  let processes: TwoProcesses | undefined;
  let a: ApiClient;
  let b: ApiClient;

  before(async function () {
    processes = await startTwoProcesses(PASSWORD);
    if (!processes) return this.skip();
    ({ a, b } = processes);
  });

  after(() => stopTwoProcesses(processes));

  it('sees a user added and removed through the other process at the next read, and ends its session there', async () => {
    expect(
      (await b.get('/api/users/get')).json.map((u: { displayName: string }) => u.displayName),
      'B has read (and kept) the users',
    ).to.not.include('Two Proc');
    const added = await a.post('/api/users/add', {
      json: {
        displayName: 'Two Proc',
        enabled: true,
        loginLocally: true,
        localUsername: 'twoproc',
        localPassword: 'Two-Proc-Pass-1',
        ldapLogin: null,
        roleIds: ['ADMINISTRATOR'],
      },
    });
    expect(added.status, added.text).to.equal(200);
    const seen = (await b.get('/api/users/get')).json.find(
      (u: { displayName: string }) => u.displayName === 'Two Proc',
    );
    expect(seen, 'B answers the user added through A at once').to.not.equal(undefined);

    const asUser = new ApiClient(b.baseUrl, { username: 'twoproc', password: 'Two-Proc-Pass-1' });
    expect((await asUser.get('/api/version/get')).status, 'the new user logs in through B').to.equal(200);
    expect((await a.delete('/api/users/remove', { query: { user: 'twoproc' } })).status).to.equal(200);
    expect((await b.get('/api/users/get')).json.map((u: { displayName: string }) => u.displayName)).to.not.include(
      'Two Proc',
    );
    expect(
      (await asUser.get('/api/version/get')).status,
      'its session through B ends with its removal through A',
    ).to.equal(401);
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
