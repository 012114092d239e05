import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, expectError, permissionsFor } from './identitySupport.js';

const CORPORATE = '5f0c1e2a-7b3d-4c8e-9a61-2d4f8b0e1a01';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const XZWO = /^UTC \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** On the embedded database and on the in-memory adapters alike. */
for (const store of ['database', 'memory'] as const) {
  describe(`identity operations answer the specification's shapes (${store} store)`, function () {
    this.timeout(60000);
    let gateway: TestGateway;
    let admin: ApiClient;

    before(async () => {
      gateway = await TestGateway.start({ store });
      admin = gateway.admin();
    });
    after(() => gateway.stop());

    it('users/get lists the built-in administrator in its reduced form, lastLogin once it has logged in', async () => {
      const response = await admin.get('/api/users/get');
      expect(response.status).to.equal(200);
      expect(response.json[0]).to.deep.equal({
        lastLogin: 'UTC 2026-03-01 08:00:00',
        displayName: 'anadmin',
        enabled: true,
      });
      const iso = await admin.get('/api/users/get', { query: { dateFormat: 'ISO-8601' } });
      expect(iso.json[0].lastLogin).to.equal('2026-03-01T08:00:00.000Z');
    });

    it('users/add takes AddUserData (localUsername) and answers CustomUserOptions (localUserName), never the password', async () => {
      await addRole(admin, 'new_role', permissionsFor(['API', 'UM-R']));
      const response = await admin.post('/api/users/add', {
        json: {
          ldapLogin: null,
          loginLocally: true,
          localPassword: 'Test-Pass-1357',
          roleIds: ['new_role'],
          localUsername: 'test',
          displayName: 'test',
          enabled: true,
        },
      });
      expect(response.status, response.text).to.equal(200);
      const user = response.json;
      expect(user.id).to.match(UUID);
      expect(user).to.deep.equal({
        id: user.id,
        displayName: 'test',
        emailAddress: '',
        enabled: true,
        localUserName: 'test',
        local: { name: 'test' },
        ldapUsers: [],
        roles: ['new_role'],
        failedLogins: 0,
      });
      expect(response.text).to.not.contain('Test-Pass-1357');
      const listed = (await admin.get('/api/users/get')).json;
      expect(listed.map((u: { displayName: string }) => u.displayName)).to.deep.equal(['anadmin', 'test']);
      expect(JSON.stringify(listed)).to.not.match(/Test-Pass|scrypt/);
    });

    it('shows built-in roles in roleBuiltIns, directory logins in ldapUsers, and login bookkeeping as dates', async () => {
      const created = await admin.post('/api/users/add', {
        json: {
          displayName: 'Alice Example',
          emailAddress: 'alice@corp.gwsim.test',
          loginLocally: false,
          ldapLogin: true,
          ldapAuthentications: [{ name: 'alice', ldapAuthorityId: CORPORATE }],
          roleIds: ['CALL_HISTORY_EXPORTER'],
          passwordChange: null,
        },
      });
      expect(created.status, created.text).to.equal(200);
      expect(created.json).to.include({
        displayName: 'Alice Example',
        emailAddress: 'alice@corp.gwsim.test',
        enabled: true,
        roleBuiltIns: 'CALL_HISTORY_EXPORTER',
        failedLogins: 0,
      });
      expect(created.json.roles).to.deep.equal([]);
      expect(created.json.ldapUsers).to.deep.equal([{ name: 'alice', ldapAuthorityId: CORPORATE }]);
      expect(created.json).to.not.have.property('localUserName');

      const alice = gateway.client('alice', 'wrong');
      expect((await alice.get('/api/version/get')).status).to.equal(401);
      gateway.clock.advanceSeconds(5);
      expect((await gateway.client('alice', 'Alice-Corp-2024').get('/api/version/get')).status).to.equal(200);
      gateway.clock.advanceSeconds(5);
      expect((await alice.get('/api/version/get')).status).to.equal(401);
      const shown = (await admin.get('/api/users/get')).json.find((u: { id?: string }) => u.id === created.json.id);
      expect(shown.failedLogins).to.equal(1);
      expect(shown.lastLogin).to.equal('UTC 2026-03-01 08:00:05');
      expect(shown.lastFailedLogin).to.equal('UTC 2026-03-01 08:00:10');
      expect(shown.lastFailedLogin).to.match(XZWO);
    });

    it('users/ldapAuthorities/get lists the simulated directory', async () => {
      const response = await admin.get('/api/users/ldapAuthorities/get');
      expect(response.status).to.equal(200);
      expect(response.json).to.have.length(2);
      for (const authority of response.json)
        expect(authority).to.have.all.keys('id', 'displayName', 'url', 'baseDn', 'userAttribute');
      expect(response.json[0].id).to.equal(CORPORATE);
    });

    it('users/changePassword takes query parameters and answers plain text naming the user', async () => {
      await addLocalUser(admin, 'changer', 'First-Pass-2468');
      const response = await admin.post('/api/users/changePassword', {
        query: {
          user: 'changer',
          oldPassword: 'First-Pass-2468',
          newPassword: 'Second-Pass-1357',
          passwordChange: 'RECOMMENDED',
        },
      });
      expect(response.status, response.text).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/plain/);
      expect(response.text).to.contain('changer');
      // the new password authenticates (403: the user holds no role, so it lacks API)
      expectError(
        await gateway.client('changer', 'Second-Pass-1357').get('/api/version/get'),
        403,
        'PERMISSION_DENIED',
      );
      expectError(
        await gateway.client('changer', 'First-Pass-2468').get('/api/version/get'),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it('users/changePassword takes passwords exactly as sent: blanks around them, or only blanks, are a password', async () => {
      await addLocalUser(admin, 'spacey', '      ');
      const first = await admin.post('/api/users/changePassword', {
        query: { user: 'spacey', oldPassword: '      ', newPassword: '  Spaced-Pass-1  ' },
      });
      expect(first.status, first.text).to.equal(200);
      expectError(
        await gateway.client('spacey', '  Spaced-Pass-1  ').get('/api/version/get'),
        403,
        'PERMISSION_DENIED',
      );
      expectError(await gateway.client('spacey', 'Spaced-Pass-1').get('/api/version/get'), 401, 'INVALID_CREDENTIALS');
      const second = await admin.post('/api/users/changePassword', {
        query: { user: 'spacey', oldPassword: '  Spaced-Pass-1  ', newPassword: '        ' },
      });
      expect(second.status, second.text).to.equal(200);
      expectError(await gateway.client('spacey', '        ').get('/api/version/get'), 403, 'PERMISSION_DENIED');
    });

    it('users/remove takes ?user= (name or id), answers an empty 200 and ends its sessions', async () => {
      await addRole(admin, 'reader', permissionsFor(['API']));
      const created = await addLocalUser(admin, 'leaver', 'Leaver-Pass-97', { roleIds: ['reader'] });
      const leaver = gateway.client('leaver', 'Leaver-Pass-97');
      expect((await leaver.get('/api/version/get')).status).to.equal(200);
      expect((await leaver.get('/api/version/get', { auth: null })).status).to.equal(200);
      const removed = await admin.delete('/api/users/remove', { query: { user: created.id } });
      expect(removed.status, removed.text).to.equal(200);
      expect(removed.text).to.equal('');
      expect((await admin.get('/api/users/get')).json.map((u: { id?: string }) => u.id)).to.not.include(created.id);
      expectError(await leaver.get('/api/version/get', { auth: null }), 401, 'SESSION_EXPIRED');
      expectError(await admin.delete('/api/users/remove', { query: { user: 'leaver' } }), 404, 'USER_NOT_FOUND');
      expectError(await admin.delete('/api/users/remove', { query: { user: 'anadmin' } }), 409, 'BUILT_IN_USER');
    });

    it('password and login policies read back as set, and apply at once', async () => {
      const passwordPolicy = (await admin.get('/api/passwordPolicy/get')).json;
      expect(passwordPolicy).to.have.all.keys(
        'minLength',
        'maxLength',
        'minDigits',
        'minCharacters',
        'minLowerCase',
        'minUpperCase',
        'minSpecial',
        'constraintAreas',
        'patterns',
        'blacklist',
        'addUsernameToBlacklist',
      );
      const strict = { ...passwordPolicy, minDigits: 2, patterns: false, blacklist: [{ value: 'gwsim' }] };
      const set = await admin.post('/api/passwordPolicy/set', { json: strict });
      expect(set.status, set.text).to.equal(200);
      expect((await admin.get('/api/passwordPolicy/get')).json).to.deep.equal(strict);
      const refused = await admin.post('/api/users/add', {
        json: { localUsername: 'weak', localPassword: 'gwsim-abc1', loginLocally: true },
      });
      expectError(refused, 400, 'PASSWORD_POLICY_VIOLATED');
      expect(refused.json.error.details.map((d: { rule: string }) => d.rule)).to.have.members([
        'minDigits',
        'patterns',
        'blacklist',
      ]);
      expect((await admin.post('/api/passwordPolicy/set', { json: passwordPolicy })).status).to.equal(200);

      const loginPolicy = (await admin.get('/api/loginPolicy/get')).json;
      expect(loginPolicy).to.have.all.keys(
        'minLoginDelay',
        'maxLoginDelay',
        'attemptsUntilBlocked',
        'showLoginFailureMessage',
        'passwordExpiration',
        'passwordExpirationWarning',
        'maxObsoletePasswords',
        'passwordUnchangeableMinutes',
      );
      const changed = { ...loginPolicy, attemptsUntilBlocked: 9, passwordUnchangeableMinutes: 5 };
      expect((await admin.post('/api/loginPolicy/set', { json: changed })).json).to.deep.equal(changed);
      expect((await admin.get('/api/loginPolicy/get')).json).to.deep.equal(changed);
      expect((await admin.post('/api/loginPolicy/set', { json: loginPolicy })).status).to.equal(200);
    });

    it('roles/get lists custom roles; roles/add refuses a duplicate; roles/remove answers the remaining ones', async () => {
      await addRole(admin, 'temp_a', permissionsFor(['API', 'CFG-R']), 'Temporary A');
      const duplicate = await admin.put('/api/roles/add', { json: { id: 'temp_a', permissions: permissionsFor([]) } });
      expectError(duplicate, 409, 'ROLE_EXISTS');
      const roles = (await admin.get('/api/roles/get')).json;
      expect(roles.map((r: { id: string }) => r.id)).to.deep.equal(['new_role', 'reader', 'temp_a']);
      expect(roles[2]).to.deep.equal({
        id: 'temp_a',
        displayName: 'Temporary A',
        permissions: permissionsFor(['API', 'CFG-R']),
      });
      const remaining = await admin.delete('/api/roles/remove', { query: { role: 'Temporary A' } });
      expect(remaining.status, remaining.text).to.equal(200);
      expect(remaining.json.map((r: { id: string }) => r.id)).to.deep.equal(['new_role', 'reader']);
      const inUse = await admin.delete('/api/roles/remove', { query: { role: 'new_role' } });
      expectError(inUse, 409, 'ROLE_IN_USE');
      expect(inUse.json.error.message).to.contain("'test'");
      expectError(await admin.delete('/api/roles/remove', { query: { role: 'ADMINISTRATOR' } }), 409, 'BUILT_IN_ROLE');
    });
  });
}
