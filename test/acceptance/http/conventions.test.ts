import 'reflect-metadata';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { answerClientError } from '../../../src/app/http/clientError.js';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { injectable } from 'inversify';
import { buildContainer } from '../../../src/app/container.js';
import { createHttpApp, requestListener } from '../../../src/app/http/HttpApp.js';
import {
  operation,
  type OperationDefinition,
  type OperationRequest,
} from '../../../src/shared/interface/http/Operation.js';
import { Reply } from '../../../src/shared/interface/http/Reply.js';
import { OPERATIONS } from '../../../src/app/operations.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { NO_PERMISSIONS, type PermissionSet } from '../../../src/shared/domain/Permission.js';
import { Authenticator } from '../../../src/shared/application/Authenticator.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { ApiClient, ResponseSchemas } from '../../support/ApiClient.js';
import { expectError, readResponse } from '../../support/expectError.js';
import { rawRequest } from '../../support/rawRequest.js';
import { VersionView } from '../../../src/contexts/monitoring/version/interface/http/VersionView.js';
import { FixedAuthenticator } from '../../support/FixedAuthenticator.js';
import { SilentLogger } from '../../support/SilentLogger.js';
import { testConfig } from '../../support/testConfig.js';

const ALL: PermissionSet = {
  api: 'ACCESS',
  userInterface: 'ACCESS',
  tracing: 'ACCESS',
  administration: 'ACCESS',
  mediaRecording: 'ACCESS',
  configurationMode: 'READ_WRITE_ACCESS',
  userManagement: 'READ_WRITE_ACCESS',
  monitoringMode: 'READ_WRITE_ACCESS',
  webServer: 'READ_WRITE_ACCESS',
  backends: 'READ_WRITE_ACCESS',
};

/** Echoes what the adapter handed over, so each body kind and query accessor can be observed. */
@injectable()
class EchoController {
  async echo(request: OperationRequest) {
    return {
      body: request.body,
      file: request.file && {
        name: request.file.filename,
        size: request.file.content.length,
        text: request.file.content.toString('utf8'),
      },
    };
  }
  async text() {
    return Reply.text('Node enabled');
  }
  async empty() {
    return Reply.empty();
  }
  async download() {
    return Reply.file(Buffer.from('content'), 'Konfiguration für €uro "x".xzconfig');
  }
  async fail() {
    throw new Error('boom: internal detail that must not leak');
  }
  async conflict() {
    throw DomainError.conflict('STILL_REFERENCED', 'object is referenced');
  }
  calls = 0;
  async count() {
    this.calls += 1;
    return { calls: this.calls };
  }
  async shaped() {
    return { core: { versionMajor: 1, versionMinor: 2, versionRelease: 3 } };
  }
  async misshaped() {
    return { core: { versionMajor: 'one' } };
  }
  async query(request: OperationRequest) {
    return {
      flag: request.query.optionalBoolean('flag'),
      count: request.query.optionalInteger('count', 0, 10),
      date: request.dates.render(new Date(Date.UTC(2024, 3, 26, 12, 52, 46))),
    };
  }
}

const area = 'test';
const base = { area, version: 0, permissions: ['API'] as const, summary: 'test', controller: EchoController };
const TEST_OPERATIONS: OperationDefinition[] = [
  operation({ ...base, method: 'POST', path: '/api/test/json', body: 'json', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'PUT', path: '/api/test/text', body: 'text', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'POST', path: '/api/test/form', body: 'form', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'PUT', path: '/api/test/file', body: 'multipart', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'DELETE', path: '/api/test/json', body: 'json', handle: (c, r) => c.echo(r) }),
  operation({ ...base, method: 'GET', path: '/api/test/text-reply', body: 'none', handle: (c) => c.text() }),
  operation({ ...base, method: 'GET', path: '/api/test/empty', body: 'none', handle: (c) => c.empty() }),
  operation({ ...base, method: 'GET', path: '/api/test/fail', body: 'none', handle: (c) => c.fail() }),
  operation({ ...base, method: 'GET', path: '/api/test/download', body: 'none', handle: (c) => c.download() }),
  operation({ ...base, method: 'GET', path: '/api/test/conflict', body: 'none', handle: (c) => c.conflict() }),
  operation({ ...base, method: 'GET', path: '/api/test/query', body: 'none', handle: (c, r) => c.query(r) }),
  operation({ ...base, method: 'GET', path: '/api/test/v2', version: 2, body: 'none', handle: (c) => c.text() }),
  operation({ ...base, method: 'POST', path: '/api/test/count', body: 'none', handle: (c) => c.count() }),
  operation({
    ...base,
    method: 'GET',
    path: '/api/test/shaped',
    body: 'none',
    response: { kind: 'json', shape: VersionView },
    handle: (c) => c.shaped(),
  }),
  operation({
    ...base,
    method: 'GET',
    path: '/api/test/misshaped',
    body: 'none',
    response: { kind: 'json', shape: VersionView },
    handle: (c) => c.misshaped(),
  }),
  operation({
    ...base,
    method: 'GET',
    path: '/api/test/admin',
    permissions: ['API', 'ADM', 'CFG-W'],
    body: 'none',
    handle: (c) => c.text(),
  }),
];

describe('HTTP conventions of the operation table', () => {
  let server: Server;
  let api: ApiClient;
  let anonymous: ApiClient;

  before(async () => {
    const config = testConfig({ bodyLimits: { json: 2048, text: 256, form: 2048, file: 4096 } });
    const container = buildContainer({
      config,
      logger: new SilentLogger(),
      dataSource: undefined,
      embedded: false,
      clock: new ManualClock(),
    });
    const authenticator = new FixedAuthenticator({
      tester: { password: 'pw', permissions: ALL },
      limited: { password: 'pw', permissions: { ...NO_PERMISSIONS, api: 'ACCESS' } },
    });
    if (container.isBound(Authenticator)) container.rebind(Authenticator).toConstantValue(authenticator);
    else container.bind(Authenticator).toConstantValue(authenticator);
    container.bind(EchoController).toSelf();
    const app = createHttpApp(container, [...TEST_OPERATIONS, ...OPERATIONS]);
    server = createServer(requestListener(app));
    server.on('clientError', answerClientError); // as HttpListener does for the real server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ResponseSchemas.forget(baseUrl);
    api = new ApiClient(baseUrl, { username: 'tester', password: 'pw' });
    anonymous = new ApiClient(baseUrl);
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  describe('hostile input at the edge', () => {
    const json = (body: string) => ({ body, headers: { 'content-type': 'application/json' } });

    it('refuses malformed JSON as MALFORMED_JSON naming line and column', async () => {
      const response = await api.post('/api/test/json', json('{\n  "a": 1,\n  "b": tru\n}'));
      expectError(response, 400, 'MALFORMED_JSON');
      expect(response.json.error.message).to.contain('line 3, column');
    });

    it('refuses nesting deeper than the limit with a 400 naming the field path', async () => {
      const response = await api.post('/api/test/json', json(`{"a": {"b": [${'['.repeat(900)}${']'.repeat(900)}]}}`));
      expectError(response, 400, 'JSON_TOO_DEEP');
      expect(response.json.error.details[0].field).to.match(/^a\.b\[0\]\[0\]/);
    });

    it('refuses a lone surrogate in a JSON value or key, a raw text value, a form field and a query parameter, naming the field', async () => {
      const inValue = await api.post('/api/test/json', json('{"name": "a\\ud800b"}'));
      expectError(inValue, 400, 'LONE_SURROGATE');
      expect(inValue.json.error.details[0].field).to.equal('name');
      expectError(await api.post('/api/test/json', json('{"k\\udc00": 1}')), 400, 'LONE_SURROGATE');
      expectError(await api.put('/api/test/text', json('"a\\ud800b"')), 400, 'LONE_SURROGATE');
      expectError(
        await api.put('/api/test/text', {
          body: Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]),
          headers: { 'content-type': 'text/plain' },
        }),
        400,
        'MALFORMED_ENCODING',
      );
      const form = await api.post('/api/test/form', {
        body: 'name=a%ED%A0%80b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectError(form, 400, 'MALFORMED_ENCODING');
      expect(form.json.error.details[0].field).to.equal('name');
      const query = await readResponse(
        await fetch(`${api.baseUrl}/api/test/query?version=0&flag=a%ED%A0%80b`, {
          headers: { authorization: `Basic ${Buffer.from('tester:pw').toString('base64')}` },
        }),
      );
      expectError(query, 400, 'MALFORMED_ENCODING');
      expect(query.json.error.details[0].field).to.equal("the query parameter 'flag'");
    });

    it('reads a body sent to a body-less write before acting: a broken chunked body is refused and nothing acts', async () => {
      const before = (await api.post('/api/test/count')).json.calls as number;
      const answer = await rawRequest(
        api.baseUrl,
        [
          'POST /api/test/count?version=0 HTTP/1.1',
          'Host: x',
          `Authorization: Basic ${Buffer.from('tester:pw').toString('base64')}`,
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
          '',
          '5',
          '{"a":',
          'zz',
          'oops',
          '0',
          '',
          '',
        ].join('\r\n'),
      );
      expect(answer.raw).to.match(/^HTTP\/1\.1 400/);
      expectError(answer, 400, 'BODY_UNREADABLE');
      expect((await api.post('/api/test/count')).json.calls, 'the broken request did not act').to.equal(before + 1);
      const whole = await api.post('/api/test/count', { json: { ignored: true } });
      expect(whole.json.calls, 'a whole body is read, ignored, and the operation acts').to.equal(before + 2);
      expectError(await api.post('/api/test/count', { body: 'x'.repeat(70 * 1024) }), 413, 'BODY_TOO_LARGE');
    });

    it('checks a JSON answer against its schema in /openapi.json in the acceptance client', async () => {
      expect((await api.get('/api/test/shaped')).status).to.equal(200);
      let failure: unknown;
      try {
        await api.get('/api/test/misshaped');
      } catch (error) {
        failure = error;
      }
      expect(String(failure)).to.contain('does not match its schema').and.contain('versionMajor');
      expect((await api.get('/api/test/misshaped', { checkSchema: false })).status).to.equal(200);
    });
  });

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

  describe('bodies', () => {
    it('hands a JSON body over as parsed', async () => {
      const response = await api.post('/api/test/json', { json: { a: [1, 'x', null] } });
      expect(response.status).to.equal(200);
      expect(response.json.body).to.deep.equal({ a: [1, 'x', null] });
    });

    it('parses JSON bodies of DELETE operations too', async () => {
      const response = await api.delete('/api/test/json', { json: ['id-1', 'id-2'] });
      expect(response.json.body).to.deep.equal(['id-1', 'id-2']);
    });

    it('refuses malformed JSON with a 400 in the error shape', async () => {
      for (const bad of ['{', '{"a":}', "{'a':1}", 'nul']) {
        expectError(
          await api.post('/api/test/json', { body: bad, headers: { 'content-type': 'application/json' } }),
          400,
        );
      }
    });

    it('refuses a missing JSON body with 400 and the wrong media type with 415', async () => {
      expectError(await api.post('/api/test/json'), 400, 'BODY_REQUIRED');
      expectError(await api.post('/api/test/json', { text: '{"a":1}' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectError(await api.post('/api/test/form', { json: { a: 1 } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('refuses a body that is not what its Content-Encoding claims with 400', async () => {
      expectError(
        await api.post('/api/test/json', {
          body: 'not gzip at all',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        }),
        400,
        'BODY_UNREADABLE',
      );
      expectError(
        await api.post('/api/test/json', {
          body: '{}',
          headers: { 'content-type': 'application/json', 'content-encoding': 'snappy' },
        }),
        415,
      );
    });

    it('refuses a body that is not the brotli stream its Content-Encoding claims with 400, not 500', async () => {
      for (const body of ['{"modeActive":true}', 'garbage-not-brotli-at-all-0123456789']) {
        expectError(
          await api.post('/api/test/json', {
            body,
            headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
          }),
          400,
          'BODY_UNREADABLE',
        );
      }
    });

    it('refuses bodies beyond the limit of their kind with 413', async () => {
      expectError(await api.post('/api/test/json', { json: { big: 'x'.repeat(4096) } }), 413, 'BODY_TOO_LARGE');
      expectError(await api.put('/api/test/text', { text: 'y'.repeat(1024) }), 413, 'BODY_TOO_LARGE');
      const big = await api.put('/api/test/file', { file: { name: 'big.bin', content: Buffer.alloc(8192, 1) } });
      expect(big.status).to.equal(413);
      expectError(big, 413);
    });

    it('takes a raw single value as trimmed text, with or without a content type, or as a JSON string', async () => {
      expect((await api.put('/api/test/text', { text: ' 10.0.0.1\n' })).json.body).to.equal('10.0.0.1');
      expect((await api.put('/api/test/text', { body: '5060' })).json.body).to.equal('5060');
      expect(
        (
          await api.put('/api/test/text', {
            body: '"sba.example.com"',
            headers: { 'content-type': 'application/json' },
          })
        ).json.body,
      ).to.equal('sba.example.com');
      expect(
        (
          await api.put('/api/test/text', {
            body: 'host.example',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).json.body,
      ).to.equal('host.example');
    });

    it('hands url-encoded forms over as records of strings', async () => {
      const response = await api.post('/api/test/form', {
        form: { filterCount: '10', template: '<#list sessions as s>${s}</#list>' },
      });
      expect(response.json.body).to.deep.equal({ filterCount: '10', template: '<#list sessions as s>${s}</#list>' });
    });

    it("hands the multipart part named 'file' over and refuses an upload without it", async () => {
      const response = await api.put('/api/test/file', { file: { name: 'config.xzconfig', content: 'hello' } });
      expect(response.json.file).to.deep.equal({ name: 'config.xzconfig', size: 5, text: 'hello' });
      const form = new FormData();
      form.set('other', 'x');
      const missing = await fetch(new URL('/api/test/file?version=0', api.baseUrl), {
        method: 'PUT',
        body: form,
        headers: { authorization: `Basic ${Buffer.from('tester:pw').toString('base64')}` },
      });
      expectError(await readResponse(missing), 400, 'FILE_REQUIRED');
    });
  });

  describe('uploads', () => {
    it('leaves no uploaded content behind in the temporary directory when an upload is refused', async () => {
      const marker = `gwsim-leak-probe-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      for (let i = 0; i < 3; i += 1) {
        const form = new FormData();
        form.append('file', new Blob([`${marker} first`]), 'a.xzconfig');
        form.append('file', new Blob([`${marker} second`]), 'b.xzconfig');
        const refused = await fetch(new URL('/api/test/file?version=0', api.baseUrl), {
          method: 'PUT',
          body: form,
          headers: { authorization: `Basic ${Buffer.from('tester:pw').toString('base64')}` },
        });
        expectError(await readResponse(refused), 400, 'ONE_FILE_ONLY');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const leftovers = readdirSync(tmpdir()).filter((name) => {
        try {
          const file = path.join(tmpdir(), name);
          return statSync(file).isFile() && statSync(file).size < 200 && readFileSync(file, 'utf8').includes(marker);
        } catch {
          return false;
        }
      });
      expect(leftovers).to.deep.equal([]);
    });
  });

  describe('replies', () => {
    it('sends text replies as text/plain and empty replies as an empty 200', async () => {
      const text = await api.get('/api/test/text-reply');
      expect(text.status).to.equal(200);
      expect(text.headers.get('content-type')).to.match(/^text\/plain/);
      expect(text.text).to.equal('Node enabled');
      const empty = await api.get('/api/test/empty');
      expect(empty.status).to.equal(200);
      expect(empty.text).to.equal('');
    });

    it('sends files as attachments with an ASCII filename and the full name in filename*', async () => {
      const response = await api.get('/api/test/download');
      expect(response.status).to.equal(200);
      expect(response.text).to.equal('content');
      const disposition = response.headers.get('content-disposition')!;
      expect(disposition).to.contain('attachment; filename="Konfiguration f_r _uro _x_.xzconfig"');
      expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).to.equal(
        'Konfiguration für €uro "x".xzconfig',
      );
    });

    it('maps domain errors through the status table', async () => {
      expectError(await api.get('/api/test/conflict'), 409, 'STILL_REFERENCED');
    });

    it('answers an unexpected failure with a 500 that leaks no internals', async () => {
      const response = await api.get('/api/test/fail');
      expectError(response, 500, 'INTERNAL_ERROR');
      expect(response.text).to.not.contain('boom');
    });

    it('renders dates as UTC yyyy-mm-dd hh:mm:ss by default and as ISO-8601 on request', async () => {
      expect((await api.get('/api/test/query')).json.date).to.equal('UTC 2024-04-26 12:52:46');
      expect((await api.get('/api/test/query', { query: { dateFormat: 'ISO-8601' } })).json.date).to.equal(
        '2024-04-26T12:52:46.000Z',
      );
      expectError(
        await api.get('/api/test/query', { query: { dateFormat: 'GERMAN' } }),
        400,
        'INVALID_QUERY_PARAMETER',
      );
    });

    it('refuses malformed typed query parameters with a 400 naming the parameter', async () => {
      const flag = await api.get('/api/test/query', { query: { flag: 'yes' } });
      expectError(flag, 400, 'INVALID_QUERY_PARAMETER');
      expect(flag.json.error.details[0].field).to.equal('flag');
      expectError(await api.get('/api/test/query', { query: { count: '11' } }), 400);
      expect((await api.get('/api/test/query', { query: { flag: 'TRUE', count: '3' } })).json).to.include({
        flag: true,
        count: 3,
      });
    });
  });

  describe('routing', () => {
    it('answers unknown paths with 404 in the error shape', async () => {
      expectError(await api.get('/api/nothing/here'), 404, 'NO_SUCH_OPERATION');
      expectError(await anonymous.get('/'), 404, 'NO_SUCH_OPERATION');
    });

    it('answers a known path with the wrong method with 405 and an Allow header', async () => {
      const response = await api.get('/api/test/json');
      expectError(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.get('allow')).to.equal('POST, DELETE');
    });

    it('gives every response a request id, taking a sane incoming X-Request-Id', async () => {
      const own = await api.get('/api/test/text-reply', { headers: { 'x-request-id': 'trace-42' } });
      expect(own.headers.get('x-request-id')).to.equal('trace-42');
      const generated = await api.get('/api/nothing', { headers: { 'x-request-id': 'bad id with spaces' } });
      expect(generated.json.error.requestId).to.match(/^[0-9a-f-]{36}$/);
      expect(generated.headers.get('x-request-id')).to.equal(generated.json.error.requestId);
    });
  });
});
