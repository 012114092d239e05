import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { addLocalUser, addRole, permissionsFor } from '../identity/identitySupport.js';
import { FaultLab } from './faultsSupport.js';

/**
 * Fault rules and the request journal through the control API, seen by real HTTP clients: the checks
 * (two 503s then normal answers, a latency the client measures, the monitor-unreachable fault), the other
 * API effects, validation naming the field, permissions, unknown labs, and the journal's filters.
 */
describe('control API: fault rules and the request journal', function () {
  this.timeout(60_000);
  let lab: FaultLab;
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    lab = await FaultLab.start();
    ({ gateway, admin } = lab);
  });
  after(() => gateway.stop());

  afterEach(() => lab.clear());

  it('503 on nodes/get, probability 1, count 2: exactly two 503s, then normal answers; the rule expires', async () => {
    const added = await lab.addRule({
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
    expect((await lab.listRules()).json.rules[0]).to.include({ id: added.json.id, hits: 1, remaining: 1 });
    expectError(await admin.get('/api/nodes/get'), 503, 'FAULT_INJECTED');
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
    expect((await lab.listRules()).json.rules).to.deep.equal([]);
    const entries = (await lab.journal({ path: '/api/nodes/get' })).json.entries as any[];
    expect(entries.map((e) => e.status)).to.deep.equal([503, 503, 200, 200]);
    expect(entries.map((e) => e.fault?.ruleId)).to.deep.equal([added.json.id, added.json.id, undefined, undefined]);
    expect(entries[0].fault.effect).to.deep.equal({ status: 503 });
    expect(entries[2]).to.include({ method: 'GET', path: '/api/nodes/get', operation: 'nodes/get', user: 'anadmin' });
    expectError(await lab.removeRule(added.json.id), 404, 'FAULT_RULE_NOT_FOUND');
  });

  it("answers a status with the rule's own body, and leaves other operations and methods alone", async () => {
    await lab.addRule({
      match: { path: '/api/nodes/*', method: 'GET' },
      effect: { status: 429, body: { busy: true } },
    });
    // the answer is the rule's body as written, not the gateway's: no schema of the document describes it
    const faulted = await admin.get('/api/nodes/get', { checkSchema: false });
    expect(faulted.status).to.equal(429);
    expect(faulted.json).to.deep.equal({ busy: true });
    expect(faulted.headers.get('content-type')).to.match(/^application\/json/);
    expect((await admin.get('/api/version/get')).status).to.equal(200);
  });

  it('a latency rule adds the latency the client measures, and the journal says so', async () => {
    await lab.addRule({ match: { operation: 'version/get' }, effect: { latencyMs: 300 } });
    const started = performance.now();
    const response = await admin.get('/api/version/get');
    const measured = performance.now() - started;
    expect(response.status).to.equal(200);
    expect(measured).to.be.at.least(300);
    const entry = await lab.journalEntryOf('/api/version/get');
    expect(entry.status).to.equal(200);
    expect(entry.latencyMs).to.be.at.least(300);
    expect(entry.fault).to.deep.include({ effect: { latencyMs: 300 }, latencyMs: 300 });
    const unfaulted = performance.now();
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
    expect(performance.now() - unfaulted).to.be.below(300);
  });

  it('a latency drawn from a distribution stays within its bounds', async () => {
    await lab.addRule({
      match: { operation: 'version/get' },
      effect: { latencyMs: { distribution: 'uniform', min: 20, max: 60 } },
    });
    for (let i = 0; i < 3; i++) await admin.get('/api/version/get');
    const drawn = ((await lab.journal({ path: '/api/version/get' })).json.entries as any[]).map(
      (e) => e.fault.latencyMs,
    );
    expect(drawn).to.have.length(3);
    for (const ms of drawn) expect(ms).to.be.within(20, 60);
  });

  it('drop: the client sees the connection closed without an answer; the journal records no status', async () => {
    const rule = (await lab.addRule({ match: { operation: 'version/get' }, effect: { drop: true } })).json;
    const outcome = await lab.rawGet('/api/version/get', 5000);
    expect(outcome.kind).to.equal('error');
    const entry = await lab.journalEntryOf('/api/version/get');
    expect(entry).to.not.have.property('status');
    expect(entry.fault).to.deep.equal({ ruleId: rule.id, effect: { drop: true } });
  });

  it('timeout: no answer until the client gives up; the request ends with the connection and is journaled', async () => {
    await lab.addRule({ match: { operation: 'version/get' }, effect: { timeout: true } });
    const started = performance.now();
    const outcome = await lab.rawGet('/api/version/get', 400);
    expect(outcome.kind).to.equal('timeout');
    expect(performance.now() - started).to.be.at.least(390);
    const entry = await lab.journalEntryOf('/api/version/get');
    expect(entry).to.not.have.property('status');
    expect(entry.fault.effect).to.deep.equal({ timeout: true });
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);
  });

  it('malformedBody: 200 with a JSON content type and a body that does not parse', async () => {
    await lab.addRule({ match: { operation: 'version/get' }, effect: { malformedBody: true } });
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
    const rule = (await lab.addRule({ effect: { kind: 'monitorUnreachable' } })).json;
    expect(rule).to.include({ active: true, hits: 0 });
    expect((await admin.get('/api/version/get')).json.monitor).to.equal('Service Unavailable');
    const page = await admin.post('/app/monitor/callhistory/export/v0', { form: { template: 'x' } });
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.text).to.contain('No connection to the monitor');
    expectError(await admin.post('/api/callHistory/get', { json: {} }), 503, 'MONITOR_UNREACHABLE');
    expect((await lab.journalEntryOf('/api/callHistory/get')).gatewayFaults).to.deep.equal([rule.id]);
    await lab.removeRule(rule.id);
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
      await lab.addRule({
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
    expect((await lab.listRules()).json.rules).to.deep.equal([]);
  });

  it('matches a user and draws a probability below 1 from the seeded source', async () => {
    await addRole(admin, 'fault_api_only', permissionsFor(['API']));
    await addLocalUser(admin, 'faultviewer', 'Fault-Viewer-Pw-1', { roleIds: ['fault_api_only'] });
    await lab.addRule({ match: { operation: 'version/get', user: 'faultviewer' }, effect: { status: 500 } });
    expect((await admin.get('/api/version/get')).status).to.equal(200);
    expectError(
      await gateway.client('faultviewer', 'Fault-Viewer-Pw-1').get('/api/version/get'),
      500,
      'FAULT_INJECTED',
    );
    const rules = (await lab.listRules()).json.rules;
    await lab.removeRule(rules[0].id);
    await lab.addRule({ match: { operation: 'nodes/get' }, effect: { status: 503 }, probability: 0.5 });
    let faulted = 0;
    for (let i = 0; i < 30; i++) if ((await admin.get('/api/nodes/get')).status === 503) faulted++;
    expect(faulted).to.be.within(5, 25);
    expect((await lab.listRules()).json.rules[0].hits).to.equal(faulted);
  });
});
