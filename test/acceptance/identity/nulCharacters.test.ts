import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectError } from './identitySupport.js';

/**
 * PostgreSQL text cannot hold U+0000. A NUL character in a name, a key or a stored value is bad input like any
 * other: a 4xx in the one error shape, never a 500 from the database.
 */
describe('NUL characters in identity input', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  it('in Basic credentials: 401, as any unknown user', async () => {
    const local = await gateway.client('x\u0000y', 'secret-1').get('/api/version/get');
    expectError(local, 401, 'INVALID_CREDENTIALS');
    expect(local.headers.get('www-authenticate')).to.match(/^Basic realm="/);
    expectError(await gateway.client('bob\u0000', 'Bob-Corp-2024').get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
  });

  it('in the keys of users/remove, users/changePassword and roles/remove: 404', async () => {
    expectError(await admin.delete('/api/users/remove', { query: { user: 'x\u0000' } }), 404, 'USER_NOT_FOUND');
    expectError(
      await admin.post('/api/users/changePassword', { query: { user: 'x\u0000', oldPassword: 'a', newPassword: 'b' } }),
      404,
      'USER_NOT_FOUND',
    );
    expectError(await admin.delete('/api/roles/remove', { query: { role: 'x\u0000' } }), 404, 'ROLE_NOT_FOUND');
  });

  it('in the values users/add and passwordPolicy/set would store: 4xx', async () => {
    const user = { localUsername: 'nul', localPassword: 'Nul-Pass-123' };
    expectError(
      await admin.post('/api/users/add', { json: { ...user, emailAddress: 'a\u0000@example.test' } }),
      400,
      'INVALID_USER',
    );
    expectError(await admin.post('/api/users/add', { json: { ...user, roleIds: ['x\u0000'] } }), 404, 'ROLE_NOT_FOUND');
    const policy = (await admin.get('/api/passwordPolicy/get')).json;
    expectError(
      await admin.post('/api/passwordPolicy/set', { json: { ...policy, blacklist: ['a\u0000b'] } }),
      400,
      'INVALID_PASSWORD_POLICY',
    );
    expect((await admin.get('/api/users/get')).json).to.have.length(1);
  });
});
