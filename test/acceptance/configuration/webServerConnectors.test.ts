import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ConfigurationReader } from '../../../src/contexts/configuration/index.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, detailFields, permissionsFor } from '../identity/identitySupport.js';
import { identity } from './certificatesSupport.js';
import { expectError } from './objectsSupport.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const PATH = '/api/webserverConnectors';

type Connector = Record<string, any>;

function body(response: ApiResponse): Connector[] {
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json;
}

function named(connectors: Connector[], displayName: string): Connector {
  const found = connectors.find((c) => c['displayName'] === displayName);
  expect(found, `connector ${displayName} in ${JSON.stringify(connectors.map((c) => c['displayName']))}`).to.not.equal(
    undefined,
  );
  return found!;
}

function compact(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}

describe('web server connectors over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;
  const server = identity('gw.example.test');
  const stranger = identity('stranger.example.test');

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  async function list(): Promise<Connector[]> {
    return body(await admin.get(`${PATH}/get`));
  }

  /** The stored HTTP_SERVER object's private key, read behind the API (reads never show it). */
  async function storedKey(id: string): Promise<string> {
    const graph = await gateway.get(ConfigurationReader).working(DEFAULT_LAB);
    return String(graph.get(id)!.parameters['privateKey']);
  }

  async function add(connector: Connector): Promise<Connector[]> {
    return body(await admin.post(`${PATH}/add`, { json: connector }));
  }

  it('answers the factory connectors: the REST API on 8111 and ACME on 80, HTTP without TLS options', async () => {
    const connectors = await list();
    const rest = named(connectors, 'REST API and GUI');
    expect(rest).to.deep.equal({
      id: rest['id'],
      displayName: 'REST API and GUI',
      httpMode: 'HTTP',
      port: 8111,
      networkOptions: { ipAddress: '' },
      requestDomains: ['REST_API', 'GUI'],
      openPortOnDemand: false,
    });
    expect(named(connectors, 'ACME challenge')).to.deep.include({
      port: 80,
      requestDomains: ['ACME'],
      openPortOnDemand: true,
    });
  });

  it('adds an HTTP connector, answering every connector with the new one and its id; objects/get reads it', async () => {
    const answer = await add({
      displayName: 'plain 8088',
      port: 8088,
      requestDomains: ['GUI'],
      networkOptions: { ipAddress: '192.0.2.10' },
    });
    const added = named(answer, 'plain 8088');
    expect(added['id']).to.match(/^[0-9a-f-]{36}$/);
    expect(answer.length).to.equal((await list()).length);
    expect(added).to.deep.equal({
      id: added['id'],
      displayName: 'plain 8088',
      httpMode: 'HTTP',
      port: 8088,
      networkOptions: { ipAddress: '192.0.2.10' },
      requestDomains: ['GUI'],
      openPortOnDemand: false,
    });
    const object = (await admin.get('/api/objects/get', { query: { id: added['id'] } })).json;
    expect(object).to.include({
      sort: 'HTTP_SERVER',
      displayName: 'plain 8088',
      port: '8088',
      httpMode: 'HTTP',
      ipAddress: '192.0.2.10',
    });
  });

  it('reads what objects/set writes, and objects/set refuses what the catalog refuses', async () => {
    const added = named(
      await add({ displayName: 'objects round trip', port: 8089, requestDomains: ['GUI'] }),
      'objects round trip',
    );
    const set = await admin.put('/api/objects/set', {
      query: { id: added['id'] },
      json: { port: '8090', openPortOnDemand: 'true' },
    });
    expect(set.status, set.text).to.equal(200);
    expect(named(await list(), 'objects round trip')).to.deep.include({ port: 8090, openPortOnDemand: true });
    expectError(await admin.put('/api/objects/set', { query: { id: added['id'] }, json: { port: '0' } }), 400);
    expect(named(await list(), 'objects round trip')['port']).to.equal(8090);
  });

  it('adds an HTTPS connector with certificate and key; the key never comes back, not through objects/get either', async () => {
    const answer = await add({
      displayName: 'secure 8443',
      httpMode: 'HTTPS',
      port: 8443,
      httpRedirectorPort: 8081,
      requestDomains: ['REST_API', 'GUI'],
      tlsOptions: {
        certificate: { pem: server.certificate },
        privateKey: { pem: server.privateKey },
        demandClientCertificate: true,
        hostnameVerification: false,
      },
    });
    const secure = named(answer, 'secure 8443');
    expect(secure['tlsOptions']).to.deep.equal({
      privateKey: { pem: '' },
      certificate: { pem: server.certificate.replace(/\r\n/g, '\n') },
      demandClientCertificate: true,
      hostnameVerification: false,
    });
    expect(secure['httpRedirectorPort']).to.equal(8081);
    const keyBody = server.privateKey.split('\n')[1]!;
    const read = await admin.get(`${PATH}/get`);
    expect(read.text).to.not.contain(keyBody);
    const object = await admin.get('/api/objects/get', { query: { id: secure['id'] } });
    expect(object.status).to.equal(200);
    expect(object.text).to.not.contain(keyBody).and.not.contain('PRIVATE KEY');
    expect(await storedKey(secure['id'])).to.contain(keyBody.slice(0, 20));
  });

  it('keeps the key when a client writes back what it read (key answered empty), and refuses a key of another certificate', async () => {
    const before = await list();
    const secure = named(before, 'secure 8443');
    const written = body(
      await admin.put(`${PATH}/set`, {
        json: before.map((c) => (c['id'] === secure['id'] ? { ...c, port: 8444 } : c)),
      }),
    );
    expect(named(written, 'secure 8443')['port']).to.equal(8444);
    expect(await storedKey(secure['id'])).to.contain(server.privateKey.split('\n')[1]!.slice(0, 20));

    const now = await list();
    const mismatch = await admin.put(`${PATH}/set`, {
      json: now.map((c) =>
        c['id'] === secure['id']
          ? { ...c, tlsOptions: { ...c['tlsOptions'], privateKey: { pem: stranger.privateKey } } }
          : c,
      ),
    });
    expectError(mismatch, 400, 'WEB_SERVER_CONNECTOR_INVALID');
    const index = now.findIndex((c) => c['id'] === secure['id']);
    expect(detailFields(mismatch)).to.deep.equal([`[${index}].tlsOptions.privateKey.pem`]);
    const newCertificateOldKey = await admin.put(`${PATH}/set`, {
      json: now.map((c) =>
        c['id'] === secure['id']
          ? { ...c, tlsOptions: { ...c['tlsOptions'], certificate: { pem: stranger.certificate } } }
          : c,
      ),
    });
    expectError(newCertificateOldKey, 400, 'WEB_SERVER_CONNECTOR_INVALID');
    expect(await list()).to.deep.equal(now);
  });

  it('refuses HTTPS without certificate or key, garbage PEM, and an add with a key of another certificate, changing nothing', async () => {
    const before = await list();
    const noTls = await admin.post(`${PATH}/add`, {
      json: { displayName: 'no tls', httpMode: 'HTTPS', port: 9443, requestDomains: ['GUI'] },
    });
    expectError(noTls, 400, 'WEB_SERVER_CONNECTOR_INVALID');
    expect(detailFields(noTls)).to.have.members(['tlsOptions.certificate.pem', 'tlsOptions.privateKey.pem']);
    const garbage = await admin.post(`${PATH}/add`, {
      json: {
        displayName: 'garbage',
        httpMode: 'HTTPS',
        port: 9443,
        requestDomains: ['GUI'],
        tlsOptions: { certificate: { pem: 'not a certificate' }, privateKey: { pem: server.privateKey } },
      },
    });
    expectError(garbage, 400, 'WEB_SERVER_CONNECTOR_INVALID');
    expect(detailFields(garbage)).to.deep.equal(['tlsOptions.certificate.pem']);
    const mismatch = await admin.post(`${PATH}/add`, {
      json: {
        displayName: 'mismatch',
        httpMode: 'HTTPS',
        port: 9443,
        requestDomains: ['GUI'],
        tlsOptions: { certificate: { pem: server.certificate }, privateKey: { pem: stranger.privateKey } },
      },
    });
    expectError(mismatch, 400, 'WEB_SERVER_CONNECTOR_INVALID');
    expect(detailFields(mismatch)).to.deep.equal(['tlsOptions.privateKey.pem']);
    expect(await list()).to.deep.equal(before);
  });

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
