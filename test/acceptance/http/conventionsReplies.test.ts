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
