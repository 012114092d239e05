import { expect } from 'chai';
import { OPERATIONS } from '../../../src/app/operations.js';
import type { OperationDefinition } from '../../../src/shared/interface/http/Operation.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';

/**
 * Bad input, tried on every operation of the table: each must answer a 4xx in the one error shape, never a
 * 500 or a hang, and leave the stored state as it was.
 */
const NO_ACCESS_ROLE = {
  id: 'nothing_at_all', displayName: 'Nothing at all',
  permissions: {
    api: 'NO_ACCESS', userInterface: 'NO_ACCESS', tracing: 'NO_ACCESS', administration: 'NO_ACCESS', mediaRecording: 'NO_ACCESS',
    configurationMode: 'NO_ACCESS', userManagement: 'NO_ACCESS', monitoringMode: 'NO_ACCESS', webServer: 'NO_ACCESS', backends: 'NO_ACCESS',
  },
};
const POWERLESS = { username: 'powerless', password: 'Powerless-Pw-739!' };

/** Query parameters the operations of the specification take, set to values that name nothing. */
const JUNK_QUERY: Record<string, string> = {
  id: '00000000-0000-4000-8000-00000000dead', user: 'no-such-user', role: 'no-such-role', node: 'no-such-node',
  routingDomain: 'no-such-domain', transportConnection: 'no-such-connection', requestRouter: 'no-such-router',
  dialStringRewriting: 'no-such-rewriting', identifier: 'no-such-connector', sort: 'NOT_A_SORT', objectType: 'notAType',
  product: 'kernel', value: 'gpu', completeData: 'perhaps', force: 'maybe', commitProtection: 'sometimes',
  includePrivateData: 'unsure', action: 'EXPLODE', mode: 'sideways', profile: 'no-such-profile',
  filterSessionIdentifier: 'no-such-session', resultFormat: 'mp3', file: '../../etc/passwd', displayName: '',
  oldPassword: 'x', newPassword: 'y', passwordChange: 'SOMETIMES', dateFormat: 'JULIAN',
};

/** Reads whose answers legitimately change between two calls. */
const VOLATILE = new Set(['/api/resources/get']);

function label(op: OperationDefinition): string {
  return `${op.method} ${op.path}`;
}

function expectRefusal(response: ApiResponse, status: number | 'any4xx', what: string): void {
  if (status === 'any4xx') expect(response.status, `${what}: ${response.text.slice(0, 300)}`).to.be.within(400, 499);
  else expect(response.status, `${what}: ${response.text.slice(0, 300)}`).to.equal(status);
  expect(response.json?.error, `${what}: error shape`).to.include.keys('status', 'code', 'message', 'details', 'requestId');
  expect(response.json.error.status).to.equal(response.status);
}

async function call(client: ApiClient, op: OperationDefinition, options: Parameters<ApiClient['request']>[2] = {}): Promise<ApiResponse> {
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
    gateway = await TestGateway.start();
    admin = gateway.admin();
    expect((await admin.put('/api/roles/add', { json: NO_ACCESS_ROLE })).status).to.equal(200);
    const created = await admin.post('/api/users/add', {
      json: { displayName: POWERLESS.username, loginLocally: true, localUsername: POWERLESS.username, localPassword: POWERLESS.password, roleIds: [NO_ACCESS_ROLE.id], enabled: true, ldapLogin: false },
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
        expectRefusal(await call(admin, op, { version: null }), 400, 'no version');
        expectRefusal(await call(admin, op, { version: 'x1' }), 400, 'non-integer version');
        expectRefusal(await call(admin, op, { version: op.version + 7 }), 400, 'other version');
      });

      it('answers 401 without credentials and 403 to a user without its permissions', async () => {
        const anonymous = await call(gateway.client(), op);
        expectRefusal(anonymous, 401, 'anonymous');
        expect(anonymous.headers.get('www-authenticate')).to.match(/^Basic realm=/);
        expectRefusal(await call(powerless, op), 403, 'no permissions');
      });

      it('never fails with a 5xx on query parameters that name nothing', async () => {
        const response = await call(admin, op, { query: JUNK_QUERY });
        expect(response.status, response.text.slice(0, 300)).to.be.below(500);
        if (response.status >= 400) expectRefusal(response, 'any4xx', 'junk query');
      });

      if (op.body === 'json') {
        it('refuses malformed JSON, the wrong media type, a non-object value and an oversized body', async () => {
          expectRefusal(await call(admin, op, { body: '{"broken": ', headers: { 'content-type': 'application/json' } }), 400, 'malformed JSON');
          expectRefusal(await call(admin, op, { text: '{}' }), 415, 'text/plain');
          expectRefusal(await call(admin, op, { json: 42, query: JUNK_QUERY }), 'any4xx', 'a number instead of the body');
          expectRefusal(await call(admin, op, { json: { pad: 'x'.repeat(1_200_000) } }), 413, 'oversized');
        });
      }
      if (op.body === 'text') {
        it('refuses a multipart body and an oversized value', async () => {
          expectRefusal(await call(admin, op, { file: { name: 'x.txt', content: 'x' } }), 415, 'multipart');
          expectRefusal(await call(admin, op, { text: 'y'.repeat(70_000) }), 413, 'oversized');
        });
      }
      if (op.body === 'form') {
        it('refuses JSON instead of a form', async () => {
          expectRefusal(await call(admin, op, { json: { filterCount: '1' } }), 415, 'JSON instead of a form');
        });
      }
      if (op.body === 'multipart') {
        it('refuses a request without a file and one with JSON instead', async () => {
          expectRefusal(await call(admin, op), 400, 'no file');
          expectRefusal(await call(admin, op, { json: {} }), 415, 'JSON instead of multipart');
          expectRefusal(await call(admin, op, { file: { name: 'garbage.bin', content: Buffer.from([0, 1, 2, 3, 255]) }, query: JUNK_QUERY }), 'any4xx', 'garbage file');
        });
      }
    });
  }

  it('left every readable piece of state as it was', async () => {
    expect(await snapshotOfReads(admin)).to.deep.equal(readsBefore);
  });
});
