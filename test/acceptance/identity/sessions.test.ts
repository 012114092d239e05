import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, expectError, permissionsFor } from './identitySupport.js';

describe('sessions end when the account changes', () => {
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    await addRole(admin, 'session_reader', permissionsFor(['API']));
  });
  after(() => gateway.stop());

  it('a password change ends the sessions opened with the old password', async () => {
    await addLocalUser(admin, 'changer', 'Changer-Pass-97', { roleIds: ['session_reader'] });
    const user = gateway.client('changer', 'Changer-Pass-97');
    expect((await user.get('/api/version/get')).status).to.equal(200);
    const changed = await admin.post('/api/users/changePassword', {
      query: {
        user: 'changer',
        oldPassword: 'Changer-Pass-97',
        newPassword: 'Changer-Next-98',
        passwordChange: 'NOT_NECESSARY',
      },
    });
    expect(changed.status, changed.text).to.equal(200);
    expectError(await user.get('/api/version/get', { auth: null }), 401, 'SESSION_EXPIRED');
    expect((await gateway.client('changer', 'Changer-Next-98').get('/api/version/get')).status).to.equal(200);
  });

  it("another user's password change leaves a session alone", async () => {
    await addLocalUser(admin, 'bystander', 'Bystander-Pass-1', { roleIds: ['session_reader'] });
    await addLocalUser(admin, 'other', 'Other-Pass-11', { roleIds: ['session_reader'] });
    const bystander = gateway.client('bystander', 'Bystander-Pass-1');
    expect((await bystander.get('/api/version/get')).status).to.equal(200);
    await admin.post('/api/users/changePassword', {
      query: {
        user: 'other',
        oldPassword: 'Other-Pass-11',
        newPassword: 'Other-Next-22',
        passwordChange: 'NOT_NECESSARY',
      },
    });
    expect((await bystander.get('/api/version/get', { auth: null })).status).to.equal(200);
  });
});
