import { expect } from 'chai';
import { identityOperations } from '../../../src/contexts/identity/index.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, detailFields, expectError, permissionsFor } from './identitySupport.js';

const FULL = permissionsFor(['API']);
const PASSWORD_POLICY = {
  minLength: 8,
  maxLength: 64,
  minDigits: 1,
  minCharacters: 0,
  minLowerCase: 0,
  minUpperCase: 0,
  minSpecial: 0,
  constraintAreas: 0,
  patterns: true,
  blacklist: [],
  addUsernameToBlacklist: false,
};
const LOGIN_POLICY = {
  minLoginDelay: 0,
  maxLoginDelay: 30,
  attemptsUntilBlocked: 5,
  showLoginFailureMessage: true,
  passwordExpiration: 0,
  passwordExpirationWarning: 0,
  maxObsoletePasswords: 3,
  passwordUnchangeableMinutes: 0,
};

function expect4xx(response: ApiResponse, status: number, code?: string): ApiResponse {
  expectError(response, status, code);
  return response;
}

describe('identity operations refuse bad input with a 4xx in the one error shape', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    await addRole(admin, 'api', FULL);
    await addLocalUser(admin, 'known', 'Known-Pass-1', { roleIds: ['api'] });
  });
  after(() => gateway.stop());

  for (const op of identityOperations) {
    it(`${op.method} ${op.path}: a missing, non-integer or other version is a 400`, async () => {
      expect4xx(await admin.request(op.method, op.path, { version: null }), 400, 'VERSION_REQUIRED');
      expect4xx(await admin.request(op.method, op.path, { version: '0.5' }), 400, 'VERSION_INVALID');
      expect4xx(await admin.request(op.method, op.path, { version: 1 }), 400, 'VERSION_UNSUPPORTED');
    });
  }

  for (const op of identityOperations.filter((o) => o.body === 'json')) {
    it(`${op.method} ${op.path}: malformed JSON, a non-object, no body and the wrong media type are refused`, async () => {
      expect4xx(
        await admin.request(op.method, op.path, {
          body: '{"minLength": 8,',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      );
      expect4xx(await admin.request(op.method, op.path, { json: [1, 2] }), 400, 'INVALID_BODY');
      expect4xx(await admin.request(op.method, op.path, { json: 'text' }), 400, 'INVALID_BODY');
      expect4xx(await admin.request(op.method, op.path), 400, 'BODY_REQUIRED');
      expect4xx(await admin.request(op.method, op.path, { text: '{}' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  }

  describe('POST /api/users/add', () => {
    const add = (json: unknown) => admin.post('/api/users/add', { json });

    it('names each field of the wrong type', async () => {
      const response = expect4xx(
        await add({
          localUsername: 5,
          localPassword: true,
          enabled: 'yes',
          loginLocally: 1,
          roleIds: 'ADMINISTRATOR',
          emailAddress: [],
          passwordChange: 'ALWAYS',
          ldapAuthentications: [{ name: 7, ldapAuthorityId: null }],
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(detailFields(response)).to.include.members([
        'localUsername',
        'localPassword',
        'enabled',
        'loginLocally',
        'roleIds',
        'emailAddress',
        'passwordChange',
        'ldapAuthentications[0].name',
        'ldapAuthentications[0].ldapAuthorityId',
      ]);
      expect4xx(await add({ ldapAuthentications: ['alice'] }), 400, 'VALIDATION_FAILED');
    });

    it('refuses missing fields: no login method, no username or password for a local login', async () => {
      expect(detailFields(expect4xx(await add({}), 400))).to.include('loginLocally');
      expect(detailFields(expect4xx(await add({ loginLocally: true, localPassword: 'Some-Pass-1' }), 400))).to.include(
        'localUsername',
      );
      expect(detailFields(expect4xx(await add({ loginLocally: true, localUsername: 'nopass' }), 400))).to.include(
        'localPassword',
      );
      expect(detailFields(expect4xx(await add({ ldapLogin: true }), 400))).to.include('ldapAuthentications');
      expect(
        detailFields(expect4xx(await add({ localUsername: 'a:b', localPassword: 'Some-Pass-1' }), 400)),
      ).to.include('localUsername');
    });

    it('answers 404 for unknown role ids and directory authorities, and 409 for a taken username', async () => {
      expect4xx(
        await add({ localUsername: 'x1', localPassword: 'Some-Pass-1', roleIds: ['no_such_role'] }),
        404,
        'ROLE_NOT_FOUND',
      );
      expect4xx(
        await add({ ldapLogin: true, ldapAuthentications: [{ name: 'bob', ldapAuthorityId: 'no-such-authority' }] }),
        404,
        'LDAP_AUTHORITY_NOT_FOUND',
      );
      expect4xx(await add({ localUsername: 'known', localPassword: 'Some-Pass-1' }), 409, 'USERNAME_TAKEN');
      expect4xx(await add({ localUsername: 'anadmin', localPassword: 'Some-Pass-1' }), 409, 'USERNAME_TAKEN');
    });
  });

  describe('DELETE /api/users/remove and POST /api/users/changePassword', () => {
    it('need their query parameters and name existing users', async () => {
      expect(
        detailFields(expect4xx(await admin.delete('/api/users/remove'), 400, 'INVALID_QUERY_PARAMETER')),
      ).to.deep.equal(['user']);
      expect4xx(await admin.delete('/api/users/remove', { query: { user: 'ghost' } }), 404, 'USER_NOT_FOUND');
      const change = (query: Record<string, string>) => admin.post('/api/users/changePassword', { query });
      const full = { user: 'known', oldPassword: 'Known-Pass-1', newPassword: 'Known-Pass-2' };
      for (const missing of ['user', 'newPassword'] as const) {
        const query: Record<string, string> = { ...full };
        delete query[missing];
        expect(detailFields(expect4xx(await change(query), 400, 'INVALID_QUERY_PARAMETER'))).to.deep.equal([missing]);
      }
      expect(detailFields(expect4xx(await change({ ...full, passwordChange: 'SOMETIMES' }), 400))).to.deep.equal([
        'passwordChange',
      ]);
      expect4xx(await change({ ...full, user: 'ghost' }), 404, 'USER_NOT_FOUND');
      // one's own password needs the current one; an administrator setting another user's does not (see adminReset.test)
      expect(
        detailFields(
          expect4xx(await change({ user: 'anadmin', newPassword: 'Other-Admin-Pw-3' }), 400, 'VALIDATION_FAILED'),
        ),
      ).to.deep.equal(['oldPassword']);
      expect4xx(
        await change({ user: 'anadmin', oldPassword: 'wrong', newPassword: 'Other-Admin-Pw-3' }),
        400,
        'WRONG_OLD_PASSWORD',
      );
      expect(
        detailFields(expect4xx(await change({ ...full, newPassword: 'x' }), 400, 'PASSWORD_POLICY_VIOLATED')),
      ).to.deep.equal(['newPassword']);
    });
  });

  describe('POST /api/passwordPolicy/set and /api/loginPolicy/set', () => {
    it('name fields of the wrong type and every missing field', async () => {
      const wrong = expect4xx(
        await admin.post('/api/passwordPolicy/set', {
          json: { ...PASSWORD_POLICY, minLength: '8', patterns: 'no', blacklist: [{ value: 3 }] },
        }),
        400,
      );
      expect(detailFields(wrong)).to.include.members(['minLength', 'patterns', 'blacklist[0].value']);
      expect(
        detailFields(expect4xx(await admin.post('/api/passwordPolicy/set', { json: {} }), 400)),
      ).to.include.members([
        'minLength',
        'maxLength',
        'minDigits',
        'minCharacters',
        'minLowerCase',
        'minUpperCase',
        'minSpecial',
        'constraintAreas',
        'patterns',
        'addUsernameToBlacklist',
      ]);
      expect(
        detailFields(
          expect4xx(
            await admin.post('/api/loginPolicy/set', {
              json: { ...LOGIN_POLICY, attemptsUntilBlocked: 2.5, showLoginFailureMessage: 'y' },
            }),
            400,
          ),
        ),
      ).to.include.members(['attemptsUntilBlocked', 'showLoginFailureMessage']);
      expect(
        detailFields(expect4xx(await admin.post('/api/loginPolicy/set', { json: {} }), 400)),
      ).to.have.length.greaterThan(7);
    });

    it('refuse values out of range, min above max and an unsatisfiable policy, leaving the policy as it was', async () => {
      const before = (await admin.get('/api/passwordPolicy/get')).text;
      expect(
        detailFields(
          expect4xx(
            await admin.post('/api/passwordPolicy/set', { json: { ...PASSWORD_POLICY, minLength: 10, maxLength: 9 } }),
            400,
            'INVALID_PASSWORD_POLICY',
          ),
        ),
      ).to.deep.equal(['minLength']);
      expect(
        detailFields(
          expect4xx(
            await admin.post('/api/passwordPolicy/set', {
              json: { ...PASSWORD_POLICY, minDigits: -1, constraintAreas: 9 },
            }),
            400,
          ),
        ),
      ).to.have.members(['minDigits', 'constraintAreas']);
      expect4xx(
        await admin.post('/api/passwordPolicy/set', {
          json: { ...PASSWORD_POLICY, maxLength: 8, minDigits: 5, minUpperCase: 4 },
        }),
        400,
        'INVALID_PASSWORD_POLICY',
      );
      expect((await admin.get('/api/passwordPolicy/get')).text).to.equal(before);
      expect(
        detailFields(
          expect4xx(
            await admin.post('/api/loginPolicy/set', {
              json: { ...LOGIN_POLICY, minLoginDelay: 60, maxLoginDelay: 10 },
            }),
            400,
            'INVALID_LOGIN_POLICY',
          ),
        ),
      ).to.deep.equal(['minLoginDelay']);
      expect4xx(
        await admin.post('/api/loginPolicy/set', { json: { ...LOGIN_POLICY, passwordExpiration: -1 } }),
        400,
        'INVALID_LOGIN_POLICY',
      );
    });
  });

  describe('PUT /api/roles/add and DELETE /api/roles/remove', () => {
    it('name the fields of a bad role, including each permission', async () => {
      const bad = expect4xx(
        await admin.put('/api/roles/add', {
          json: { id: 4, permissions: { ...FULL, api: 'WRITE', backends: 'ACCESS' } },
        }),
        400,
      );
      expect(detailFields(bad)).to.include.members(['id', 'permissions.api', 'permissions.backends']);
      expect(detailFields(expect4xx(await admin.put('/api/roles/add', { json: { id: 'r1' } }), 400))).to.include(
        'permissions',
      );
      const partial = { ...FULL } as Record<string, unknown>;
      delete partial['webServer'];
      expect(
        detailFields(expect4xx(await admin.put('/api/roles/add', { json: { id: 'r1', permissions: partial } }), 400)),
      ).to.deep.equal(['permissions.webServer']);
      expect(
        detailFields(
          expect4xx(await admin.put('/api/roles/add', { json: { id: '  ', permissions: FULL } }), 400, 'INVALID_ROLE'),
        ),
      ).to.include('id');
      expect4xx(await admin.put('/api/roles/add', { json: { id: 'api', permissions: FULL } }), 409, 'ROLE_EXISTS');
      expect4xx(
        await admin.put('/api/roles/add', { json: { id: 'CALL_HISTORY_EXPORTER', permissions: FULL } }),
        409,
        'ROLE_EXISTS',
      );
    });

    it('need ?role= naming a custom role', async () => {
      expect(
        detailFields(expect4xx(await admin.delete('/api/roles/remove'), 400, 'INVALID_QUERY_PARAMETER')),
      ).to.deep.equal(['role']);
      expect4xx(await admin.delete('/api/roles/remove', { query: { role: 'ghost' } }), 404, 'ROLE_NOT_FOUND');
      expect4xx(
        await admin.delete('/api/roles/remove', { query: { role: 'CALL_HISTORY_EXPORTER' } }),
        409,
        'BUILT_IN_ROLE',
      );
      expect4xx(await admin.delete('/api/roles/remove', { query: { role: 'api' } }), 409, 'ROLE_IN_USE');
    });
  });

  describe('afterwards', () => {
    it('the users and roles are as they were', async () => {
      const users = (await admin.get('/api/users/get')).json.map((u: { displayName: string }) => u.displayName);
      expect(users).to.deep.equal(['anadmin', 'known']);
      expect((await admin.get('/api/roles/get')).json.map((r: { id: string }) => r.id)).to.deep.equal(['api']);
    });
  });
});
