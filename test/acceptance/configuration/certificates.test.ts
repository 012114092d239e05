import { expect } from 'chai';
import { toPkcs12 } from '@gwsim/x509';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, detailFields, permissionsFor } from '../identity/identitySupport.js';
import { createBareNode, identity } from './certificatesSupport.js';
import { createNodeGraph, expectError, readGraph } from './objectsSupport.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const GET = '/api/nodes/certificates/get';
/** Every member of a certificate entry's `certificate`, as the real product names them. */
const CERTIFICATE_FIELDS = [
  'certificateAuthority',
  'extendedUsage',
  'fingerprint',
  'fingerprintAlgorithm',
  'issuer',
  'serial',
  'signingAlgorithm',
  'subject',
  'subjectAlternativeNames',
  'usage',
  'validFrom',
  'validUntil',
  'version',
];
const SET = '/api/nodes/certificates/set';

type Mode = 'CERTIFICATES_AND_PRIVATE_KEY' | 'CERTIFICATES_ONLY' | 'PRIVATE_KEY_ONLY';

function compact(id: string): string {
  return id.replace(/-/g, '').toUpperCase();
}

function certificates(response: ApiResponse): Array<Record<string, any>> {
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json;
}

function keyBody(pem: string): string {
  return pem.split(/\r?\n/)[1]!;
}

describe('node certificates over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;
  const ca = identity('Acceptance CA', { certificateAuthority: true });
  const server = identity('node.example.test', { issuer: ca, dnsNames: ['node.example.test'] });
  const stranger = identity('stranger.example.test');
  const expired = identity('expired.example.test', {
    notBefore: new Date('2024-01-01T00:00:00Z'),
    notAfter: new Date('2025-01-01T00:00:00Z'),
  });

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  function upload(
    node: string,
    mode: Mode,
    name: string,
    content: string | Buffer,
    password?: string,
  ): Promise<ApiResponse> {
    return admin.put(SET, {
      query: { node, mode, ...(password !== undefined ? { password } : {}) },
      file: { name, content },
    });
  }

  it('answers an empty list for a node without identity, by id in either shape or display name; unknown nodes are 404', async () => {
    const bare = await createBareNode(admin, 'empty', { port: 5100 });
    for (const node of [bare.node['id'], compact(bare.node['id']), 'empty node']) {
      expect(certificates(await admin.get(GET, { query: { node } }))).to.deep.equal([]);
    }
    expectError(await admin.get(GET, { query: { node: UNKNOWN_ID } }), 404, 'NODE_NOT_FOUND');
    expectError(await admin.get(GET, { query: { node: compact(UNKNOWN_ID) } }), 404, 'NODE_NOT_FOUND');
    expectError(await admin.get(GET, { query: { node: 'no such node' } }), 404, 'NODE_NOT_FOUND');
    expectError(await admin.get(GET, { query: { node: bare.transport['id'] } }), 404, 'NODE_NOT_FOUND');
  });

  it('stores PEM certificates and key, creating the security profile and identity; the key never comes back', async () => {
    const bare = await createBareNode(admin, 'pem', { port: 5110 });
    const answer = certificates(
      await upload(
        bare.node['id'],
        'CERTIFICATES_AND_PRIVATE_KEY',
        'node.pem',
        `${server.certificate}${ca.certificate}${server.privateKey}`,
      ),
    );
    expect(answer.map((e) => e['certificate']['subject'])).to.deep.equal(['CN=node.example.test', 'CN=Acceptance CA']);
    const [own, chain] = answer as [Record<string, any>, Record<string, any>];
    expect(own['privateKey']).to.deep.equal({ keySize: 2048, keyType: 'RSA' });
    expect(Object.keys(own['certificate']).sort()).to.deep.equal(CERTIFICATE_FIELDS);
    expect(own['certificate']).to.deep.include({
      subject: 'CN=node.example.test',
      issuer: 'CN=Acceptance CA',
      version: '3',
      validFrom: 'UTC 2025-01-01 00:00:00',
      validUntil: 'UTC 2028-01-01 00:00:00',
      signingAlgorithm: 'sha256WithRSAEncryption',
      fingerprintAlgorithm: 'SHA-256',
      certificateAuthority: 'false',
      usage: ['digitalSignature', 'keyEncipherment'],
      extendedUsage: ['serverAuth', 'clientAuth'],
      subjectAlternativeNames: ['DNS:node.example.test'],
    });
    expect(own['certificate']['fingerprint']).to.match(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(own['certificate']['serial']).to.match(/^[0-9A-F]+$/);
    // the chain: the gateway holds no key for it
    expect(chain['privateKey']).to.equal(null);
    expect(chain['certificate']).to.deep.include({
      certificateAuthority: 'true',
      usage: ['keyCertSign', 'cRLSign'],
      extendedUsage: [],
      subjectAlternativeNames: [],
    });
    const iso = certificates(await admin.get(GET, { query: { node: 'pem node', dateFormat: 'ISO-8601' } }));
    expect(iso[0]!['certificate']['validUntil']).to.equal('2028-01-01T00:00:00.000Z');
    expect(certificates(await admin.get(GET, { query: { node: 'pem node' } }))).to.deep.equal(answer);

    const transport = (await admin.get('/api/objects/get', { query: { id: bare.transport['id'] } })).json;
    const profile = (await admin.get('/api/objects/get', { query: { id: transport['networkSecurityProfileId'] } }))
      .json;
    expect(profile).to.include({ sort: 'INS_STACK', displayName: 'pem node security profile' });
    const identityObject = await admin.get('/api/objects/get', { query: { id: profile['digitalIdentityId'] } });
    expect(identityObject.json).to.include({
      sort: 'CRY_X509_STACK',
      displayName: 'pem node digital identity',
      subject: 'CN=node.example.test',
      keyType: 'RSA_2048',
      selfSigned: 'false',
    });
    expect(identityObject.json['certificate']).to.contain(keyBody(server.certificate));
    expect(identityObject.json['certificateChain']).to.contain(keyBody(ca.certificate));
    expect(identityObject.text).to.not.contain(keyBody(server.privateKey));
    const everything = JSON.stringify(await readGraph(admin));
    expect(everything).to.not.contain(keyBody(server.privateKey));

    const commit = await admin.post('/api/coreConfig/commit');
    expect(commit.status, commit.text).to.equal(200);
  });

  it('opens PKCS#12 with the right password and refuses a wrong one or none, changing nothing', async () => {
    const bare = await createBareNode(admin, 'p12', { port: 5120, securityProfile: true });
    const file = toPkcs12([server.certificate, ca.certificate], server.privateKey, 'P12-pass-word');
    const before = await readGraph(admin);
    for (const password of ['not-the-password', undefined]) {
      const wrong = await upload(bare.node['id'], 'CERTIFICATES_AND_PRIVATE_KEY', 'node.p12', file, password);
      expectError(wrong, 400, 'CERTIFICATE_FILE_PASSWORD');
      expect(detailFields(wrong)).to.deep.equal(['password']);
    }
    expect(await readGraph(admin)).to.deep.equal(before);
    const answer = certificates(
      await upload(bare.node['id'], 'CERTIFICATES_AND_PRIVATE_KEY', 'node.p12', file, 'P12-pass-word'),
    );
    expect(answer.map((e) => e['certificate']['subject'])).to.deep.equal(['CN=node.example.test', 'CN=Acceptance CA']);
    // the existing profile got the identity; no second profile was made
    const profile = (await admin.get('/api/objects/get', { query: { id: bare.securityProfile!['id'] } })).json;
    expect(profile['digitalIdentityId']).to.be.a('string').and.not.equal('');
    expect(
      (await admin.get('/api/objects/get', { query: { id: bare.transport['id'] } })).json['networkSecurityProfileId'],
    ).to.equal(bare.securityProfile!['id']);
  });

  it('refuses a key that does not belong to the certificate, garbage, and a file lacking the part the mode needs, changing nothing', async () => {
    const bare = await createBareNode(admin, 'refusals', { port: 5130 });
    const node = bare.node['id'];
    const before = await readGraph(admin);
    const mismatch = await upload(
      node,
      'CERTIFICATES_AND_PRIVATE_KEY',
      'node.pem',
      `${server.certificate}${stranger.privateKey}`,
    );
    expectError(mismatch, 400, 'PRIVATE_KEY_MISMATCH');
    expect(detailFields(mismatch)).to.deep.equal(['file']);
    const p12Mismatch = await upload(
      node,
      'CERTIFICATES_AND_PRIVATE_KEY',
      'node.p12',
      toPkcs12([server.certificate], stranger.privateKey, 'pw'),
      'pw',
    );
    expectError(p12Mismatch, 400, 'PRIVATE_KEY_MISMATCH');
    const garbage = await upload(node, 'CERTIFICATES_AND_PRIVATE_KEY', 'node.pem', Buffer.from([0, 1, 2, 3, 255]));
    expectError(garbage, 400, 'CERTIFICATE_FILE_INVALID');
    expect(detailFields(garbage)).to.deep.equal(['file']);
    expectError(
      await upload(
        node,
        'CERTIFICATES_AND_PRIVATE_KEY',
        'node.pem',
        '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n',
      ),
      400,
      'CERTIFICATE_FILE_INVALID',
    );
    expectError(
      await upload(node, 'CERTIFICATES_AND_PRIVATE_KEY', 'cert.pem', server.certificate),
      400,
      'PRIVATE_KEY_MISSING',
    );
    expectError(await upload(node, 'PRIVATE_KEY_ONLY', 'cert.pem', server.certificate), 400, 'PRIVATE_KEY_MISSING');
    expectError(await upload(node, 'CERTIFICATES_ONLY', 'key.pem', server.privateKey), 400, 'CERTIFICATE_MISSING');
    const badMode = await upload(node, 'EVERYTHING' as Mode, 'node.pem', `${server.certificate}${server.privateKey}`);
    expectError(badMode, 400, 'INVALID_QUERY_PARAMETER');
    expectError(await upload(UNKNOWN_ID, 'CERTIFICATES_ONLY', 'cert.pem', server.certificate), 404, 'NODE_NOT_FOUND');
    expectError(
      await upload(compact(UNKNOWN_ID), 'CERTIFICATES_ONLY', 'cert.pem', server.certificate),
      404,
      'NODE_NOT_FOUND',
    );
    expect(await readGraph(admin)).to.deep.equal(before);
  });

  it('sets certificates and key separately: each must belong to the one the node keeps', async () => {
    const bare = await createBareNode(admin, 'parts', { port: 5140 });
    const node = bare.node['id'];
    const certificateOnly = certificates(await upload(node, 'CERTIFICATES_ONLY', 'cert.pem', server.certificate));
    expect(certificateOnly.map((e) => [e['certificate']['subject'], e['privateKey']])).to.deep.equal([
      ['CN=node.example.test', null],
    ]);
    const strangeKey = await upload(node, 'PRIVATE_KEY_ONLY', 'key.pem', stranger.privateKey);
    expectError(strangeKey, 400, 'PRIVATE_KEY_MISMATCH');
    expect(strangeKey.json.error.message).to.contain('current certificate');
    expect(certificates(await upload(node, 'PRIVATE_KEY_ONLY', 'key.pem', server.privateKey))[0]).to.deep.include({
      privateKey: { keySize: 2048, keyType: 'RSA' },
    });
    const otherCertificate = await upload(node, 'CERTIFICATES_ONLY', 'cert.pem', stranger.certificate);
    expectError(otherCertificate, 400, 'PRIVATE_KEY_MISMATCH');
    expect(otherCertificate.json.error.message).to.contain('current private key');
    expect(
      certificates(await admin.get(GET, { query: { node } })).map((e) => e['certificate']['subject']),
    ).to.deep.equal(['CN=node.example.test']);
    // a PKCS#12 file holding only the certificate works for CERTIFICATES_ONLY, replacing certificate and key together does too
    certificates(
      await upload(node, 'CERTIFICATES_AND_PRIVATE_KEY', 'both.pem', `${stranger.certificate}${stranger.privateKey}`),
    );
    expect(
      certificates(
        await upload(node, 'CERTIFICATES_ONLY', 'cert.p12', toPkcs12([stranger.certificate], undefined, 'pw'), 'pw'),
      ).map((e) => e['certificate']['subject']),
    ).to.deep.equal(['CN=stranger.example.test']);
  });

  it('stores and reports an expired certificate, and replaces material objects/set stored without being readable', async () => {
    const graph = await createNodeGraph(admin, 'legacy', 5150);
    // objects/set checked only the PEM syntax of the legacy identity: nothing readable to show
    expect(certificates(await admin.get(GET, { query: { node: graph.node['id'] } }))).to.deep.equal([]);
    const answer = certificates(
      await upload(
        graph.node['id'],
        'CERTIFICATES_AND_PRIVATE_KEY',
        'old.pem',
        `${expired.certificate}${expired.privateKey}`,
      ),
    );
    expect(answer).to.have.length(1);
    expect(answer[0]!['certificate']).to.deep.include({
      subject: 'CN=expired.example.test',
      issuer: 'CN=expired.example.test',
      validUntil: 'UTC 2025-01-01 00:00:00',
    });
    const stored = (await admin.get('/api/objects/get', { query: { id: graph.identity['id'] } })).json;
    expect(stored).to.include({ subject: 'CN=expired.example.test', selfSigned: 'true' });
  });

  it('reads a certificate objects/set writes into the identity', async () => {
    const bare = await createBareNode(admin, 'round trip', { port: 5160 });
    certificates(await upload(bare.node['id'], 'CERTIFICATES_ONLY', 'cert.pem', stranger.certificate));
    const profile = (
      await admin.get('/api/objects/get', {
        query: {
          id: (await admin.get('/api/objects/get', { query: { id: bare.transport['id'] } })).json[
            'networkSecurityProfileId'
          ],
        },
      })
    ).json;
    const set = await admin.put('/api/objects/set', {
      query: { id: profile['digitalIdentityId'] },
      json: { certificate: server.certificate },
    });
    expect(set.status, set.text).to.equal(200);
    expect(
      certificates(await admin.get(GET, { query: { node: 'round trip node' } })).map(
        (e) => e['certificate']['subject'],
      ),
    ).to.deep.equal(['CN=node.example.test']);
  });

  it('needs CFG-R to read and CFG-W to write', async () => {
    const bare = await createBareNode(admin, 'permissions', { port: 5170 });
    await addRole(admin, 'cert_reader', permissionsFor(['API', 'CFG-R']));
    await addLocalUser(admin, 'certreader', 'Certreader-Pw-4821!', { roleIds: ['cert_reader'] });
    await addRole(admin, 'web_only', permissionsFor(['API', 'WEB-W']));
    await addLocalUser(admin, 'webonly', 'Webonly-Pw-4821!', { roleIds: ['web_only'] });
    const reader = gateway.client('certreader', 'Certreader-Pw-4821!');
    const webOnly = gateway.client('webonly', 'Webonly-Pw-4821!');
    expect((await reader.get(GET, { query: { node: bare.node['id'] } })).status).to.equal(200);
    expectError(await webOnly.get(GET, { query: { node: bare.node['id'] } }), 403);
    const refused = await reader.put(SET, {
      query: { node: bare.node['id'], mode: 'CERTIFICATES_ONLY' },
      file: { name: 'c.pem', content: server.certificate },
    });
    expectError(refused, 403);
    expect(certificates(await admin.get(GET, { query: { node: bare.node['id'] } }))).to.deep.equal([]);
  });
});
