import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { expectError, readResponse } from '../../support/expectError.js';
import { closeServer, startConventionsServer } from './conventionsSupport.js';

describe('HTTP conventions of the operation table', () => {
  let server: Server;
  let api: ApiClient;

  before(async () => {
    ({ server, api } = await startConventionsServer());
  });

  after(() => closeServer(server));

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
});
