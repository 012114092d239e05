import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { testDatabaseUrl } from '../../support/testConfig.js';
import { addLocalUser, addRole, expectError, permissionsFor } from '../../acceptance/identity/identitySupport.js';

const PASSWORD = 'Shared-Pass-1357';

/**
 * Two simulators (two containers, two connection pools, two in-memory identity states) on one PostgreSQL server
 * database, as two processes behind a load balancer would be: a write through one is seen by the next read
 * through the other. Needs TEST_DATABASE_URL (the embedded engine serves one process only).
 */
describe('identity state held in memory stays current across processes on one server database', function () {
  this.timeout(60000);
  let a: TestGateway;
  let b: TestGateway;
  let adminA: ApiClient;
  let adminB: ApiClient;

  before(async function () {
    if (!testDatabaseUrl()) this.skip();
    a = await TestGateway.start();
    b = await TestGateway.start({ keepData: true });
    adminA = a.admin();
    adminB = b.admin();
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
  });

  const namesVia = async (admin: ApiClient) =>
    (await admin.get('/api/users/get')).json.map((u: { displayName: string }) => u.displayName);

  it('a user and a role added through A are listed by the next read through B', async () => {
    expect(await namesVia(adminB)).to.deep.equal(['anadmin']);
    expect((await adminB.get('/api/roles/get')).json).to.deep.equal([]);
    await addRole(adminA, 'shared_api', permissionsFor(['API']));
    await addLocalUser(adminA, 'shared', PASSWORD, { roleIds: ['shared_api'] });
    expect(await namesVia(adminB)).to.deep.equal(['anadmin', 'shared']);
    expect((await adminB.get('/api/roles/get')).json.map((r: { id: string }) => r.id)).to.deep.equal(['shared_api']);
  });

  it('a failed login through A shows through B, and a password set through A replaces the one B verified', async () => {
    const viaB = b.client('shared', PASSWORD);
    expect((await viaB.get('/api/version/get')).status).to.equal(200);
    expectError(await a.client('shared', 'wrong').get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
    expect(
      (await adminB.get('/api/users/get')).json.find((u: { displayName: string }) => u.displayName === 'shared')
        .failedLogins,
    ).to.equal(1);

    expect((await viaB.get('/api/version/get')).status).to.equal(200);
    const reset = await adminA.post('/api/users/changePassword', {
      query: { user: 'shared', newPassword: 'Shared-Next-2468' },
    });
    expect(reset.status, reset.text).to.equal(200);
    expectError(await viaB.get('/api/version/get', { auth: null }), 401, 'SESSION_EXPIRED');
    expectError(await b.client('shared', PASSWORD).get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
    expect((await b.client('shared', 'Shared-Next-2468').get('/api/version/get')).status).to.equal(200);
  });

  it('a user removed through A loses its session in B at its next request', async () => {
    await addLocalUser(adminA, 'leaver', PASSWORD, { roleIds: ['shared_api'] });
    const viaB = b.client('leaver', PASSWORD);
    expect((await viaB.get('/api/version/get')).status).to.equal(200);
    expect((await adminA.delete('/api/users/remove', { query: { user: 'leaver' } })).status).to.equal(200);
    expectError(await viaB.get('/api/version/get', { auth: null }), 401, 'SESSION_EXPIRED');
    expectError(await viaB.get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
    expect(await namesVia(adminB)).to.not.include('leaver');
  });
});
