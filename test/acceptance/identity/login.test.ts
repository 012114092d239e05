import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { formatXzwo } from '../../../src/shared/interface/http/WireDates.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, expectError, permissionsFor, loginPolicySetter } from './identitySupport.js';

const PASSWORD = 'Login-Pass-5791';

function expectChallenge(response: ApiResponse, code: string): void {
  expectError(response, 401, code);
  expect(response.headers.get('www-authenticate')).to.match(/^Basic realm="/);
}

describe('logging in through the HTTP API', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let loginPolicy: Record<string, unknown>;

  const setLoginPolicy = (values: Record<string, unknown>) => loginPolicySetter(admin, () => loginPolicy)(values);

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    loginPolicy = (await admin.get('/api/loginPolicy/get')).json;
    await addRole(admin, 'api_only', permissionsFor(['API']));
  });
  after(() => gateway.stop());
  afterEach(() => setLoginPolicy({}));

  it('blocks an account after attemptsUntilBlocked wrong passwords, even for the right one, until blockedUntil', async () => {
    await setLoginPolicy({ attemptsUntilBlocked: 3 });
    await addLocalUser(admin, 'blocky', PASSWORD, { roleIds: ['api_only'] });
    const wrong = gateway.client('blocky', 'not-it');
    expectChallenge(await wrong.get('/api/version/get'), 'INVALID_CREDENTIALS');
    expectChallenge(await wrong.get('/api/version/get'), 'INVALID_CREDENTIALS');
    const third = await wrong.get('/api/version/get');
    expectChallenge(third, 'ACCOUNT_BLOCKED');
    expect(third.headers.get('retry-after')).to.equal('900');

    gateway.clock.advanceSeconds(10 * 60);
    const right = await gateway.client('blocky', PASSWORD).get('/api/version/get');
    expectChallenge(right, 'ACCOUNT_BLOCKED');
    expect(right.headers.get('retry-after')).to.equal('300');
    const shown = (await admin.get('/api/users/get')).json.find(
      (u: { localUserName?: string }) => u.localUserName === 'blocky',
    );
    expect(shown).to.include({
      failedLogins: 3,
      lastFailedLogin: 'UTC 2026-03-01 08:00:00',
      blockedUntil: 'UTC 2026-03-01 08:15:00',
    });

    gateway.clock.advanceSeconds(5 * 60);
    expect((await gateway.client('blocky', PASSWORD).get('/api/version/get')).status).to.equal(200);
    const after = (await admin.get('/api/users/get')).json.find(
      (u: { localUserName?: string }) => u.localUserName === 'blocky',
    );
    expect(after.failedLogins).to.equal(0);
    expect(after).to.not.have.property('blockedUntil');
  });

  it('refuses an attempt sooner than the delay after a failure with 401 and Retry-After, the delay doubling', async () => {
    await setLoginPolicy({ minLoginDelay: 3, maxLoginDelay: 10, attemptsUntilBlocked: 0 });
    await addLocalUser(admin, 'delayed', PASSWORD, { roleIds: ['api_only'] });
    const first = await gateway.client('delayed', 'nope').get('/api/version/get');
    expectChallenge(first, 'INVALID_CREDENTIALS');
    expect(first.headers.get('retry-after')).to.equal('3');
    const tooSoon = await gateway.client('delayed', PASSWORD).get('/api/version/get');
    expectChallenge(tooSoon, 'LOGIN_DELAYED');
    expect(tooSoon.headers.get('retry-after')).to.equal('3');
    gateway.clock.advanceSeconds(3);
    expect((await gateway.client('delayed', 'nope').get('/api/version/get')).headers.get('retry-after')).to.equal('6');
    gateway.clock.advanceSeconds(6);
    expect((await gateway.client('delayed', PASSWORD).get('/api/version/get')).status).to.equal(200);
  });

  it('refuses a disabled user with 401 and a Basic challenge', async () => {
    await addLocalUser(admin, 'sleeper', PASSWORD, { roleIds: ['api_only'], enabled: false });
    expectChallenge(await gateway.client('sleeper', PASSWORD).get('/api/version/get'), 'USER_DISABLED');
    const shown = (await admin.get('/api/users/get')).json.find(
      (u: { localUserName?: string }) => u.localUserName === 'sleeper',
    );
    expect(shown.enabled).to.equal(false);
  });

  it('refuses an expired password once passwordExpiration days have passed', async () => {
    await addLocalUser(admin, 'ager', PASSWORD, { roleIds: ['api_only'] });
    await setLoginPolicy({ passwordExpiration: 30, passwordExpirationWarning: 7 });
    gateway.clock.advanceSeconds(30 * 86400);
    expectChallenge(await gateway.client('ager', PASSWORD).get('/api/version/get'), 'PASSWORD_EXPIRED');
    admin.forgetSession();
    // the built-in administrator's password never expires: it is the way back in
    await setLoginPolicy({ passwordExpiration: 0 });
    expect((await gateway.client('ager', PASSWORD).get('/api/version/get')).status).to.equal(200);
  });

  it('lets a user with an expired local password still log in through its directory login', async () => {
    await addLocalUser(admin, 'twoways', PASSWORD, {
      roleIds: ['api_only'],
      ldapLogin: true,
      ldapAuthentications: [{ name: 'bob', ldapAuthorityId: '5f0c1e2a-7b3d-4c8e-9a61-2d4f8b0e1a01' }],
    });
    await setLoginPolicy({ passwordExpiration: 30, passwordExpirationWarning: 7 });
    gateway.clock.advanceSeconds(30 * 86400);
    admin.forgetSession();
    expectChallenge(await gateway.client('twoways', PASSWORD).get('/api/version/get'), 'PASSWORD_EXPIRED');
    // expiry is about the local password; the directory decides about its own
    expect((await gateway.client('bob', 'Bob-Corp-2024').get('/api/version/get')).status).to.equal(200);
    expectChallenge(await gateway.client('twoways', PASSWORD).get('/api/version/get'), 'PASSWORD_EXPIRED');
    const shown = (await admin.get('/api/users/get')).json.find(
      (u: { localUserName?: string }) => u.localUserName === 'twoways',
    );
    expect(shown.lastLogin).to.equal(formatXzwo(gateway.clock.now()));
    await setLoginPolicy({ passwordExpiration: 0 });
    expect((await admin.delete('/api/users/remove', { query: { user: 'twoways' } })).status).to.equal(200);
  });

  it('lets a JSESSIONID cookie alone authenticate later requests until it has been idle too long', async () => {
    await addLocalUser(admin, 'cookie', PASSWORD, { roleIds: ['api_only'] });
    const client = gateway.client('cookie', PASSWORD);
    const first = await client.get('/api/version/get');
    expect(first.status).to.equal(200);
    expect(first.headers.get('set-cookie')).to.match(/^JSESSIONID=[A-Za-z0-9_-]+; path=\/; samesite=lax; httponly$/i);
    expect(client.cookie).to.be.a('string');
    gateway.clock.advanceSeconds(29 * 60);
    expect((await client.get('/api/version/get', { auth: null })).status).to.equal(200);
    gateway.clock.advanceSeconds(29 * 60);
    expect((await client.get('/api/version/get', { auth: null })).status).to.equal(200);
    gateway.clock.advanceSeconds(30 * 60);
    expectChallenge(await client.get('/api/version/get', { auth: null }), 'SESSION_EXPIRED');
    expect((await client.get('/api/version/get')).status).to.equal(200);
  });

  it('ends the sessions of a user who gets blocked', async () => {
    await setLoginPolicy({ attemptsUntilBlocked: 1 });
    await addLocalUser(admin, 'victim', PASSWORD, { roleIds: ['api_only'] });
    const victim = gateway.client('victim', PASSWORD);
    expect((await victim.get('/api/version/get')).status).to.equal(200);
    expectChallenge(await gateway.client('victim', 'guess').get('/api/version/get'), 'ACCOUNT_BLOCKED');
    expectChallenge(await victim.get('/api/version/get', { auth: null }), 'SESSION_EXPIRED');
  });
});
