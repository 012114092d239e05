import type { Server } from 'node:http';
import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { closeServer, startConventionsServer } from './conventionsSupport.js';

describe('HTTP conventions of the operation table', () => {
  let server: Server;
  let api: ApiClient;
  let anonymous: ApiClient;

  before(async () => {
    ({ server, api, anonymous } = await startConventionsServer());
  });

  after(() => closeServer(server));

  describe('the version parameter', () => {
    it('is mandatory: a request without it is a 400 that says which version to use', async () => {
      const response = await api.get('/api/test/v2', { version: null });
      expectError(response, 400, 'VERSION_REQUIRED');
      expect(response.json.error.message).to.contain('version 2');
    });

    it('must be an integer', async () => {
      for (const bad of ['abc', '1.5', '', ' 2']) {
        expectError(await api.get('/api/test/v2', { version: bad }), 400, 'VERSION_INVALID');
      }
    });

    it("must be the operation's own version", async () => {
      expectError(await api.get('/api/test/v2', { version: 0 }), 400, 'VERSION_UNSUPPORTED');
      expect((await api.get('/api/test/v2', { version: 2 })).status).to.equal(200);
    });
  });

  describe('authentication', () => {
    it('answers 401 with a Basic challenge when no credentials come', async () => {
      const response = await anonymous.get('/api/test/text-reply');
      expectError(response, 401, 'AUTHENTICATION_REQUIRED');
      expect(response.headers.get('www-authenticate')).to.match(/^Basic realm="gwsim"/);
    });

    it('answers 401 for wrong credentials and for a malformed Authorization header', async () => {
      expectError(await anonymous.get('/api/test/text-reply', { auth: { username: 'tester', password: 'nope' } }), 401);
      expectError(
        await anonymous.get('/api/test/text-reply', { headers: { authorization: 'Bearer abc' } }),
        401,
        'MALFORMED_CREDENTIALS',
      );
      expectError(
        await anonymous.get('/api/test/text-reply', { headers: { authorization: 'Basic !!!' } }),
        401,
        'MALFORMED_CREDENTIALS',
      );
    });

    it('sets a JSESSIONID cookie that authenticates later requests on its own', async () => {
      const client = new ApiClient(api.baseUrl, { username: 'tester', password: 'pw' });
      expect((await client.get('/api/test/text-reply')).status).to.equal(200);
      expect(client.cookie).to.be.a('string');
      const cookieOnly = await client.get('/api/test/text-reply', { auth: null });
      expect(cookieOnly.status).to.equal(200);
    });

    it('lets Basic credentials naming another user win over a session cookie', async () => {
      const client = new ApiClient(api.baseUrl, { username: 'tester', password: 'pw' });
      expect((await client.get('/api/test/admin')).status).to.equal(200);
      const cookie = client.cookie!;
      const asLimited = await client.get('/api/test/admin', { auth: { username: 'limited', password: 'pw' } });
      expectError(asLimited, 403, 'PERMISSION_DENIED');
      expect(asLimited.json.error.message).to.contain("'limited'");
      const wrong = await anonymous.get('/api/test/admin', {
        auth: { username: 'limited', password: 'bad' },
        headers: { cookie: `JSESSIONID=${cookie}` },
      });
      expectError(wrong, 401);
      const sameUser = await anonymous.get('/api/test/admin', {
        auth: { username: 'tester', password: 'pw' },
        headers: { cookie: `JSESSIONID=${cookie}` },
      });
      expect(sameUser.status).to.equal(200);
      expect(sameUser.headers.get('set-cookie'), 'the session is kept, no new login').to.equal(null);
    });

    it('refuses an unknown session cookie without credentials with 401', async () => {
      const response = await anonymous.get('/api/test/text-reply', { headers: { cookie: 'JSESSIONID=forged' } });
      expectError(response, 401, 'SESSION_EXPIRED');
    });

    it('answers 403 naming each missing permission', async () => {
      const response = await anonymous.get('/api/test/admin', { auth: { username: 'limited', password: 'pw' } });
      expectError(response, 403, 'PERMISSION_DENIED');
      expect(
        response.json.error.details.map((d: { field: string; rule: string }) => `${d.field}: ${d.rule}`),
      ).to.deep.equal(['administration: ACCESS', 'configurationMode: READ_WRITE_ACCESS']);
      expect(response.json.error.message)
        .to.contain('administration: ACCESS')
        .and.contain('configurationMode: READ_WRITE_ACCESS')
        .and.not.contain('CFG-W');
    });

    it('checks the version before the credentials', async () => {
      expectError(await anonymous.get('/api/test/text-reply', { version: null }), 400, 'VERSION_REQUIRED');
    });
  });
});
