import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { detailFields } from '../identity/identitySupport.js';
import { identity } from './certificatesSupport.js';
import { expectError } from './objectsSupport.js';
import { body, connectorHelpers, named, PATH } from './webServerConnectorsSupport.js';

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

  const { list, storedKey, add } = connectorHelpers(() => ({ gateway, admin }));

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
});
