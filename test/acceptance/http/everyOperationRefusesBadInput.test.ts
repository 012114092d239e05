import { expect } from 'chai';
import { OPERATIONS } from '../../../src/app/operations.js';
import type { OperationDefinition } from '../../../src/shared/interface/http/Operation.js';
import { basic, type ApiClient, type ApiResponse } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { rawRequest } from '../../support/rawRequest.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { TestGateway } from '../../support/TestGateway.js';

/**
 * Bad input, tried on every operation of the table: each must answer a 4xx in the one error shape, never a
 * 500 or a hang, and leave the stored state as it was.
 */
const NO_ACCESS_ROLE = {
  id: 'nothing_at_all',
  displayName: 'Nothing at all',
  permissions: {
    api: 'NO_ACCESS',
    userInterface: 'NO_ACCESS',
    tracing: 'NO_ACCESS',
    administration: 'NO_ACCESS',
    mediaRecording: 'NO_ACCESS',
    configurationMode: 'NO_ACCESS',
    userManagement: 'NO_ACCESS',
    monitoringMode: 'NO_ACCESS',
    webServer: 'NO_ACCESS',
    backends: 'NO_ACCESS',
  },
};
const POWERLESS = { username: 'powerless', password: 'Powerless-Pw-739!' };

/** Query parameters the operations of the specification take, set to values that name nothing. */
const JUNK_QUERY: Record<string, string> = {
  id: '00000000-0000-4000-8000-00000000dead',
  user: 'no-such-user',
  role: 'no-such-role',
  node: 'no-such-node',
  routingDomain: 'no-such-domain',
  transportConnection: 'no-such-connection',
  requestRouter: 'no-such-router',
  dialStringRewriting: 'no-such-rewriting',
  identifier: 'no-such-connector',
  sort: 'NOT_A_SORT',
  objectType: 'notAType',
  product: 'kernel',
  value: 'gpu',
  completeData: 'perhaps',
  force: 'maybe',
  commitProtection: 'sometimes',
  includePrivateData: 'unsure',
  action: 'EXPLODE',
  mode: 'sideways',
  profile: 'no-such-profile',
  filterSessionIdentifier: 'no-such-session',
  resultFormat: 'mp3',
  file: '../../etc/passwd',
  displayName: '',
  oldPassword: 'x',
  newPassword: 'y',
  passwordChange: 'SOMETIMES',
  dateFormat: 'JULIAN',
};

/** Query parameters that name an object of the configuration (by id or display name), and ids that name none. */
const OBJECT_PARAMETERS = [
  'id',
  'node',
  'routingDomain',
  'transportConnection',
  'requestRouter',
  'dialStringRewriting',
  'identifier',
];
const UNKNOWN_IDS = ['00000000-0000-4000-8000-00000000dead', '00000000000040008000000000000dea'];
/** Valid values of the other query parameters, so that only the unknown object is wrong. */
const VALID_QUERY: Record<string, string> = {
  mode: 'establishment',
  force: 'false',
  completeData: 'false',
  objectType: 'sipNode',
  sort: 'TELSIP_STACK',
};

/** Hostile JSON bodies: each must be refused at the edge by every operation taking JSON, with this code. */
const DEEP = `{"roleIds": [${'['.repeat(10_000)}${']'.repeat(10_000)}], "localPassword": "Hostile-Secret-Pw-1", "permissions": {"api": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}}`;
const MANY_KEYS = JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])));
const HOSTILE_JSON: ReadonlyArray<readonly [string, string, string]> = [
  ['a value nested 10,000 deep', DEEP, 'JSON_TOO_DEEP'],
  ['50,000 unknown keys', MANY_KEYS, 'TOO_MANY_KEYS'],
  [
    'a lone surrogate in a value',
    '{"displayName": "a\\ud800b", "id": "x\\udc00", "bindPassword": "Hostile-Secret-Pw-1"}',
    'LONE_SURROGATE',
  ],
  ['a lone surrogate in a key', '{"disp\\ud800layName": "x"}', 'LONE_SURROGATE'],
  ['malformed JSON', '{"displayName": "x",\n "enabled": tru }', 'MALFORMED_JSON'],
];
const SECRETS = ['Hostile-Secret-Pw-1', POWERLESS.password, ADMIN_PASSWORD];

/** Reads whose answers legitimately change between two calls. */
const VOLATILE = new Set(['/api/resources/get']);

function label(op: OperationDefinition): string {
  return `${op.method} ${op.path}`;
}

async function call(
  client: ApiClient,
  op: OperationDefinition,
  options: Parameters<ApiClient['request']>[2] = {},
): Promise<ApiResponse> {
  return client.request(op.method, op.path, { version: op.version, ...options });
}

async function snapshotOfReads(admin: ApiClient): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const op of OPERATIONS.filter((o) => o.method === 'GET' && o.body === 'none' && !VOLATILE.has(o.path))) {
    const response = await call(admin, op);
    if (response.json?.error) delete response.json.error.requestId;
    const body = response.json === undefined ? response.text : JSON.stringify(response.json);
    snapshot[label(op)] = `${response.status} ${response.headers.get('content-type')} ${body}`;
  }
  return snapshot;
}

describe('every operation refuses bad input', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let powerless: ApiClient;
  let readsBefore: Record<string, string>;

  before(async () => {
    gateway = await TestGateway.start({ captureLog: true });
    admin = gateway.admin();
    expect((await admin.put('/api/roles/add', { json: NO_ACCESS_ROLE })).status).to.equal(200);
    const created = await admin.post('/api/users/add', {
      json: {
        displayName: POWERLESS.username,
        loginLocally: true,
        localUsername: POWERLESS.username,
        localPassword: POWERLESS.password,
        roleIds: [NO_ACCESS_ROLE.id],
        enabled: true,
        ldapLogin: false,
      },
    });
    expect(created.status, created.text).to.equal(200);
    powerless = gateway.client(POWERLESS.username, POWERLESS.password);
    // log in once first: a user's first login rightly sets its lastLogin, which users/get shows
    expect((await powerless.get('/api/version/get')).status).to.equal(403);
    readsBefore = await snapshotOfReads(admin);
  });

  after(() => gateway.stop());

  it(`covers the whole table (${OPERATIONS.length} operations)`, () => {
    expect(OPERATIONS.length).to.be.greaterThan(0);
    const keys = OPERATIONS.map(label);
    expect(new Set(keys).size, 'no operation twice').to.equal(keys.length);
  });

  for (const op of OPERATIONS) {
    describe(label(op), () => {
      it('answers 400 without a version, with a non-integer version and with another version', async () => {
        expectError(await call(admin, op, { version: null }), 400, undefined, { what: 'no version' });
        expectError(await call(admin, op, { version: 'x1' }), 400, undefined, { what: 'non-integer version' });
        expectError(await call(admin, op, { version: op.version + 7 }), 400, undefined, { what: 'other version' });
      });

      it('answers 401 without credentials and 403 to a user without its permissions', async () => {
        const anonymous = await call(gateway.client(), op);
        expectError(anonymous, 401, undefined, { what: 'anonymous' });
        expect(anonymous.headers.get('www-authenticate')).to.match(/^Basic realm=/);
        expectError(await call(powerless, op), 403, undefined, { what: 'no permissions' });
      });

      it('never fails with a 5xx on query parameters that name nothing', async () => {
        const response = await call(admin, op, { query: JUNK_QUERY });
        expect(response.status, response.text.slice(0, 300)).to.be.below(500);
        if (response.status >= 400) expectError(response, 'any4xx', undefined, { what: 'junk query' });
      });

      const objectParameter = (op.query ?? []).find((parameter) => OBJECT_PARAMETERS.includes(parameter.name));
      if (objectParameter) {
        it(`answers an unknown ${objectParameter.name} in either id shape with a 4xx naming it (404 where nothing else is wrong)`, async () => {
          for (const unknown of UNKNOWN_IDS) {
            const query = { ...VALID_QUERY, [objectParameter.name]: unknown };
            const response = await call(
              admin,
              op,
              op.body === 'json' ? { query, json: {} } : op.body === 'text' ? { query, text: '5070' } : { query },
            );
            expectError(response, op.body === 'none' ? 404 : 'any4xx', undefined, {
              what: `unknown ${objectParameter.name} ${unknown}`,
            });
          }
        });
      }

      it('refuses a lone surrogate in a query parameter before anything else, naming it', async () => {
        const response = await admin.request(op.method, `${op.path}?version=${op.version}&id=a%ED%A0%80b`, {
          version: null,
        });
        expectError(response, 400, 'MALFORMED_ENCODING', { what: 'lone surrogate in the query' });
        expect(response.json.error.details[0].field).to.equal("the query parameter 'id'");
      });

      it('answers a broken chunked body with a 400 in the error shape, before acting', async () => {
        const answer = await rawRequest(
          gateway.baseUrl,
          [
            `${op.method} ${op.path}?version=${op.version} HTTP/1.1`,
            'Host: gwsim',
            `Authorization: ${basic('anadmin', ADMIN_PASSWORD)}`,
            `Content-Type: ${op.body === 'multipart' ? 'multipart/form-data; boundary=xx' : op.body === 'text' ? 'text/plain' : op.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json'}`,
            'Transfer-Encoding: chunked',
            '',
            '4',
            '{"a"',
            'zz',
            ':1}',
            '0',
            '',
            '',
          ].join('\r\n'),
        );
        expect(answer.raw, answer.raw).to.match(/^HTTP\/1\.1 400 /);
        expectError(answer, 400, 'BODY_UNREADABLE', { what: 'broken chunked body' });
      });

      if (op.body === 'json') {
        for (const [what, body, code] of HOSTILE_JSON) {
          it(`refuses ${what} at the edge with 400 ${code}`, async () => {
            const response = await call(admin, op, { body, headers: { 'content-type': 'application/json' } });
            expectError(response, 400, code, { what });
            if (code !== 'TOO_MANY_KEYS')
              expect(response.json.error.details[0].field, response.text.slice(0, 300))
                .to.be.a('string')
                .and.not.equal('');
            if (code === 'MALFORMED_JSON') expect(response.json.error.message).to.contain('line 2, column');
          });
        }

        it('refuses malformed JSON, the wrong media type, a non-object value and an oversized body', async () => {
          expectError(
            await call(admin, op, { body: '{"broken": ', headers: { 'content-type': 'application/json' } }),
            400,
            undefined,
            { what: 'malformed JSON' },
          );
          expectError(await call(admin, op, { text: '{}' }), 415, undefined, { what: 'text/plain' });
          expectError(await call(admin, op, { json: 42, query: JUNK_QUERY }), 'any4xx', undefined, {
            what: 'a number instead of the body',
          });
          expectError(await call(admin, op, { json: { pad: 'x'.repeat(1_200_000) } }), 413, undefined, {
            what: 'oversized',
          });
        });
      }
      if (op.body === 'text') {
        it('refuses a lone surrogate in the raw value, sent as a JSON string or as bytes', async () => {
          expectError(
            await call(admin, op, {
              body: '"a\\ud800b"',
              headers: { 'content-type': 'application/json' },
              query: JUNK_QUERY,
            }),
            400,
            undefined,
            { what: 'JSON string' },
          );
          expectError(
            await call(admin, op, {
              body: Buffer.from([0x61, 0xed, 0xa0, 0x80]),
              headers: { 'content-type': 'text/plain' },
              query: JUNK_QUERY,
            }),
            400,
            undefined,
            { what: 'raw bytes' },
          );
        });

        it('refuses a multipart body and an oversized value', async () => {
          expectError(await call(admin, op, { file: { name: 'x.txt', content: 'x' } }), 415, undefined, {
            what: 'multipart',
          });
          expectError(await call(admin, op, { text: 'y'.repeat(70_000) }), 413, undefined, { what: 'oversized' });
        });
      }
      if (op.body === 'form') {
        it('refuses JSON instead of a form', async () => {
          expectError(await call(admin, op, { json: { filterCount: '1' } }), 415, undefined, {
            what: 'JSON instead of a form',
          });
        });
      }
      if (op.body === 'multipart') {
        it('refuses a request without a file and one with JSON instead', async () => {
          expectError(await call(admin, op), 400, undefined, { what: 'no file' });
          expectError(await call(admin, op, { json: {} }), 415, undefined, { what: 'JSON instead of multipart' });
          expectError(
            await call(admin, op, {
              file: { name: 'garbage.bin', content: Buffer.from([0, 1, 2, 3, 255]) },
              query: JUNK_QUERY,
            }),
            'any4xx',
            undefined,
            { what: 'garbage file' },
          );
        });
      }
    });
  }

  // mocha runs a suite's own tests before its child suites: these checks are a child suite defined last, so
  // they run after every operation's (as a test of the suite itself they ran first, and could not fail)
  describe('afterwards', () => {
    it('left every readable piece of state as it was', async () => {
      expect(await snapshotOfReads(admin)).to.deep.equal(readsBefore);
    });

    it('logged no secret, and named user, operation and error code on the request lines of refusals', () => {
      const log = gateway.logText;
      for (const secret of SECRETS) expect(log, 'a secret reached the log').to.not.contain(secret);
      const lines = log
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line['msg'] === 'request');
      expect(lines.length).to.be.greaterThan(OPERATIONS.length);
      expect(
        lines.some(
          (line) =>
            line['errorCode'] === 'JSON_TOO_DEEP' &&
            line['user'] === 'anadmin' &&
            typeof line['operation'] === 'string',
        ),
      ).to.equal(true);
      expect(
        lines.some((line) => line['errorCode'] === 'PERMISSION_DENIED' && line['user'] === POWERLESS.username),
      ).to.equal(true);
      for (const line of lines) expect(String(line['path'])).to.not.contain('?');
    });
  });
});
