import { expect } from 'chai';
import type { AppConfig } from '../../../src/app/config/AppConfig.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { TestGateway } from '../../support/TestGateway.js';
import { durableTestStore, type DurableStore } from '../../support/testStores.js';
import { addLocalUser, addRole, expectError, permissionsFor } from './identitySupport.js';

/**
 * Identity state survives a restart: on the embedded engine with its files in a directory, or on the
 * PostgreSQL server of TEST_DATABASE_URL (kept between starts).
 */
describe('identity across restarts', function () {
  this.timeout(120000);
  let store: DurableStore;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  const start = (first: boolean, config: Partial<AppConfig> = {}) =>
    TestGateway.start({
      clock,
      keepData: !first,
      config: { ...store.config, ...config },
    });

  before(() => {
    store = durableTestStore();
  });
  after(() => store?.dispose());

  it('keeps users, roles, failed attempts and a password changed through the API; a changed setting resets the administrator', async () => {
    let gateway = await start(true);
    try {
      const admin = gateway.admin();
      await addRole(admin, 'api', permissionsFor(['API']));
      await addLocalUser(admin, 'steady', 'Steady-Pass-1', { roleIds: ['api'] });
      expectError(await gateway.client('steady', 'wrong').get('/api/version/get'), 401);
      expectError(await gateway.client('steady', 'wrong').get('/api/version/get'), 401);
      const changed = await admin.post('/api/users/changePassword', {
        query: { user: 'anadmin', oldPassword: ADMIN_PASSWORD, newPassword: 'Changed-Admin-Pw-2' },
      });
      expect(changed.status, changed.text).to.equal(200);
    } finally {
      await gateway.stop();
    }

    gateway = await start(false);
    try {
      expectError(await gateway.admin().get('/api/users/get'), 401, 'INVALID_CREDENTIALS');
      const admin = gateway.client('anadmin', 'Changed-Admin-Pw-2');
      const users = (await admin.get('/api/users/get')).json;
      expect(users.map((u: { displayName: string }) => u.displayName)).to.deep.equal(['anadmin', 'steady']);
      expect(users[1]).to.include({ failedLogins: 2, lastFailedLogin: 'UTC 2026-03-01 08:00:00' });
      expect((await admin.get('/api/roles/get')).json.map((r: { id: string }) => r.id)).to.deep.equal(['api']);
      expect((await gateway.client('steady', 'Steady-Pass-1').get('/api/version/get')).status).to.equal(200);
    } finally {
      await gateway.stop();
    }

    gateway = await start(false, { adminPassword: 'Operator-Reset-3' });
    try {
      expectError(
        await gateway.client('anadmin', 'Changed-Admin-Pw-2').get('/api/users/get'),
        401,
        'INVALID_CREDENTIALS',
      );
      clock.advanceSeconds(1);
      expect((await gateway.client('anadmin', 'Operator-Reset-3').get('/api/users/get')).status).to.equal(200);
    } finally {
      await gateway.stop();
    }
  });
});
