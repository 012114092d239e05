import { expect } from 'chai';
import { toPkcs12 } from '@gwsim/x509';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { durableTestStore, type DurableStore } from '../../support/testStores.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, permissionsFor } from '../identity/identitySupport.js';
import { identity, keyBody, ok, recordingClient, refused, SECRET } from './sbaSupport.js';

for (const store of ['memory', 'database'] as const) {
  describe(`collaboration SBA service over HTTP (${store} store)`, function () {
    this.timeout(120000);
    let gateway: TestGateway;
    let admin: ApiClient;
    const sba = identity('sba.example.test');
    const stranger = identity('stranger.example.test');
    /** Every answer of the suite, to check that none holds the secret and only privateKey/get the key. */
    const { answers, record, get, putText, putJson, post, upload, status } = recordingClient(() => admin);

    /** The database store is a durable one (embedded on disk, or TEST_DATABASE_URL's server) for the restart test. */
    let durable: DurableStore | undefined;

    before(async () => {
      durable = store === 'database' ? durableTestStore() : undefined;
      gateway = await TestGateway.start({ store, captureLog: true, ...(durable ? { config: durable.config } : {}) });
      admin = gateway.admin();
    });
    after(async () => {
      await gateway.stop();
      durable?.dispose();
    });

    it('starts DISABLED with default options: log INFO / 30 days, nothing else set', async () => {
      expect(await status()).to.deep.equal({ enabled: false, readOnly: false, state: 'DISABLED' });
      expect(ok(await get('/api/sba/get')).json).to.deep.equal({
        log: { level: 'INFO', directory: 'log/sba', maxArchiveDays: 30 },
        fingerprint: { source: 'CUSTOM', value: '' },
      });
      expect(ok(await get('/api/sba/log/get')).json).to.deep.equal({
        level: 'INFO',
        directory: 'log/sba',
        maxArchiveDays: 30,
      });
      for (const path of [
        '/api/sba/privateKey/get',
        '/api/sba/certificate/get',
        '/api/sba/identity/get',
        '/api/sba/tenantId/get',
        '/api/sba/application/get',
        '/api/sba/ipAddress/get',
      ]) {
        expectError(await get(path), 404, undefined, { what: path });
      }
      expect(ok(await get('/api/sba/users/get')).json).to.have.length(12);
    });

    it('enable with missing parts ends in ERROR naming them; disable returns to DISABLED', async () => {
      ok(await putText('/api/sba/tenantId/set', '2f6c1a9e-1b7d-4c55-9f0e-3d2a8b7c6e10'));
      ok(await post('/api/sba/enable'));
      const failed = await status();
      expect(failed).to.include({ enabled: true, readOnly: false, state: 'ERROR' });
      expect(failed.stateReason).to.equal('missing: identity, application, secret, privateKey, certificate');
      expect(failed.lastSbaServiceStatusRequestState).to.deep.equal({
        executionTime: 'UTC 2026-03-01 08:00:00',
        responseStatus: {
          statusLine: 'HTTP/1.1 400 Bad Request',
          statusCode: 400,
          protocolVersion: { protocol: 'HTTP', major: 1, minor: 1 },
        },
      });
      expectError(await post('/api/sba/users/refresh'), 409, 'SBA_NOT_RUNNING');
      ok(await post('/api/sba/disable'));
      expect(await status())
        .to.include({ enabled: false, state: 'DISABLED' })
        .and.not.have.property('stateReason');
    });

    it('the setters store identity, application, address and secret; reads give them back, never the secret', async () => {
      expect(ok(await putText('/api/sba/identity/set', 'sba.example.test')).text).to.equal('sba.example.test');
      expect(ok(await putText('/api/sba/ipAddress/set', '192.0.2.10')).text).to.equal('192.0.2.10');
      expect(ok(await putText('/api/sba/application/set', 'c0ffee00-aaaa-4bbb-8ccc-123456789abc')).text).to.equal('');
      expect(ok(await putText('/api/sba/secret/set', SECRET)).text).to.equal('');
      expect(ok(await get('/api/sba/identity/get')).text).to.equal('sba.example.test');
      expect(ok(await get('/api/sba/ipAddress/get')).text).to.equal('192.0.2.10');
      expect(ok(await get('/api/sba/tenantId/get')).text).to.equal('2f6c1a9e-1b7d-4c55-9f0e-3d2a8b7c6e10');
      expect(ok(await get('/api/sba/application/get')).text).to.equal('c0ffee00-aaaa-4bbb-8ccc-123456789abc');
      const options = ok(await get('/api/sba/get')).json;
      expect(options).to.include({
        identity: 'sba.example.test',
        tenantId: '2f6c1a9e-1b7d-4c55-9f0e-3d2a8b7c6e10',
        application: 'c0ffee00-aaaa-4bbb-8ccc-123456789abc',
      });
      expect(options).to.not.have.property('secret');
    });

    it('refuses bad setter values with 400 naming the field, changing nothing', async () => {
      const before = ok(await get('/api/sba/get')).text;
      refused(await putText('/api/sba/ipAddress/set', '300.1.2.3'), 400, 'INVALID_SBA_OPTIONS', 'ipAddress');
      refused(await putText('/api/sba/identity/set', 'not a host name'), 400, 'INVALID_SBA_OPTIONS', 'identity');
      refused(await putText('/api/sba/tenantId/set', '   '), 400, 'INVALID_SBA_OPTIONS', 'tenantId');
      refused(await putText('/api/sba/application/set', 'x'.repeat(300)), 400, 'INVALID_SBA_OPTIONS', 'application');
      refused(
        await putJson('/api/sba/log/set', { maxArchiveDays: 0 }),
        400,
        'INVALID_SBA_OPTIONS',
        'log.maxArchiveDays',
      );
      refused(await putJson('/api/sba/log/set', { maxArchiveDays: '30' }), 400, undefined, 'maxArchiveDays');
      refused(await putJson('/api/sba/log/set', { level: 'LOUD' }), 400, undefined, 'level');
      refused(
        await putJson('/api/sba/fingerprint/set', { source: 'CUSTOM' }),
        400,
        'INVALID_SBA_OPTIONS',
        'fingerprint.value',
      );
      expectError(await putJson('/api/sba/fingerprint/set', { source: 'CERTIFICATE' }), 409, 'SBA_CERTIFICATE_MISSING');
      refused(
        await putJson('/api/sba/set', { identity: 'ok.example.test', log: { level: 'NOISY' } }),
        400,
        undefined,
        'log.level',
      );
      refused(
        await putJson('/api/sba/set', { identity: 'ok.example.test', tenantId: ' ' }),
        400,
        'INVALID_SBA_OPTIONS',
        'tenantId',
      );
      refused(await putJson('/api/sba/set', { nonsense: 1 }), 400, undefined, 'nonsense');
      refused(await admin.post('/api/sba/enable', { query: { node: 'x' } }), 400, 'UNKNOWN_QUERY_PARAMETER', 'node');
      expect(ok(await get('/api/sba/get')).text).to.equal(before);
      expect(ok(await get('/api/sba/ipAddress/get')).text).to.equal('192.0.2.10');
    });

    it('log and fingerprint: omitted log members take their defaults on write', async () => {
      expect(ok(await putJson('/api/sba/log/set', { level: 'DEBUG', maxArchiveDays: 7 })).json).to.deep.equal({
        level: 'DEBUG',
        directory: 'log/sba',
        maxArchiveDays: 7,
      });
      expect(ok(await putJson('/api/sba/log/set', { directory: '/var/log/sba' })).json).to.deep.equal({
        level: 'INFO',
        directory: '/var/log/sba',
        maxArchiveDays: 30,
      });
      expect(ok(await get('/api/sba/log/get')).json).to.deep.equal({
        level: 'INFO',
        directory: '/var/log/sba',
        maxArchiveDays: 30,
      });
      expect(ok(await putJson('/api/sba/fingerprint/set', { source: 'CUSTOM', value: 'AB:CD:EF' })).json).to.deep.equal(
        { source: 'CUSTOM', value: 'AB:CD:EF' },
      );
      expect(ok(await get('/api/sba/fingerprint/get')).json).to.deep.equal({ source: 'CUSTOM', value: 'AB:CD:EF' });
      const set = ok(
        await putJson('/api/sba/set', { log: { level: 'WARN' }, tenantId: '2f6c1a9e-1b7d-4c55-9f0e-3d2a8b7c6e10' }),
      ).json;
      expect(set.log).to.deep.equal({ level: 'WARN', directory: 'log/sba', maxArchiveDays: 30 });
      expect(set).to.not.have.property('certificate');
    });

    it('refuses garbage, a wrong password and a key that does not match the certificate, changing nothing', async () => {
      refused(
        await upload('/api/sba/privateKey/set', 'garbage.pem', 'not a key at all'),
        400,
        'SBA_FILE_INVALID',
        'file',
      );
      refused(
        await upload('/api/sba/certificate/set', 'garbage.bin', Buffer.from([0, 1, 2, 3])),
        400,
        'SBA_FILE_INVALID',
        'file',
      );
      const p12 = toPkcs12([sba.certificate], sba.privateKey, 'right-password');
      refused(
        await upload('/api/sba/certificate/set', 'sba.p12', p12, 'wrong-password'),
        400,
        'SBA_FILE_PASSWORD',
        'password',
      );
      refused(
        await upload('/api/sba/privateKey/set', 'mixed.pem', `${sba.certificate}${stranger.privateKey}`),
        400,
        'SBA_KEY_MISMATCH',
        'file',
      );
      refused(
        await upload('/api/sba/privateKey/set', 'cert-only.pem', sba.certificate),
        400,
        'SBA_KEY_FILE_INVALID',
        'file',
      );
      expectError(await get('/api/sba/privateKey/get'), 404);
      expectError(await get('/api/sba/certificate/get'), 404);
    });

    it('stores a PKCS#12 certificate with the query password, then refuses a key of another certificate', async () => {
      const p12 = toPkcs12([sba.certificate], undefined, 'right-password');
      const answer = ok(await upload('/api/sba/certificate/set', 'sba.p12', p12, 'right-password')).json;
      expect(answer.pem).to.contain(keyBody(sba.certificate));
      expect(ok(await get('/api/sba/certificate/get')).text).to.contain(keyBody(sba.certificate));
      expect(ok(await get('/api/sba/get')).json.certificate.pem).to.contain(keyBody(sba.certificate));
      refused(
        await upload('/api/sba/privateKey/set', 'stranger.key', stranger.privateKey),
        400,
        'SBA_KEY_MISMATCH',
        'file',
      );
      expectError(await get('/api/sba/privateKey/get'), 404);
    });

    it('complete parts: enable reaches RUNNING, users refresh, disable returns to DISABLED', async () => {
      const keyAnswer = ok(await upload('/api/sba/privateKey/set', 'sba.key', sba.privateKey)).json;
      expect(keyAnswer.pem).to.contain('BEGIN PUBLIC KEY');
      expect(ok(await get('/api/sba/privateKey/get')).text).to.contain(keyBody(sba.privateKey));
      expect(ok(await putJson('/api/sba/fingerprint/set', { source: 'CERTIFICATE' })).json.value).to.match(
        /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/,
      );
      gateway.clock.advance(60_000);
      ok(await post('/api/sba/enable'));
      const running = await status();
      expect(running).to.deep.equal({
        enabled: true,
        readOnly: false,
        state: 'RUNNING',
        lastSbaServiceStatusRequestState: {
          executionTime: 'UTC 2026-03-01 08:01:00',
          responseStatus: {
            statusLine: 'HTTP/1.1 200 OK',
            statusCode: 200,
            protocolVersion: { protocol: 'HTTP', major: 1, minor: 1 },
          },
        },
      });
      const before = ok(await get('/api/sba/users/get')).json as Array<Record<string, string>>;
      expect(before[0]).to.have.keys(
        'id',
        'displayName',
        'givenName',
        'surname',
        'userPrincipalName',
        'sipAddress',
        'phoneNumber',
        'department',
      );
      expect(before[0]!['sipAddress']).to.match(/^sip:[a-z]+\.[a-z]+@/);
      const refreshed = ok(await post('/api/sba/users/refresh')).json;
      expect(refreshed).to.not.deep.equal(before);
      expect(ok(await get('/api/sba/users/get')).json).to.deep.equal(refreshed);
      ok(await post('/api/sba/disable'));
      expect(await status()).to.include({ enabled: false, state: 'DISABLED' });
      ok(await post('/api/sba/disable'));
      expect(await status()).to.include({ enabled: false, state: 'DISABLED' });
    });

    it('replaces key and certificate together with one PKCS#12 file', async () => {
      const p12 = toPkcs12([stranger.certificate], stranger.privateKey, 'pw');
      ok(await upload('/api/sba/privateKey/set', 'stranger.p12', p12, 'pw'));
      expect(ok(await get('/api/sba/privateKey/get')).text).to.contain(keyBody(stranger.privateKey));
      expect(ok(await get('/api/sba/certificate/get')).text).to.contain(keyBody(stranger.certificate));
    });

    it('answers 403 to a user without Administration, changing nothing', async () => {
      await addRole(admin, 'sba_api_only', permissionsFor(['API', 'CFG-W']));
      await addLocalUser(admin, 'sbaviewer', 'Sba-Viewer-Pw-4471!', { roleIds: ['sba_api_only'] });
      const viewer = gateway.client('sbaviewer', 'Sba-Viewer-Pw-4471!');
      const before = await status();
      expectError(await viewer.post('/api/sba/enable'), 403, 'PERMISSION_DENIED');
      expectError(await viewer.get('/api/sba/privateKey/get'), 403, 'PERMISSION_DENIED');
      expectError(await viewer.put('/api/sba/secret/set', { text: 'x' }), 403, 'PERMISSION_DENIED');
      expect(await status()).to.deep.equal(before);
    });

    it("answers the options' version as ETag and honours If-Match on the option writes", async () => {
      const read = ok(await get('/api/sba/get'));
      const etag = read.headers.get('etag')!;
      expect(etag).to.match(/^"\d+"$/);
      expect(ok(await get('/api/sba/log/get')).headers.get('etag')).to.equal(etag);
      const saved = ok(
        record(
          '/api/sba/log/set',
          await admin.put('/api/sba/log/set', { json: { level: 'ERROR' }, headers: { 'if-match': etag } }),
        ),
      );
      expect(saved.headers.get('etag')).to.equal(`"${Number(etag.slice(1, -1)) + 1}"`);
      expectError(
        record(
          '/api/sba/set',
          await admin.put('/api/sba/set', { json: { tenantId: 'late' }, headers: { 'if-match': etag } }),
        ),
        409,
        'STALE_VERSION',
      );
      expectError(
        record(
          '/api/sba/fingerprint/set',
          await admin.put('/api/sba/fingerprint/set', {
            json: { source: 'CUSTOM', value: 'AA' },
            headers: { 'if-match': etag },
          }),
        ),
        409,
        'STALE_VERSION',
      );
      expect(ok(await get('/api/sba/tenantId/get')).text).to.equal('2f6c1a9e-1b7d-4c55-9f0e-3d2a8b7c6e10');
    });

    if (store === 'database') {
      it('keeps options, key, certificate and state over a restart', async () => {
        ok(await post('/api/sba/enable'));
        const options = ok(await get('/api/sba/get')).json;
        const status = ok(await get('/api/sba/status/get', 1)).json;
        const key = ok(await get('/api/sba/privateKey/get')).text;
        const log = gateway.logText;
        await gateway.stop();
        gateway = await TestGateway.start({
          store,
          keepData: true,
          captureLog: true,
          clock: gateway.clock,
          config: durable!.config,
        });
        admin = gateway.admin();
        expect(ok(await get('/api/sba/get')).json).to.deep.equal(options);
        expect(ok(await get('/api/sba/status/get', 1)).json).to.deep.equal(status);
        expect(status.state).to.equal('RUNNING');
        expect(ok(await get('/api/sba/privateKey/get')).text).to.equal(key);
        ok(await post('/api/sba/disable'));
        expect(log).to.not.contain(SECRET);
      });
    }

    it('never logged the secret or a private key', () => {
      expect(gateway.logText).to.not.equal('');
      expect(gateway.logText).to.not.contain(SECRET);
      expect(gateway.logText).to.not.contain(keyBody(sba.privateKey));
      expect(gateway.logText).to.not.contain(keyBody(stranger.privateKey));
    });

    it('never answered the secret, and only privateKey/get the private key', () => {
      expect(answers.length).to.be.greaterThan(40);
      for (const { what, text } of answers) {
        expect(text, what).to.not.contain(SECRET);
        if (what !== '/api/sba/privateKey/get') {
          expect(text, what).to.not.contain(keyBody(sba.privateKey));
          expect(text, what).to.not.contain(keyBody(stranger.privateKey));
        }
      }
      expect(
        answers.some((a) => a.what === '/api/sba/privateKey/get' && a.text.includes(keyBody(sba.privateKey))),
      ).to.equal(true);
    });
  });
}
