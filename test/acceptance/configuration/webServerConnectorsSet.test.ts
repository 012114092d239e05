import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, detailFields, permissionsFor } from '../identity/identitySupport.js';
import { identity } from './certificatesSupport.js';
import { expectError, UNKNOWN_ID } from './objectsSupport.js';
import { body, compact, connectorHelpers, named, PATH, type Connector } from './webServerConnectorsSupport.js';

describe('web server connectors over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;
  const server = identity('gw.example.test');

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  const { list, add } = connectorHelpers(() => ({ gateway, admin }));

  it('refuses wrong types, missing fields, unknown fields and out-of-range ports, naming each field', async () => {
    const before = await list();
    const cases: Array<[Connector, string[], string]> = [
      [{ displayName: 'x', port: '8100', requestDomains: ['GUI'] }, ['port'], 'VALIDATION_FAILED'],
      [{ displayName: 'x', port: 0, requestDomains: ['GUI'] }, ['port'], 'WEB_SERVER_CONNECTOR_INVALID'],
      [{ displayName: 'x', port: 70000, requestDomains: ['GUI'] }, ['port'], 'WEB_SERVER_CONNECTOR_INVALID'],
      [{ displayName: 'x', port: 8100, requestDomains: ['FTP'] }, ['requestDomains'], 'VALIDATION_FAILED'],
      [{ displayName: 'x', port: 8100, requestDomains: [] }, ['requestDomains'], 'WEB_SERVER_CONNECTOR_INVALID'],
      [{ displayName: 'x', port: 8100, requestDomains: ['GUI'], httpMode: 'FTP' }, ['httpMode'], 'VALIDATION_FAILED'],
      [
        { displayName: 'x', port: 8100, requestDomains: ['GUI'], networkOptions: { ipAddress: 'not-an-ip' } },
        ['networkOptions.ipAddress'],
        'WEB_SERVER_CONNECTOR_INVALID',
      ],
      [
        { displayName: 'x', port: 8100, requestDomains: ['GUI'], httpRedirectorPort: 8101 },
        ['httpRedirectorPort'],
        'WEB_SERVER_CONNECTOR_INVALID',
      ],
      [
        { displayName: 'x', port: 8100, requestDomains: ['GUI'], networkOptions: { ipAddress: '', mask: 1 } },
        ['networkOptions.mask'],
        'VALIDATION_FAILED',
      ],
      [{ port: 8100, requestDomains: ['GUI'] }, ['displayName'], 'WEB_SERVER_CONNECTOR_INVALID'],
      [{ displayName: 'x', requestDomains: ['GUI'] }, ['port'], 'WEB_SERVER_CONNECTOR_INVALID'],
      [{ displayName: 'x', port: 8100, colour: 'red' }, ['colour'], 'UNKNOWN_FIELD'],
      [{ id: randomUUID(), displayName: 'x', port: 8100, requestDomains: ['GUI'] }, ['id'], 'ID_ASSIGNED_BY_SERVICE'],
    ];
    for (const [json, fields, code] of cases) {
      const response = await admin.post(`${PATH}/add`, { json });
      expectError(response, 400, code, { what: JSON.stringify(json) });
      expect(detailFields(response), JSON.stringify(json)).to.deep.equal(fields);
    }
    const inSet = await admin.put(`${PATH}/set`, { json: [...before, { displayName: 'x', port: 'eighty' }] });
    expectError(inSet, 400, 'VALIDATION_FAILED');
    expect(detailFields(inSet)).to.deep.equal([`[${before.length}].port`]);
    expect(await list()).to.deep.equal(before);
  });

  it('keeps ports unique among connectors (port and redirector port) and names unique, with 409s naming the field', async () => {
    const before = await list();
    const taken = await admin.post(`${PATH}/add`, {
      json: { displayName: 'clash', port: 8111, requestDomains: ['GUI'] },
    });
    expectError(taken, 409, 'PORT_IN_USE');
    expect(detailFields(taken)).to.deep.equal(['port']);
    expect(taken.json.error.message).to.contain('REST API and GUI');
    const redirector = await admin.post(`${PATH}/add`, {
      json: {
        displayName: 'clash',
        httpMode: 'HTTPS',
        port: 9444,
        httpRedirectorPort: 80,
        requestDomains: ['GUI'],
        tlsOptions: { certificate: { pem: server.certificate }, privateKey: { pem: server.privateKey } },
      },
    });
    expectError(redirector, 409, 'PORT_IN_USE');
    expect(detailFields(redirector)).to.deep.equal(['httpRedirectorPort']);
    const name = await admin.post(`${PATH}/add`, {
      json: { displayName: 'ACME challenge', port: 9445, requestDomains: ['GUI'] },
    });
    expectError(name, 409, 'DISPLAY_NAME_TAKEN');
    const twice = await admin.put(`${PATH}/set`, {
      json: [
        ...before,
        { displayName: 'a', port: 9446, requestDomains: ['GUI'] },
        { displayName: 'b', port: 9446, requestDomains: ['GUI'] },
      ],
    });
    expectError(twice, 409, 'PORT_IN_USE');
    expect(detailFields(twice)).to.deep.equal([`[${before.length + 1}].port`]);
    expect(await list()).to.deep.equal(before);
  });

  it('protects the last connector serving REST_API from remove, set and a change of its request domains', async () => {
    const before = await list();
    const rest = named(before, 'REST API and GUI');
    const others = before.filter((c) => c['requestDomains'].includes('REST_API') && c['id'] !== rest['id']);
    for (const other of others) body(await admin.delete(`${PATH}/remove`, { query: { identifier: other['id'] } }));
    const now = await list();
    const removal = await admin.delete(`${PATH}/remove`, { query: { identifier: rest['id'] } });
    expectError(removal, 409, 'LAST_API_CONNECTOR');
    expect(removal.json.error.message).to.contain('REST API and GUI');
    expectError(await admin.put(`${PATH}/set`, { json: [] }), 409, 'LAST_API_CONNECTOR');
    const away = await admin.put(`${PATH}/set`, {
      json: now.map((c) => (c['id'] === rest['id'] ? { ...c, requestDomains: ['GUI'] } : c)),
    });
    expectError(away, 409, 'LAST_API_CONNECTOR');
    expect(detailFields(away)).to.deep.equal([`[${now.findIndex((c) => c['id'] === rest['id'])}].requestDomains`]);
    expect(await list()).to.deep.equal(now);
    // moving REST_API to another connector in the same set is fine
    const moved = body(
      await admin.put(`${PATH}/set`, {
        json: [
          ...now.map((c) => (c['id'] === rest['id'] ? { ...c, requestDomains: ['GUI'] } : c)),
          { displayName: 'api elsewhere', port: 8112, requestDomains: ['REST_API'] },
        ],
      }),
    );
    expect(named(moved, 'api elsewhere')['requestDomains']).to.deep.equal(['REST_API']);
    body(await admin.put(`${PATH}/set`, { json: now }));
    expect((await list()).map((c) => c['displayName'])).to.deep.equal(now.map((c) => c['displayName']));
  });

  it('set replaces the connectors: updates listed ones, creates new ones, removes unlisted ones; unknown ids are 404', async () => {
    const before = await list();
    const acme = named(before, 'ACME challenge');
    const keep = before.filter((c) => c['id'] !== acme['id']);
    const answer = body(
      await admin.put(`${PATH}/set`, {
        json: [...keep, { displayName: 'created by set', port: 8200, requestDomains: ['ACME'] }],
      }),
    );
    expect(answer.map((c) => c['displayName']))
      .to.include('created by set')
      .and.not.include('ACME challenge');
    expectError(await admin.get('/api/objects/get', { query: { id: acme['id'] } }), 404);
    const unknown = await admin.put(`${PATH}/set`, {
      json: [...answer, { id: UNKNOWN_ID, displayName: 'ghost', port: 8201 }],
    });
    expectError(unknown, 404, 'WEB_SERVER_CONNECTOR_NOT_FOUND');
    expect(detailFields(unknown)).to.deep.equal([`[${answer.length}].id`]);
    const compactUnknown = await admin.put(`${PATH}/set`, {
      json: [...answer, { id: compact(UNKNOWN_ID), displayName: 'ghost', port: 8201 }],
    });
    expectError(compactUnknown, 404, 'WEB_SERVER_CONNECTOR_NOT_FOUND');
    const duplicate = await admin.put(`${PATH}/set`, { json: [...answer, answer[0]] });
    expectError(duplicate, 400, 'DUPLICATE_CONNECTOR');
    expectError(await admin.put(`${PATH}/set`, { json: { displayName: 'not an array' } }), 400, 'INVALID_BODY');
    // the same list again changes nothing and leaves the configuration state as it is
    await admin.post('/api/coreConfig/commit');
    body(await admin.put(`${PATH}/set`, { json: await list() }));
    expect((await admin.get('/api/coreConfig/status/get')).json.hasUncommittedChanges).to.equal(false);
  });

  it('removes by id in either shape, answering the remaining ones; unknown ids are 404; referenced ones are 409', async () => {
    const added = named(await add({ displayName: 'to remove', port: 8300, requestDomains: ['GUI'] }), 'to remove');
    const remaining = body(await admin.delete(`${PATH}/remove`, { query: { identifier: compact(added['id']) } }));
    expect(remaining.map((c) => c['id'])).to.not.include(added['id']);
    expect(remaining).to.deep.equal(await list());
    expectError(
      await admin.delete(`${PATH}/remove`, { query: { identifier: UNKNOWN_ID } }),
      404,
      'WEB_SERVER_CONNECTOR_NOT_FOUND',
    );
    expectError(
      await admin.delete(`${PATH}/remove`, { query: { identifier: compact(UNKNOWN_ID) } }),
      404,
      'WEB_SERVER_CONNECTOR_NOT_FOUND',
    );
    const used = named(await add({ displayName: 'provisioning', port: 8301, requestDomains: ['GUI'] }), 'provisioning');
    const provisioning = await admin.put('/api/objects/set', {
      query: { id: randomUUID() },
      json: { sort: 'PROVISIONING_SERVER', displayName: 'phones', httpServerId: used['id'] },
    });
    expect(provisioning.status, provisioning.text).to.equal(200);
    const refused = await admin.delete(`${PATH}/remove`, { query: { identifier: used['id'] } });
    expectError(refused, 409, 'WEB_SERVER_CONNECTOR_IN_USE');
    expect(refused.json.error.message).to.contain('phones');
    expect((await list()).map((c) => c['id'])).to.include(used['id']);
  });

  it('commits after a view write', async () => {
    body(await admin.post(`${PATH}/add`, { json: { displayName: 'committed', port: 8400, requestDomains: ['GUI'] } }));
    expect((await admin.get('/api/coreConfig/status/get')).json.hasUncommittedChanges).to.equal(true);
    const commit = await admin.post('/api/coreConfig/commit');
    expect(commit.status, commit.text).to.equal(200);
    expect((await admin.get('/api/coreConfig/status/get')).json.hasUncommittedChanges).to.equal(false);
    expect(named(await list(), 'committed')['port']).to.equal(8400);
  });

  it('needs WEB-R to read and WEB-W to write (configuration rights are not enough)', async () => {
    await addRole(admin, 'config_only', permissionsFor(['API', 'CFG-W']));
    await addRole(admin, 'web_reader', permissionsFor(['API', 'WEB-R']));
    await addLocalUser(admin, 'configurer', 'Configurer-Pw-4821!', { roleIds: ['config_only'] });
    await addLocalUser(admin, 'webreader', 'Webreader-Pw-4821!', { roleIds: ['web_reader'] });
    const configurer = gateway.client('configurer', 'Configurer-Pw-4821!');
    const reader = gateway.client('webreader', 'Webreader-Pw-4821!');
    expectError(await configurer.get(`${PATH}/get`), 403);
    expect((await reader.get(`${PATH}/get`)).status).to.equal(200);
    const before = await list();
    expectError(
      await reader.post(`${PATH}/add`, { json: { displayName: 'forbidden', port: 8500, requestDomains: ['GUI'] } }),
      403,
    );
    expectError(await reader.put(`${PATH}/set`, { json: [] }), 403);
    expectError(await reader.delete(`${PATH}/remove`, { query: { identifier: before[0]!['id'] } }), 403);
    expect(await list()).to.deep.equal(before);
  });
});
