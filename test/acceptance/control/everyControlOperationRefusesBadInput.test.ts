import { expect } from 'chai';
import { CONTROL_OPERATIONS } from '../../../src/app/operations.js';
import { LabDirectory } from '../../../src/shared/application/LabDirectory.js';
import { pathParameterNames, type OperationDefinition } from '../../../src/shared/interface/http/Operation.js';
import type { ApiClient, ApiResponse, RequestOptions } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';

const LAB = 'fzlab';
/** `{lab}` values (as they go in the path) that no lab can have: a NUL, which PostgreSQL refuses in a query, among them. */
const NO_LAB_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['a NUL', `${LAB}%00`],
  ['8,000 characters', 'a'.repeat(8000)],
  ['an encoded slash', `${LAB}%2F..%2F${LAB}`],
  ['upper case', LAB.toUpperCase()],
  ['odd unicode', encodeURIComponent('\u202e\uffff\u{1F4A9}')],
  ['SQL', encodeURIComponent("' OR '1'='1")],
  ['a trailing space', `${LAB}%20`],
];
/** `{lab}` values that are not percent-encoded UTF-8: 400 MALFORMED_ENCODING naming lab. */
const BADLY_ENCODED: ReadonlyArray<readonly [string, string]> = [
  ['a lone surrogate', `${LAB}%ED%A0%80`],
  ['invalid UTF-8', `${LAB}%C3%28%FF`],
  ['a broken escape', `${LAB}%zz`],
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

const WITH_LAB = CONTROL_OPERATIONS.filter((op) => pathParameterNames(op.path).includes('lab'));

/** The operation's path with `{lab}` as given (already encoded) and its other parameters naming nothing. */
function pathOf(op: OperationDefinition, lab: string): string {
  return op.path.replace('{lab}', lab).replace(/\{\w+\}/g, 'fz-nosuch');
}

/** A body of the operation's kind that reads (what it says is not looked at before the lab is). */
function bodyOf(op: OperationDefinition): RequestOptions {
  if (op.body === 'json') return { json: {} };
  if (op.body === 'multipart') return { file: { name: 'snapshot.json', content: '{}', type: 'application/json' } };
  return {};
}

/**
 * Bad input on the control API (`/_sim/...`) and the `/labs/{lab}` prefix of a lab's gateway API, answered as the
 * gateway's operations answer theirs: the one error shape naming the field, never a 500, on either store (the
 * PostgreSQL server's with TEST_DATABASE_URL).
 */
describe("every control operation refuses bad input as the gateway's operations do", function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  const control = (method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> =>
    admin.request(method, path, { version: null, ...options });

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    const made = await control('POST', '/_sim/labs', { json: { name: LAB } });
    expect(made.status, made.text).to.equal(200);
  });
  after(() => gateway.stop());

  it(`covers every operation with a {lab} (${WITH_LAB.length})`, () => {
    expect(WITH_LAB.length).to.be.greaterThan(20);
  });

  for (const op of WITH_LAB) {
    it(`${op.method} ${op.path}: a {lab} no lab can have is a 404 LAB_NOT_FOUND naming lab, a badly encoded one a 400 MALFORMED_ENCODING`, async () => {
      for (const [what, lab] of NO_LAB_NAMES) {
        const response = await control(op.method, pathOf(op, lab), bodyOf(op));
        expectError(response, 404, 'LAB_NOT_FOUND', { what });
        expect(
          response.json.error.details.map((d: { field: string }) => d.field),
          what,
        ).to.deep.equal(['lab']);
      }
      for (const [what, lab] of BADLY_ENCODED) {
        const response = await control(op.method, pathOf(op, lab), bodyOf(op));
        expectError(response, 400, 'MALFORMED_ENCODING', { what });
        expect(
          response.json.error.details.map((d: { field: string }) => d.field),
          what,
        ).to.deep.equal(['lab']);
      }
    });
  }

  const paths = [...new Set(CONTROL_OPERATIONS.map((op) => op.path))];
  for (const template of paths) {
    const served: string[] = CONTROL_OPERATIONS.filter((op) => op.path === template).map((op) => op.method);
    it(`${template}: a method it does not take is a 405 METHOD_NOT_ALLOWED with Allow: ${served.join(', ')}`, async () => {
      for (const method of METHODS.filter((m) => !served.includes(m))) {
        for (const lab of [LAB, 'fz-nosuch']) {
          const response = await control(method, pathOf({ path: template } as OperationDefinition, lab));
          expectError(response, 405, 'METHOD_NOT_ALLOWED', { what: `${method} (lab ${lab})` });
          expect(response.headers.get('allow')?.split(', ').sort(), method).to.deep.equal([...served].sort());
        }
      }
    });
  }

  it('the /labs/{lab} prefix: a name no lab can have is a 404 LAB_NOT_FOUND naming lab, a badly encoded one a 400 MALFORMED_ENCODING', async () => {
    const version = (lab: string) => control('GET', `/labs/${lab}/api/version/get`, { version: 0 });
    expect((await version(LAB)).status).to.equal(200);
    for (const [what, lab] of [...NO_LAB_NAMES, ['an unknown lab', 'fz-nosuch']] as const) {
      const response = await version(lab);
      expectError(response, 404, 'LAB_NOT_FOUND', { what });
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        what,
      ).to.deep.equal(['lab']);
      expect(response.headers.get('x-request-id'), what).to.equal(response.json.error.requestId);
    }
    for (const [what, lab] of BADLY_ENCODED) {
      const response = await version(lab);
      expectError(response, 400, 'MALFORMED_ENCODING', { what });
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        what,
      ).to.deep.equal(['lab']);
    }
    expectError(await control('GET', `/labs/${LAB}/nothing`), 404, 'NOT_FOUND');
  });

  it('refuses an array or a __proto__ member where a body takes an object, naming it, and changes nothing', async () => {
    const profile = { callsPerSecond: 0.5, seed: 7 };
    expect((await control('PUT', `/_sim/labs/${LAB}/traffic`, { json: { running: false, profile } })).status).to.equal(
      200,
    );
    const traffic = async () => (await control('GET', `/_sim/labs/${LAB}/traffic`)).json.profile;
    const before = await traffic();
    const refusals: ReadonlyArray<readonly [string, string, string, string]> = [
      ['PUT', 'traffic', '{"running":false,"profile":[]}', 'profile'],
      ['PUT', 'traffic', '{"running":false,"profile":[{"seed":9}]}', 'profile'],
      [
        'PUT',
        'traffic',
        '{"running":false,"profile":{"__proto__":{"callsPerSecond":2,"seed":9}}}',
        'profile.__proto__',
      ],
      [
        'PUT',
        'traffic',
        '{"running":false,"profile":{"seed":9,"constructor":{"prototype":{"polluted":"yes"}}}}',
        'profile.constructor',
      ],
      ['POST', 'faults', '{"match":[],"effect":{"status":503},"count":1}', 'match'],
      [
        'POST',
        'faults',
        '{"match":{"__proto__":{"operation":"fz/never"}},"effect":{"status":503},"count":1}',
        'match.__proto__',
      ],
      [
        'POST',
        'faults',
        '{"match":{"operation":"fz/never"},"effect":{"status":503,"__proto__":{"status":500}}}',
        'effect.__proto__',
      ],
      ['POST', 'faults', '{"match":{"operation":"fz/never"},"effect":[],"count":1}', 'effect'],
      ['POST', 'faults', '{"match":{"operation":"fz/never"},"effect":{"status":503},"window":[]}', 'window'],
    ];
    for (const [method, what, body, field] of refusals) {
      const response = await control(method, `/_sim/labs/${LAB}/${what}`, {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expectError(response, 400, undefined, { what: body });
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        body,
      ).to.include(field);
    }
    expect(await traffic(), 'the profile is as it was').to.deep.equal(before);
    expect((await control('GET', `/_sim/labs/${LAB}/faults`)).json.rules, 'no rule was added').to.deep.equal([]);
    expect(({} as Record<string, unknown>)['polluted']).to.equal(undefined);
  });
});

describe("an error before the operations (the /labs/{lab} prefix, the lab's gate, the journal)", function () {
  this.timeout(60_000);

  it('is answered in the one error shape and logged under the request id', async () => {
    const gateway = await TestGateway.start({ captureLog: true });
    let stopped: unknown;
    try {
      const directory = gateway.get(LabDirectory);
      const lookup = directory.lookup.bind(directory);
      directory.lookup = async (name) => {
        if (name === 'broken') throw new Error('the lab table cannot be read');
        return lookup(name);
      };
      const response = await gateway.admin().get('/labs/broken/api/version/get');
      expectError(response, 500, 'INTERNAL_ERROR');
      expect(response.json.error.message).to.not.contain('lab table');
      const logged = gateway.logText
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, any>)
        .filter((line) => line['requestId'] === response.json.error.requestId);
      expect(logged.map((line) => line['msg'])).to.include('unhandled error');
      expect(logged.find((line) => line['msg'] === 'unhandled error')!['err'].message).to.equal(
        'the lab table cannot be read',
      );
    } finally {
      stopped = await gateway.stop().then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(String(stopped), 'the test gateway reports the 500 it logged').to.contain(
      '1 request(s) ended in an unhandled error',
    );
  });
});
