import { expect } from 'chai';
import { basic, type ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import {
  addLocalUser,
  addRole,
  detailFields,
  expectError,
  permissionsFor,
  loginPolicySetter,
} from './identitySupport.js';

const PASSWORD = 'Checked-Pass-4711';

describe('every credential sent is checked; an administrator lifts a block by setting the password', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let loginPolicy: Record<string, unknown>;

  const setLoginPolicy = (values: Record<string, unknown>) => loginPolicySetter(admin, () => loginPolicy)(values);
  const shown = async (name: string) =>
    (await admin.get('/api/users/get')).json.find((u: { localUserName?: string }) => u.localUserName === name);

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    loginPolicy = (await admin.get('/api/loginPolicy/get')).json;
    await addRole(admin, 'checked_api', permissionsFor(['API']));
  });
  after(() => gateway.stop());
  afterEach(() => setLoginPolicy({}));

  it('refuses a live session cookie sent with a wrong Basic password (401), counting the failed login until the block', async () => {
    await setLoginPolicy({ attemptsUntilBlocked: 3 });
    await addLocalUser(admin, 'cookied', PASSWORD, { roleIds: ['checked_api'] });
    const user = gateway.client('cookied', PASSWORD);
    expect((await user.get('/api/version/get')).status).to.equal(200);
    expect(user.cookie).to.be.a('string');

    expectError(
      await user.get('/api/version/get', { auth: { username: 'cookied', password: 'wrong-1' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await shown('cookied')).failedLogins).to.equal(1);
    expectError(
      await user.get('/api/version/get', { auth: { username: 'cookied', password: 'wrong-2' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectError(
      await user.get('/api/version/get', { auth: { username: 'cookied', password: 'wrong-3' } }),
      401,
      'ACCOUNT_BLOCKED',
    );
    expect(await shown('cookied'))
      .to.include({ failedLogins: 3 })
      .and.to.have.property('blockedUntil');
    // the block ended the session, and the right password is refused while blocked
    expectError(await user.get('/api/version/get', { auth: null }), 401, 'SESSION_EXPIRED');
    expectError(await user.get('/api/version/get'), 401, 'ACCOUNT_BLOCKED');
  });

  it('refuses a malformed Authorization header even with a live session cookie', async () => {
    await addLocalUser(admin, 'malformed', PASSWORD, { roleIds: ['checked_api'] });
    const user = gateway.client('malformed', PASSWORD);
    expect((await user.get('/api/version/get')).status).to.equal(200);
    expectError(
      await user.get('/api/version/get', { auth: null, headers: { authorization: 'Bearer abc' } }),
      401,
      'MALFORMED_CREDENTIALS',
    );
    expect((await user.get('/api/version/get', { auth: null })).status).to.equal(200);
  });

  it('answers right Basic credentials sent again without the cookie with the same session, and a new password at once', async () => {
    await addLocalUser(admin, 'repeat', PASSWORD, { roleIds: ['checked_api'] });
    const headers = { authorization: basic('repeat', PASSWORD) };
    const first = await fetch(`${gateway.baseUrl}/api/version/get?version=0`, { headers });
    const second = await fetch(`${gateway.baseUrl}/api/version/get?version=0`, { headers });
    expect([first.status, second.status]).to.deep.equal([200, 200]);
    const cookieOf = (r: Response) => /JSESSIONID=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1];
    expect(cookieOf(second)).to.be.a('string').and.equal(cookieOf(first));

    const reset = await admin.post('/api/users/changePassword', {
      query: { user: 'repeat', newPassword: 'Repeat-Next-1234' },
    });
    expect(reset.status, reset.text).to.equal(200);
    expectError(await gateway.client('repeat', PASSWORD).get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
    expect((await gateway.client('repeat', 'Repeat-Next-1234').get('/api/version/get')).status).to.equal(200);
  });

  it("lets an administrator set a blocked user's password without the old one, which lifts the block at once", async () => {
    await setLoginPolicy({ attemptsUntilBlocked: 2 });
    await addLocalUser(admin, 'locked', PASSWORD, { roleIds: ['checked_api'] });
    const guesser = gateway.client('locked', 'guess');
    expectError(await guesser.get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
    expectError(await guesser.get('/api/version/get'), 401, 'ACCOUNT_BLOCKED');
    expect(await shown('locked')).to.have.property('blockedUntil');

    const reset = await admin.post('/api/users/changePassword', {
      query: { user: 'locked', newPassword: 'Locked-New-2468', passwordChange: 'RECOMMENDED' },
    });
    expect(reset.status, reset.text).to.equal(200);
    expect(reset.text).to.equal("Password of user 'locked' changed");
    const after = await shown('locked');
    expect(after.failedLogins).to.equal(0);
    expect(after).to.not.have.property('blockedUntil');
    expect((await gateway.client('locked', 'Locked-New-2468').get('/api/version/get')).status).to.equal(200);
    expectError(await gateway.client('locked', PASSWORD).get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
  });

  it("still applies the password policy and history to an administrator's reset, and a user's own change needs the old password", async () => {
    await addRole(admin, 'self_manager', permissionsFor(['API', 'UM-W']));
    await addLocalUser(admin, 'selfish', PASSWORD, { roleIds: ['self_manager'] });
    const reuse = await admin.post('/api/users/changePassword', { query: { user: 'selfish', newPassword: PASSWORD } });
    expect(detailFields(reuse)).to.deep.equal(['newPassword']);
    expectError(reuse, 400, 'PASSWORD_POLICY_VIOLATED');
    expectError(
      await admin.post('/api/users/changePassword', { query: { user: 'selfish', newPassword: 'x' } }),
      400,
      'PASSWORD_POLICY_VIOLATED',
    );

    const self = gateway.client('selfish', PASSWORD);
    const missing = await self.post('/api/users/changePassword', {
      query: { user: 'selfish', newPassword: 'Selfish-Next-1' },
    });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(detailFields(missing)).to.deep.equal(['oldPassword']);
    expectError(
      await self.post('/api/users/changePassword', {
        query: { user: 'selfish', oldPassword: 'nope', newPassword: 'Selfish-Next-1' },
      }),
      400,
      'WRONG_OLD_PASSWORD',
    );
    const own = await self.post('/api/users/changePassword', {
      query: { user: 'selfish', oldPassword: PASSWORD, newPassword: 'Selfish-Next-1' },
    });
    expect(own.status, own.text).to.equal(200);
  });

  it("names the request's own field for a refused password: localPassword in users/add, newPassword in users/changePassword", async () => {
    const add = await admin.post('/api/users/add', {
      json: { localUsername: 'shorty', localPassword: 'x', roleIds: ['checked_api'] },
    });
    expectError(add, 400, 'PASSWORD_POLICY_VIOLATED');
    expect(detailFields(add)).to.deep.equal(['localPassword']);
    await addLocalUser(admin, 'renamed', PASSWORD, { roleIds: ['checked_api'] });
    const change = await admin.post('/api/users/changePassword', { query: { user: 'renamed', newPassword: 'y' } });
    expectError(change, 400, 'PASSWORD_POLICY_VIOLATED');
    expect(detailFields(change)).to.deep.equal(['newPassword']);
  });
});
