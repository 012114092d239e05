import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { TestGateway } from '../../support/TestGateway.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { addLocalUser, addRole, permissionsFor } from '../identity/identitySupport.js';
import { FAULTS, FaultLab, JOURNAL } from './faultsSupport.js';

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
      const response = await lab.addRule(rule);
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
      const response = await lab.addRule(rule);
      expectError(response, 400, 'INVALID_FAULT_RULE');
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        JSON.stringify(rule),
      ).to.deep.equal([field]);
    }
    const unknownKind = await lab.addRule({ effect: { kind: 'meteorStrike' } });
    expectError(unknownKind, 400);
    expect(unknownKind.json.error.details[0].field).to.equal('effect.kind');
    expect(unknownKind.json.error.message).to.contain('standbyLinkDown').and.contain('packetLoss');
    expect((await lab.listRules()).json.rules).to.deep.equal([]);
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
      const response = await lab.addRule(rule);
      expectError(response, 400, 'INVALID_FAULT_RULE', { what: JSON.stringify(rule) });
      expect(
        response.json.error.details.map((d: { field: string; rule: string }) => `${d.field} ${d.rule}`),
        JSON.stringify(rule),
      ).to.deep.equal([`${field} ${ruleName}`]);
      if (field === 'match')
        expect(response.json.error.message, 'it says how to match every request').to.contain('{"all": true}');
    }
    expect((await lab.listRules()).json.rules).to.deep.equal([]);

    const every = await lab.addRule({ match: { all: true }, effect: { status: 503 }, count: 2 });
    expect(every.status, every.text).to.equal(200);
    expect(every.json.match).to.deep.equal({ all: true });
    expect((await lab.listRules()).json.rules.map((r: { match: unknown }) => r.match)).to.deep.equal([{ all: true }]);
    expectError(await admin.get('/api/version/get'), 503, 'FAULT_INJECTED');
    expectError(await admin.post('/api/callHistory/get', { json: {} }), 503, 'FAULT_INJECTED');
    expect((await admin.get('/api/version/get')).status).to.equal(200);
  });

  it('is for administrators only: 401 without credentials, 403 for a user without ADM', async () => {
    await addRole(admin, 'fault_api_user', permissionsFor(['API']));
    await addLocalUser(admin, 'faultuser', 'Fault-User-Pw-1', { roleIds: ['fault_api_user'] });
    const user = gateway.client('faultuser', 'Fault-User-Pw-1');
    expectError(await lab.addRule({ effect: { status: 503 } }, user), 403, 'PERMISSION_DENIED');
    expectError(await lab.sim('GET', FAULTS, {}, user), 403, 'PERMISSION_DENIED');
    expectError(await lab.sim('GET', JOURNAL, {}, user), 403, 'PERMISSION_DENIED');
    expectError(await lab.sim('DELETE', JOURNAL, {}, user), 403, 'PERMISSION_DENIED');
    expectError(await lab.sim('GET', FAULTS, {}, gateway.client()), 401);
    expect((await lab.listRules()).json.rules).to.deep.equal([]);
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
    expectError(await lab.removeRule('no-such-rule'), 404, 'FAULT_RULE_NOT_FOUND');
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
