import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, GatewayError, isGatewayError, Session } from '../src/index.js';

/** A tiny operation table, written as the generator writes one. */
interface TestOperations {
  'GET /api/things/get': { query: { kind?: 'a' | 'b'; tag?: string[] }; body: {}; result: Array<{ id: string }> };
  'POST /api/things/add': { query: {}; body: { json: { name: string } }; result: { id: string } };
  'PUT /api/things/rename': { query: { thing: string }; body: { text: string }; result: string };
  'DELETE /api/things/remove': { query: { thing: string }; body: {}; result: void };
  'GET /api/things/export': {
    query: {};
    body: {};
    result: { filename: string | undefined; contentType: string; content: Uint8Array };
  };
  'PUT /api/things/import': {
    query: {};
    body: { file: { name: string; content: string | Uint8Array | Blob } };
    result: string;
  };
  'GET /_sim/health': { query: {}; body: {}; result: { status: string } };
}
const VERSIONS = {
  'GET /api/things/get': 2,
  'POST /api/things/add': 0,
  'PUT /api/things/rename': 1,
  'DELETE /api/things/remove': 0,
  'GET /api/things/export': 0,
  'PUT /api/things/import': 0,
  'GET /_sim/health': null,
} as const;

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  cookie?: string;
  contentType?: string;
  body: string;
}

const BASIC = `Basic ${Buffer.from('alice:pw:with:colons').toString('base64')}`;

/** A stand-in gateway: Basic alice/pw:with:colons opens session S1; a cookie named in `expired` is refused. */
function fakeGateway(seen: Seen[], expired: Set<string>): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('latin1');
    });
    request.on('end', () => {
      seen.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        cookie: request.headers.cookie,
        contentType: request.headers['content-type'],
        body,
      });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        response.end(JSON.stringify(value));
      };
      const cookie = /JSESSIONID=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
      const url = new URL(request.url!, 'http://x');
      if (url.pathname === '/_sim/health') return json(200, { status: 'up' });
      if (url.pathname === '/api/things/broken') {
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<h1>Bad gateway</h1>');
      }
      let sessionSet = false;
      if (request.headers.authorization) {
        if (request.headers.authorization !== BASIC)
          return json(
            401,
            {
              error: {
                status: 401,
                code: 'INVALID_CREDENTIALS',
                message: 'wrong username or password',
                details: [],
                requestId: 'r1',
              },
            },
            { 'retry-after': '3' },
          );
        sessionSet = true;
      } else if (!cookie || expired.has(cookie)) {
        return json(401, {
          error: {
            status: 401,
            code: cookie ? 'SESSION_EXPIRED' : 'AUTHENTICATION_REQUIRED',
            message: 'authenticate',
            details: [],
            requestId: 'r2',
          },
        });
      }
      if (sessionSet) response.setHeader('Set-Cookie', `JSESSIONID=S${seen.length}; path=/; httponly`);
      switch (`${request.method} ${url.pathname}`) {
        case 'GET /api/things/get':
          return json(200, [{ id: url.searchParams.getAll('tag').join('+') || 'none' }]);
        case 'POST /api/things/add':
          return json(200, { id: JSON.parse(body).name });
        case 'PUT /api/things/rename':
          if (!url.searchParams.get('thing'))
            return json(400, {
              error: {
                status: 400,
                code: 'VALIDATION_FAILED',
                message: 'thing is required',
                details: [{ field: 'thing', rule: 'required', message: 'is required' }],
                requestId: 'r3',
              },
            });
          response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          return response.end(`renamed to ${body}`);
        case 'DELETE /api/things/remove':
          response.writeHead(200);
          return response.end();
        case 'GET /api/things/export':
          response.writeHead(200, {
            'content-type': 'application/gzip',
            'content-disposition': 'attachment; filename="things.xz"',
          });
          return response.end(Buffer.from([1, 2, 3]));
        case 'PUT /api/things/import':
          response.writeHead(200, { 'content-type': 'text/plain' });
          return response.end(/filename="([^"]+)"/.exec(body)?.[1] ?? 'no file');
        default:
          return json(404, {
            error: { status: 404, code: 'NO_SUCH_OPERATION', message: 'no', details: [], requestId: 'r4' },
          });
      }
    });
  });
}

describe('ApiClient and Session', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  const expired = new Set<string>();
  before(async () => {
    server = fakeGateway(seen, expired);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    expired.clear();
  });

  const client = (options: Partial<ConstructorParameters<typeof Session>[0]> = {}) =>
    new ApiClient<TestOperations>(
      new Session({ baseUrl: base, username: 'alice', password: 'pw:with:colons', ...options }),
      VERSIONS,
    );

  it("fills in each operation's version, repeats array parameters and leaves out undefined ones", async () => {
    const api = client();
    expect(await api.get('/api/things/get', { query: { tag: ['x', 'y'], kind: undefined } })).to.deep.equal([
      { id: 'x+y' },
    ]);
    expect(seen[0]!.url).to.equal('/api/things/get?version=2&tag=x&tag=y');
    await api.delete('/api/things/remove', { query: { thing: 't' } });
    expect(seen[1]!.url).to.equal('/api/things/remove?version=0&thing=t');
  });

  it('sends Basic credentials first, then only the JSESSIONID cookie it was given', async () => {
    const api = client();
    await api.get('/api/things/get');
    await api.get('/api/things/get');
    expect(seen.map((s) => [s.authorization, s.cookie])).to.deep.equal([
      [BASIC, undefined],
      [undefined, 'JSESSIONID=S1'],
    ]);
  });

  it('logs in again with Basic once when the session has ended, and sends the body again', async () => {
    const session = new Session({ baseUrl: base, username: 'alice', password: 'pw:with:colons', sessionId: 'OLD' });
    const api = new ApiClient<TestOperations>(session, VERSIONS);
    expired.add('OLD');
    expect(await api.post('/api/things/add', { json: { name: 'n1' } })).to.deep.equal({ id: 'n1' });
    expect(seen.map((s) => [s.authorization, s.cookie, s.body])).to.deep.equal([
      [undefined, 'JSESSIONID=OLD', '{"name":"n1"}'],
      [BASIC, undefined, '{"name":"n1"}'],
    ]);
    expect(session.sessionId).to.equal('S2');
  });

  it('sends Basic on every request when asked', async () => {
    const api = client({ basicOnEveryRequest: true });
    await api.get('/api/things/get');
    await api.get('/api/things/get');
    expect(seen.map((s) => s.authorization)).to.deep.equal([BASIC, BASIC]);
  });

  it('reads JSON, text, empty and file answers, and sends JSON, text and file bodies', async () => {
    const api = client();
    expect(await api.post('/api/things/add', { json: { name: 'thing' } })).to.deep.equal({ id: 'thing' });
    expect(seen[0]!.contentType).to.equal('application/json');
    expect(await api.put('/api/things/rename', { query: { thing: 't' }, text: 'new' })).to.equal('renamed to new');
    expect(seen[1]!.contentType).to.match(/^text\/plain/);
    expect(await api.delete('/api/things/remove', { query: { thing: 't' } })).to.equal(undefined);
    const file = await api.get('/api/things/export');
    expect(file.filename).to.equal('things.xz');
    expect(file.contentType).to.equal('application/gzip');
    expect([...file.content]).to.deep.equal([1, 2, 3]);
    expect(await api.put('/api/things/import', { file: { name: 'backup.xzconfig', content: 'data' } })).to.equal(
      'backup.xzconfig',
    );
    expect(seen.at(-1)!.contentType).to.match(/^multipart\/form-data; boundary=/);
    expect((await api.send('GET', '/_sim/health')).status).to.equal(200);
    expect(seen.at(-1)!.url).to.equal('/_sim/health');
  });

  it('throws a GatewayError with the code, details, request id and Retry-After of the error answer', async () => {
    const wrong = new ApiClient<TestOperations>(
      new Session({ baseUrl: base, username: 'alice', password: 'nope' }),
      VERSIONS,
    );
    const refused = await wrong.get('/api/things/get').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isGatewayError(refused, 'INVALID_CREDENTIALS')).to.equal(true);
    expect(refused).to.include({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      requestId: 'r1',
      retryAfterSeconds: 3,
      operation: 'GET /api/things/get',
    });
    const invalid = (await client()
      .put('/api/things/rename', { query: { thing: '' }, text: 'x' })
      .then(
        () => undefined,
        (error: unknown) => error,
      )) as GatewayError;
    expect(invalid.detail('thing')).to.deep.equal({ field: 'thing', rule: 'required', message: 'is required' });
    expect(isGatewayError(invalid, 'STALE_VERSION')).to.equal(false);
    expect(invalid.message).to.equal('PUT /api/things/rename: 400 VALIDATION_FAILED: thing is required');
  });

  it('reports an answer outside the error shape as HTTP_<status>, and refuses operations outside its table', async () => {
    const api = client() as unknown as ApiClient<{
      'GET /api/things/broken': { query: {}; body: {}; result: unknown };
    }>;
    const broken = new ApiClient<{ 'GET /api/things/broken': { query: {}; body: {}; result: unknown } }>(
      new Session({ baseUrl: base }),
      { 'GET /api/things/broken': 0 },
    );
    const error = (await broken.get('/api/things/broken').then(
      () => undefined,
      (e: unknown) => e,
    )) as GatewayError;
    expect(error).to.include({ status: 502, code: 'HTTP_502' });
    const outside = await api.send('GET', '/api/things/broken' as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(outside).to.be.instanceOf(TypeError);
    expect((outside as Error).message).to.match(/not an operation/);
  });
});
