import type { Server } from 'node:http';
import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { expectError, readResponse } from '../../support/expectError.js';
import { rawRequest } from '../../support/rawRequest.js';
import { closeServer, startConventionsServer } from './conventionsSupport.js';

describe('HTTP conventions of the operation table', () => {
  let server: Server;
  let api: ApiClient;

  before(async () => {
    ({ server, api } = await startConventionsServer());
  });

  after(() => closeServer(server));

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
      // the switch itself: without the check, the same answer comes back
      expect((await api.get('/api/test/misshaped', { checkSchema: false })).status).to.equal(200);
    });
  });
});
