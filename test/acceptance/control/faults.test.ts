import http from 'node:http';
import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { TestGateway } from '../../support/TestGateway.js';
import { ResponseSchemas, type ApiClient, type ApiResponse, type RequestOptions } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { addLocalUser, addRole, permissionsFor } from '../identity/identitySupport.js';

const FAULTS = '/_sim/labs/default/faults';
const JOURNAL = '/_sim/labs/default/journal';

/**
 * Fault rules and the request journal through the control API, seen by real HTTP clients: the checks
 * (two 503s then normal answers, a latency the client measures, the monitor-unreachable fault), the other
 * API effects, validation naming the field, permissions, unknown labs, and the journal's filters.
 */
describe('control API: fault rules and the request journal', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let control: ResponseSchemas;

  /** A control request whose JSON answer is checked against its schema in /_sim/openapi.json. */
  async function sim(
    method: string,
    path: string,
    template: string,
    options: RequestOptions = {},
    client = admin,
  ): Promise<ApiResponse> {
    const response = await client.request(method, path, { version: null, ...options });
    if (response.json !== undefined) {
      const mismatch = control.mismatch(method, template, response.status, response.json);
      expect(mismatch, `${method} ${path}: ${response.text.slice(0, 300)}`).to.equal(undefined);
    }
    return response;
  }
  const addRule = (rule: unknown, client = admin) =>
    sim('POST', FAULTS, '/_sim/labs/{lab}/faults', { json: rule }, client);
  const listRules = () => sim('GET', FAULTS, '/_sim/labs/{lab}/faults');
  const removeRule = (id: string) =>
    sim('DELETE', `${FAULTS}/${encodeURIComponent(id)}`, '/_sim/labs/{lab}/faults/{id}');
  const journal = (query: Record<string, string | number> = {}) =>
    sim('GET', JOURNAL, '/_sim/labs/{lab}/journal', { query });

  /** A raw request that reports how it ended: an answer, an error (reset, hang-up) or a client-side timeout. */
  function rawGet(
    path: string,
    timeoutMs: number,
  ): Promise<{ kind: 'answer'; status: number } | { kind: 'error'; code: string } | { kind: 'timeout' }> {
    return new Promise((resolve) => {
      const request = http.get(
        new URL(`${path}?version=0`, gateway.baseUrl),
        { headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` } },
        (response) => {
          response.resume();
          resolve({ kind: 'answer', status: response.statusCode ?? 0 });
        },
      );
      request.setTimeout(timeoutMs, () => {
        resolve({ kind: 'timeout' });
        request.destroy();
      });
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ kind: 'error', code: error.code ?? error.message }),
      );
    });
  }

  async function journalEntryOf(requestPath: string, wait = 2000): Promise<any> {
    const deadline = Date.now() + wait;
    for (;;) {
      const entries = (await journal({ path: requestPath })).json.entries as any[];
      if (entries.length > 0) return entries.at(-1);
      if (Date.now() > deadline) throw new Error(`no journal entry for ${requestPath}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    control = new ResponseSchemas((await gateway.client().get('/_sim/openapi.json', { version: null })).json);
  });
  after(() => gateway.stop());

  afterEach(async () => {
    for (const rule of (await listRules()).json.rules) await removeRule(rule.id);
    expect((await sim('DELETE', JOURNAL, '/_sim/labs/{lab}/journal')).status).to.equal(200);
  });

  it('503 on nodes/get, probability 1, count 2: exactly two 503s, then normal answers; the rule expires', async () => {
    const added = await addRule({
      match: { operation: 'nodes/get', method: 'GET' },
      effect: { status: 503 },
      probability: 1,
      count: 2,
    });
    expect(added.status, added.text).to.equal(200);
    expect(added.json).to.include({ hits: 0, remaining: 2, count: 2, probability: 1, active: true });
    expect(added.json.id).to.be.a('string');
    const first = await admin.get('/api/nodes/get');
    expectError(first, 503, 'FAULT_INJECTED');
    expect(first.json.error.message).to.contain(added.json.id);
    expect((await listRules()).json.rules[0]).to.include({ id: added.json.id, hits: 1, remaining: 1 });
    expectError(await admin.get('/api/nodes/get'), 503, 'FAULT_INJECTED');
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
    expect((await listRules()).json.rules).to.deep.equal([]);
    const entries = (await journal({ path: '/api/nodes/get' })).json.entries as any[];
    expect(entries.map((e) => e.status)).to.deep.equal([503, 503, 200, 200]);
    expect(entries.map((e) => e.fault?.ruleId)).to.deep.equal([added.json.id, added.json.id, undefined, undefined]);
    expect(entries[0].fault.effect).to.deep.equal({ status: 503 });
    expect(entries[2]).to.include({ method: 'GET', path: '/api/nodes/get', operation: 'nodes/get', user: 'anadmin' });
    expectError(await removeRule(added.json.id), 404, 'FAULT_RULE_NOT_FOUND');
  });

  it("answers a status with the rule's own body, and leaves other operations and methods alone", async () => {
    await addRule({ match: { path: '/api/nodes/*', method: 'GET' }, effect: { status: 429, body: { busy: true } } });
    const faulted = await admin.get('/api/nodes/get', { checkSchema: false });
    expect(faulted.status).to.equal(429);
    expect(faulted.json).to.deep.equal({ busy: true });
    expect(faulted.headers.get('content-type')).to.match(/^application\/json/);
    expect((await admin.get('/api/version/get')).status).to.equal(200);
  });

  it('a latency rule adds the latency the client measures, and the journal says so', async () => {
    await addRule({ match: { operation: 'version/get' }, effect: { latencyMs: 300 } });
    const started = performance.now();
    const response = await admin.get('/api/version/get');
    const measured = performance.now() - started;
    expect(response.status).to.equal(200);
    expect(measured).to.be.at.least(300);
    const entry = await journalEntryOf('/api/version/get');
    expect(entry.status).to.equal(200);
    expect(entry.latencyMs).to.be.at.least(300);
    expect(entry.fault).to.deep.include({ effect: { latencyMs: 300 }, latencyMs: 300 });
    const unfaulted = performance.now();
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
    expect(performance.now() - unfaulted).to.be.below(300);
  });

  it('a latency drawn from a distribution stays within its bounds', async () => {
    await addRule({
      match: { operation: 'version/get' },
      effect: { latencyMs: { distribution: 'uniform', min: 20, max: 60 } },
    });
    for (let i = 0; i < 3; i++) await admin.get('/api/version/get');
    const drawn = ((await journal({ path: '/api/version/get' })).json.entries as any[]).map((e) => e.fault.latencyMs);
    expect(drawn).to.have.length(3);
    for (const ms of drawn) expect(ms).to.be.within(20, 60);
  });

  it('drop: the client sees the connection closed without an answer; the journal records no status', async () => {
    const rule = (await addRule({ match: { operation: 'version/get' }, effect: { drop: true } })).json;
    const outcome = await rawGet('/api/version/get', 5000);
    expect(outcome.kind).to.equal('error');
    const entry = await journalEntryOf('/api/version/get');
    expect(entry).to.not.have.property('status');
    expect(entry.fault).to.deep.equal({ ruleId: rule.id, effect: { drop: true } });
  });

  it('timeout: no answer until the client gives up; the request ends with the connection and is journaled', async () => {
    await addRule({ match: { operation: 'version/get' }, effect: { timeout: true } });
    const started = performance.now();
    const outcome = await rawGet('/api/version/get', 400);
    expect(outcome.kind).to.equal('timeout');
    expect(performance.now() - started).to.be.at.least(390);
    const entry = await journalEntryOf('/api/version/get');
    expect(entry).to.not.have.property('status');
    expect(entry.fault.effect).to.deep.equal({ timeout: true });
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
  });

  it('malformedBody: 200 with a JSON content type and a body that does not parse', async () => {
    await addRule({ match: { operation: 'version/get' }, effect: { malformedBody: true } });
    const response = await fetch(new URL('/api/version/get?version=0', gateway.baseUrl), {
      headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` },
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    const text = await response.text();
    expect(text.startsWith('{')).to.equal(true);
    expect(() => JSON.parse(text)).to.throw(SyntaxError);
  });

  it('monitor unreachable: version shows a text status, the export its HTML page, monitoring reads 503; removal switches back', async () => {
    const rule = (await addRule({ effect: { kind: 'monitorUnreachable' } })).json;
    expect(rule).to.include({ active: true, hits: 0 });
    expect((await admin.get('/api/version/get')).json.monitor).to.equal('Service Unavailable');
    const page = await admin.post('/app/monitor/callhistory/export/v0', { form: { template: 'x' } });
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.text).to.contain('No connection to the monitor');
    expectError(await admin.post('/api/callHistory/get', { json: {} }), 503, 'MONITOR_UNREACHABLE');
    expect((await journalEntryOf('/api/callHistory/get')).gatewayFaults).to.deep.equal([rule.id]);
    await removeRule(rule.id);
    expect((await admin.get('/api/version/get')).json.monitor).to.have.keys(
      'versionMajor',
      'versionMinor',
      'versionRelease',
    );
    expect((await admin.post('/api/callHistory/get', { json: {} })).status).to.equal(200);
  });

  it('a gateway fault follows its window and expiry on the lab clock', async () => {
    const now = gateway.clock.now().getTime();
    const rule = (
      await addRule({
        effect: { kind: 'monitorUnreachable' },
        window: { from: new Date(now + 60_000).toISOString() },
        expiresInSeconds: 120,
      })
    ).json;
    expect(rule).to.include({ active: false, expiresAt: new Date(now + 120_000).toISOString() });
    expect((await admin.get('/api/version/get')).json.monitor).to.be.an('object');
    gateway.clock.advance(61_000);
    expect((await admin.get('/api/version/get')).json.monitor).to.equal('Service Unavailable');
    gateway.clock.advance(60_000);
    expect((await admin.get('/api/version/get')).json.monitor).to.be.an('object');
    expect((await listRules()).json.rules).to.deep.equal([]);
  });

  it('matches a user and draws a probability below 1 from the seeded source', async () => {
    await addRole(admin, 'fault_api_only', permissionsFor(['API']));
    await addLocalUser(admin, 'faultviewer', 'Fault-Viewer-Pw-1', { roleIds: ['fault_api_only'] });
    await addRule({ match: { operation: 'version/get', user: 'faultviewer' }, effect: { status: 500 } });
    expect((await admin.get('/api/version/get')).status).to.equal(200);
    expectError(
      await gateway.client('faultviewer', 'Fault-Viewer-Pw-1').get('/api/version/get'),
      500,
      'FAULT_INJECTED',
    );
    const rules = (await listRules()).json.rules;
    await removeRule(rules[0].id);
    await addRule({ match: { operation: 'nodes/get' }, effect: { status: 503 }, probability: 0.5 });
    let faulted = 0;
    for (let i = 0; i < 30; i++) if ((await admin.get('/api/nodes/get')).status === 503) faulted++;
    expect(faulted).to.be.within(5, 25);
    expect((await listRules()).json.rules[0].hits).to.equal(faulted);
  });

  it('refuses bad rules with 400 naming the field, gateway faults with missing, foreign or out-of-range parameters too', async () => {
    const cases: Array<[unknown, string]> = [
      [{ match: { method: 'get' }, effect: { status: 503 } }, 'match.method'],
      [{ effect: { status: 503 }, probability: 2 }, 'probability'],
      [{ effect: { status: 503 }, count: 0 }, 'count'],
      [{ effect: { status: 99 } }, 'effect.status'],
      [{ effect: { status: 503, drop: true } }, 'effect.drop'],
      [{ effect: {} }, 'effect'],
      [{}, 'effect'],
      [{ effect: { drop: false } }, 'effect.drop'],
      [{ effect: { latencyMs: { distribution: 'uniform', min: 50, max: 10 } } }, 'effect.latencyMs.max'],
      [{ effect: { latencyMs: 'slow' } }, 'effect.latencyMs'],
      [{ effect: { status: 503 }, window: { from: 'tomorrow' } }, 'window.from'],
      [{ effect: { status: 503 }, match: { operation: '/api/nodes/get' } }, 'match.operation'],
      [{ effect: { kind: 'monitorUnreachable' }, count: 3 }, 'count'],
      [{ effect: { status: 503 }, extra: 1 }, 'extra'],
      [{ effect: { status: 503 }, match: { operation: 'nodes/get', colour: 'red' } }, 'match.colour'],
    ];
    for (const [rule, field] of cases) {
      const response = await addRule(rule);
      expectError(response, 400);
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        JSON.stringify(rule),
      ).to.include(field);
    }
    const gatewayCases: Array<[unknown, string]> = [
      [{ effect: { kind: 'nodeDown' } }, 'effect.node'],
      [{ effect: { kind: 'trunkDown' } }, 'effect.node'],
      [{ effect: { kind: 'packetLoss', node: 'x' } }, 'effect.lossPercent'],
      [{ effect: { kind: 'cpuOverload', loadPercent: 150 } }, 'effect.loadPercent'],
      [{ effect: { kind: 'diskFull', node: 'x' } }, 'effect.node'],
      [{ effect: { kind: 'licenseRevoked', loadPercent: 90 } }, 'effect.loadPercent'],
    ];
    for (const [rule, field] of gatewayCases) {
      const response = await addRule(rule);
      expectError(response, 400, 'INVALID_FAULT_RULE');
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        JSON.stringify(rule),
      ).to.deep.equal([field]);
    }
    const unknownKind = await addRule({ effect: { kind: 'meteorStrike' } });
    expectError(unknownKind, 400);
    expect(unknownKind.json.error.details[0].field).to.equal('effect.kind');
    expect(unknownKind.json.error.message).to.contain('standbyLinkDown').and.contain('packetLoss');
    expect((await listRules()).json.rules).to.deep.equal([]);
  });

  it('takes an API fault only with a match that names a condition; {"all": true} says every gateway request', async () => {
    const refused: Array<[unknown, string, string]> = [
      [{ effect: { status: 503 } }, 'match', 'required'],
      [{ match: {}, effect: { status: 503 } }, 'match', 'condition'],
      [{ match: { operation: null }, effect: { status: 503 } }, 'match', 'condition'],
      [{ match: { all: false }, effect: { status: 503 } }, 'match.all', 'isTrue'],
      [{ match: { all: true, operation: 'nodes/get' }, effect: { status: 503 } }, 'match.all', 'exclusive'],
    ];
    for (const [rule, field, ruleName] of refused) {
      const response = await addRule(rule);
      expectError(response, 400, 'INVALID_FAULT_RULE', { what: JSON.stringify(rule) });
      expect(
        response.json.error.details.map((d: { field: string; rule: string }) => `${d.field} ${d.rule}`),
        JSON.stringify(rule),
      ).to.deep.equal([`${field} ${ruleName}`]);
      if (field === 'match')
        expect(response.json.error.message, 'it says how to match every request').to.contain('{"all": true}');
    }
    expect((await listRules()).json.rules).to.deep.equal([]);

    const every = await addRule({ match: { all: true }, effect: { status: 503 }, count: 2 });
    expect(every.status, every.text).to.equal(200);
    expect(every.json.match).to.deep.equal({ all: true });
    expect((await listRules()).json.rules.map((r: { match: unknown }) => r.match)).to.deep.equal([{ all: true }]);
    expectError(await admin.get('/api/version/get'), 503, 'FAULT_INJECTED');
    expectError(await admin.post('/api/callHistory/get', { json: {} }), 503, 'FAULT_INJECTED');
    expect((await admin.get('/api/version/get')).status).to.equal(200);
  });

  it('is for administrators only: 401 without credentials, 403 for a user without ADM', async () => {
    await addRole(admin, 'fault_api_user', permissionsFor(['API']));
    await addLocalUser(admin, 'faultuser', 'Fault-User-Pw-1', { roleIds: ['fault_api_user'] });
    const user = gateway.client('faultuser', 'Fault-User-Pw-1');
    expectError(await addRule({ effect: { status: 503 } }, user), 403, 'PERMISSION_DENIED');
    expectError(await sim('GET', FAULTS, '/_sim/labs/{lab}/faults', {}, user), 403, 'PERMISSION_DENIED');
    expectError(await sim('GET', JOURNAL, '/_sim/labs/{lab}/journal', {}, user), 403, 'PERMISSION_DENIED');
    expectError(await sim('DELETE', JOURNAL, '/_sim/labs/{lab}/journal', {}, user), 403, 'PERMISSION_DENIED');
    expectError(await sim('GET', FAULTS, '/_sim/labs/{lab}/faults', {}, gateway.client()), 401);
    expect((await listRules()).json.rules).to.deep.equal([]);
  });

  it('answers 404 LAB_NOT_FOUND naming an unknown lab, and 404 for an unknown rule id', async () => {
    for (const [method, path] of [
      ['GET', '/_sim/labs/other/faults'],
      ['POST', '/_sim/labs/other/faults'],
      ['DELETE', '/_sim/labs/other/faults/x'],
      ['GET', '/_sim/labs/other/journal'],
      ['DELETE', '/_sim/labs/other/journal'],
    ] as const) {
      const response = await admin.request(method, path, {
        version: null,
        ...(method === 'POST' ? { json: { effect: { status: 503 } } } : {}),
      });
      expectError(response, 404, 'LAB_NOT_FOUND');
      expect(response.json.error.message).to.contain("'other'");
      expect(response.json.error.details[0].field).to.equal('lab');
    }
    expectError(await removeRule('no-such-rule'), 404, 'FAULT_RULE_NOT_FOUND');
  });

  it('journals gateway requests only (never control requests), with method, path, status, user and time; filters and limits', async () => {
    const first = gateway.clock.now().toISOString();
    await admin.get('/api/version/get');
    gateway.clock.advance(10_000);
    const later = gateway.clock.now().toISOString();
    await admin.get('/api/nodes/get');
    await gateway.client().get('/api/nodes/get');
    await admin.post('/api/callHistory/get', { json: {} });
    await admin.get('/api/no/such/operation');
    await listRules();
    await journal();
    const all = (await journal()).json;
    expect(all).to.include({ lab: 'default', held: 5, dropped: 0, capacity: 10_000 });
    expect(all.entries.map((e: any) => `${e.method} ${e.path} ${e.status}`)).to.deep.equal([
      'GET /api/version/get 200',
      'GET /api/nodes/get 200',
      'GET /api/nodes/get 401',
      'POST /api/callHistory/get 200',
      'GET /api/no/such/operation 404',
    ]);
    expect(all.entries[0]).to.include({ user: 'anadmin', operation: 'version/get', time: first });
    expect(all.entries[0].sequence).to.be.below(all.entries[1].sequence);
    expect(all.entries[2]).to.not.have.property('user');
    const paths = async (query: Record<string, string | number>) =>
      ((await journal(query)).json.entries as any[]).map((e) => `${e.method} ${e.path} ${e.status}`);
    expect(await paths({ method: 'POST' })).to.deep.equal(['POST /api/callHistory/get 200']);
    expect(await paths({ path: '/api/nodes' })).to.deep.equal(['GET /api/nodes/get 200', 'GET /api/nodes/get 401']);
    expect(await paths({ path: '/api/*/get' })).to.have.length(4);
    expect(await paths({ status: '401' })).to.deep.equal(['GET /api/nodes/get 401']);
    expect(await paths({ status: '4xx' })).to.deep.equal(['GET /api/nodes/get 401', 'GET /api/no/such/operation 404']);
    expect(await paths({ since: later })).to.have.length(4);
    expect(await paths({ limit: 2 })).to.deep.equal([
      'POST /api/callHistory/get 200',
      'GET /api/no/such/operation 404',
    ]);
    for (const [name, value] of [
      ['limit', '0'],
      ['limit', '10001'],
      ['status', '5x'],
      ['since', 'yesterday'],
      ['path', 'api'],
    ] as const) {
      const response = await journal({ [name]: value });
      expectError(response, 400);
      expect(response.json.error.details[0].field).to.equal(name);
    }
    await sim('DELETE', JOURNAL, '/_sim/labs/{lab}/journal');
    expect((await journal()).json).to.include({ held: 0 });
    expect((await journal()).json.entries).to.deep.equal([]);
  });

  it('documents the control endpoints with their path parameters in /_sim/openapi.json', async () => {
    const document = (await gateway.client().get('/_sim/openapi.json', { version: null })).json;
    const remove = document.paths['/_sim/labs/{lab}/faults/{id}'].delete;
    expect(remove.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name)).to.deep.equal(['lab', 'id']);
    expect(remove.operationId).to.equal('deleteLabsLabFaultsId');
    expect(document.paths['/_sim/labs/{lab}/journal'].get.parameters.map((p: any) => p.name)).to.deep.equal([
      'lab',
      'method',
      'path',
      'status',
      'since',
      'limit',
    ]);
    expect(document.paths['/_sim/labs/{lab}/faults'].post.requestBody.content['application/json'].schema).to.deep.equal(
      { $ref: '#/components/schemas/FaultRuleDto' },
    );
    expect(document.paths['/api/nodes/get']).to.equal(undefined);
    const result = await new Validator().validate(document);
    expect(result.errors, JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).to.equal(undefined);
    expect(result.valid).to.equal(true);
  });
});

describe('control API: the journal size of the configuration', function () {
  this.timeout(60_000);

  it('keeps GWSIM_JOURNAL_SIZE entries, the newest, and counts those pushed out', async () => {
    const gateway = await TestGateway.start({ config: { journalSize: 3 } });
    try {
      const admin = gateway.admin();
      for (let i = 0; i < 5; i++) await admin.get('/api/version/get', { query: { product: `p${i}` } });
      const page = (await admin.get(JOURNAL, { version: null })).json;
      expect(page).to.include({ capacity: 3, held: 3, dropped: 2 });
      expect(page.entries.map((e: { sequence: number }) => e.sequence)).to.deep.equal([3, 4, 5]);
    } finally {
      await gateway.stop();
    }
  });
});
