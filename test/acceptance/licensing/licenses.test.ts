import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { labPrivateKey, signLicenseFile, type LicenseDocument } from '@gwsim/license-file';
import { LicensedCapacity } from '../../../src/contexts/licensing/index.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, detailFields, permissionsFor } from '../identity/identitySupport.js';
import type { ApiResponse } from '../../support/ApiClient.js';

/** A 4xx in the one error shape whose details name each of the fields. */
function refused(response: ApiResponse, status: number, code: string | undefined, fields: readonly string[]): void {
  expectError(response, status, code);
  expect(detailFields(response)).to.include.members([...fields]);
}

const GET = '/api/licenses/get';
const IMPORT = '/api/licenses/importFile';
const LOD = '/api/licenses/importLod';
const SYSTEM_IDS = '/api/licenses/systemIds/get';
const DAY = 24 * 3600 * 1000;

let serial = 0;
function document(overrides: Partial<LicenseDocument> = {}): LicenseDocument {
  serial += 1;
  return {
    identifier: `0b6e7c7a-2222-4333-8444-${String(serial).padStart(12, '0')}`,
    name: `lab license ${serial}`,
    products: ['gwsim'],
    application: 'gateway',
    requiredSystemIds: [],
    validFrom: '2026-01-01T00:00:00Z',
    validUntil: '2026-03-31T23:59:59Z',
    softwareUpdateServiceUntil: '2026-12-31T23:59:59Z',
    facilities: [
      { name: 'recSession', value: 2 },
      { name: 'telrtSession', value: 4 },
    ],
    constraints: ['telrtDemo'],
    invalidates: [],
    ...overrides,
  };
}

const mint = (overrides: Partial<LicenseDocument> = {}) => signLicenseFile(document(overrides), labPrivateKey());

describe('licenses over HTTP', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;

  const licenses = async (query: Record<string, string> = {}) => {
    const response = await admin.get(GET, { query });
    expect(response.status, response.text).to.equal(200);
    return response.json as Array<Record<string, any>>;
  };
  const upload = (content: Buffer, client: ApiClient = admin, name = 'lab.xzlicense') =>
    client.put(IMPORT, { file: { name, content } });
  const imported = async (content: Buffer) => {
    const response = await upload(content);
    expect(response.status, response.text).to.equal(200);
    expect(response.text).to.equal('');
  };
  const statusOf = async (identifier: string) =>
    (await licenses()).find((l) => l['identifier'] === identifier)?.['status'];

  beforeEach(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  afterEach(() => gateway.stop());

  it("answers [] without licenses, and a minted license in the real product's shape, ACTIVE, in both date formats", async () => {
    expect(await licenses()).to.deep.equal([]);
    const doc = document({ name: '4 lines demo license' });
    await imported(signLicenseFile(doc, labPrivateKey()));
    const [license] = await licenses();
    expect(license!['id']).to.match(/^[0-9a-f-]{36}$/);
    expect(license).to.deep.equal({
      id: license!['id'],
      identifier: doc.identifier,
      name: '4 lines demo license',
      validFrom: 'UTC 2026-01-01 00:00:00',
      validUntil: 'UTC 2026-03-31 23:59:59',
      softwareUpdateServiceUntil: 'UTC 2026-12-31 23:59:59',
      facilities: [
        { name: 'recSession = 2', value: 2 },
        { name: 'telrtSession = 4', value: 4 },
      ],
      constraints: '[telrtDemo]',
      products: '[gwsim]',
      requiredSystemIds: '[]',
      invalidatedLicences: '0',
      status: 'ACTIVE',
    });
    const [iso] = await licenses({ dateFormat: 'ISO-8601' });
    expect(iso).to.include({ validFrom: '2026-01-01T00:00:00.000Z', validUntil: '2026-03-31T23:59:59.000Z' });
    expect(await gateway.get(LicensedCapacity).facility(DEFAULT_LAB, 'telrtSession')).to.equal(4);
  });

  it('moves a license to VALID_UNTIL when the clock passes its end, and its capacity goes', async () => {
    const doc = document();
    await imported(signLicenseFile(doc, labPrivateKey()));
    expect(await statusOf(doc.identifier)).to.equal('ACTIVE');
    gateway.clock.advance(31 * DAY);
    expect(await statusOf(doc.identifier)).to.equal('VALID_UNTIL');
    expect(await gateway.get(LicensedCapacity).facility(DEFAULT_LAB, 'telrtSession')).to.equal(0);
  });

  it('imports a license without validUntil: shown without the field (never null), ACTIVE at any clock after validFrom', async () => {
    const { validUntil: _end, ...forever } = document({ name: 'forever license' });
    const { validUntil: _later, ...later } = document({ name: 'later license', validFrom: '2027-01-01T00:00:00Z' });
    await imported(signLicenseFile(forever, labPrivateKey()));
    await imported(signLicenseFile(later, labPrivateKey()));
    for (const dateFormat of ['XZWO', 'ISO-8601']) {
      for (const license of await licenses({ dateFormat })) {
        expect(license, dateFormat).to.not.have.property('validUntil');
        expect(Object.entries(license).filter(([, value]) => value === null)).to.deep.equal([]);
        expect(license['requiredSystemIds']).to.equal('[]');
      }
    }
    const [shown] = await licenses();
    expect(shown).to.include({ name: 'forever license', validFrom: 'UTC 2026-01-01 00:00:00', status: 'ACTIVE' });
    expect(await statusOf(later.identifier)).to.equal('VALID_FROM');
    gateway.clock.advance(60 * 365 * DAY);
    expect(await statusOf(forever.identifier)).to.equal('ACTIVE');
    expect(await statusOf(later.identifier)).to.equal('ACTIVE');
    expect(await gateway.get(LicensedCapacity).facility(DEFAULT_LAB, 'telrtSession')).to.equal(8);
  });

  it('stores a file with a flipped byte or a foreign signature with status SIGNATURE', async () => {
    const file = mint({ name: 'Flip me' });
    const at = file.indexOf('Flip me');
    file[at] = file[at]! ^ 0x01;
    await imported(file);
    const foreignKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const foreign = document();
    await imported(signLicenseFile(foreign, foreignKey));
    const all = await licenses();
    expect(all.map((l) => [l['name'], l['status']])).to.deep.equal([
      ['Glip me', 'SIGNATURE'],
      [foreign.name, 'SIGNATURE'],
    ]);
    expect(await gateway.get(LicensedCapacity).facility(DEFAULT_LAB, 'telrtSession')).to.equal(0);
  });

  it("gives SYSTEM_ID to a license bound to another system id, PRODUCT to another product's, ACTIVE to one bound to this gateway", async () => {
    const [own] = (await admin.get(SYSTEM_IDS)).json as Array<{ id: string }>;
    const other = document({ requiredSystemIds: ['GW-0000-0000-0000-0000'] });
    const product = document({ products: ['faxserver'] });
    const bound = document({ requiredSystemIds: [own!.id] });
    for (const doc of [other, product, bound]) await imported(signLicenseFile(doc, labPrivateKey()));
    expect((await licenses()).map((l) => l['status'])).to.deep.equal(['SYSTEM_ID', 'PRODUCT', 'ACTIVE']);
    expect((await licenses())[2]!['requiredSystemIds']).to.equal(`[${own!.id}]`);
  });

  it('makes a license INVALIDATED when a later license invalidates it', async () => {
    const first = document();
    await imported(signLicenseFile(first, labPrivateKey()));
    const second = document({ invalidates: [first.identifier], facilities: [{ name: 'telrtSession', value: 30 }] });
    await imported(signLicenseFile(second, labPrivateKey()));
    const all = await licenses();
    expect(all.map((l) => [l['identifier'], l['status'], l['invalidatedLicences']])).to.deep.equal([
      [first.identifier, 'INVALIDATED', '0'],
      [second.identifier, 'ACTIVE', '1'],
    ]);
    expect(await gateway.get(LicensedCapacity).facility(DEFAULT_LAB, 'telrtSession')).to.equal(30);
  });

  it('refuses garbage, a missing file, JSON of another format and a second import of one license with 4xx naming the file, storing nothing new', async () => {
    for (const content of [
      Buffer.from('not a license'),
      Buffer.from([0xff, 0xfe, 0xfd]),
      Buffer.from('{"format":"gwsim-config","formatVersion":1}'),
    ]) {
      const response = await upload(content);
      expectError(response, 400, 'INVALID_LICENSE_FILE');
      expect(response.json.error.message).to.match(/^file: /);
    }
    expectError(await admin.put(IMPORT, {}), 'any4xx');
    const bad = JSON.parse(mint().toString());
    bad.license.facilities[0].value = 'many';
    const invalid = await upload(Buffer.from(JSON.stringify(bad)));
    expectError(invalid, 400, 'INVALID_LICENSE_FILE');
    expect(invalid.json.error.message).to.contain('license.facilities[0].value');
    expect(await licenses()).to.deep.equal([]);
    const file = mint();
    await imported(file);
    expectError(await upload(file), 409, 'LICENSE_ALREADY_IMPORTED');
    expect(await licenses()).to.have.length(1);
  });

  it('lists two stable system ids per lab', async () => {
    const first = await admin.get(SYSTEM_IDS);
    expect(first.status).to.equal(200);
    expect(first.json.map((s: { type: string }) => s.type)).to.deep.equal(['MACHINE', 'NETWORK_ADAPTER']);
    expect((await admin.get(SYSTEM_IDS)).json).to.deep.equal(first.json);
  });

  it('exchanges a catalogue key for a license bound to the device; a used or unknown key and a foreign device are refused, storing nothing', async () => {
    const [device] = (await admin.get(SYSTEM_IDS)).json as Array<{ id: string }>;
    const request = {
      licenseKey: 'GWSIM-LAB4-0000-0001',
      companyName: 'Lab Ltd',
      emailAddress: 'lab@example.test',
      licensingDevice: device!.id,
    };
    const response = await admin.put(LOD, { json: request });
    expect(response.status, response.text).to.equal(200);
    expect(response.json).to.have.length(1);
    expect(response.json[0]).to.include({
      name: '4 lines lab license',
      status: 'ACTIVE',
      requiredSystemIds: `[${device!.id}]`,
      validFrom: 'UTC 2026-03-01 08:00:00',
    });
    expect(await licenses()).to.deep.equal(response.json);
    refused(await admin.put(LOD, { json: request }), 409, 'LICENSE_KEY_USED', ['licenseKey']);
    refused(await admin.put(LOD, { json: { ...request, licenseKey: 'NO-SUCH-KEY' } }), 400, 'LICENSE_KEY_UNKNOWN', [
      'licenseKey',
    ]);
    refused(
      await admin.put(LOD, { json: { ...request, licenseKey: 'GWSIM-DEMO-0000-0003', licensingDevice: 'GW-0000' } }),
      400,
      'UNKNOWN_LICENSING_DEVICE',
      ['licensingDevice'],
    );
    refused(
      await admin.put(LOD, {
        json: { ...request, licenseKey: 'GWSIM-DEMO-0000-0003', emailAddress: 'not an address' },
      }),
      400,
      undefined,
      ['emailAddress'],
    );
    refused(await admin.put(LOD, { json: { licenseKey: 'GWSIM-DEMO-0000-0003' } }), 400, undefined, [
      'companyName',
      'emailAddress',
      'licensingDevice',
    ]);
    refused(await admin.put(LOD, { json: { ...request, licenseKey: 7 } }), 400, undefined, ['licenseKey']);
    expect(await licenses()).to.have.length(1);
  });

  it('needs user-management write for get, importLod and systemIds, configuration write for importFile', async () => {
    await addRole(admin, 'um_writer', permissionsFor(['API', 'UM-W']));
    await addLocalUser(admin, 'umwriter', 'Umwriter-Pw-4821!', { roleIds: ['um_writer'] });
    await addRole(admin, 'cfg_writer', permissionsFor(['API', 'CFG-W']));
    await addLocalUser(admin, 'cfgwriter', 'Cfgwriter-Pw-4821!', { roleIds: ['cfg_writer'] });
    const um = gateway.client('umwriter', 'Umwriter-Pw-4821!');
    const cfg = gateway.client('cfgwriter', 'Cfgwriter-Pw-4821!');
    const [device] = (await um.get(SYSTEM_IDS)).json as Array<{ id: string }>;
    expect((await um.get(GET)).status).to.equal(200);
    expectError(await cfg.get(GET), 403, 'PERMISSION_DENIED');
    expectError(await cfg.get(SYSTEM_IDS), 403, 'PERMISSION_DENIED');
    expectError(
      await cfg.put(LOD, {
        json: {
          licenseKey: 'GWSIM-LAB4-0000-0001',
          companyName: 'x',
          emailAddress: 'a@b.test',
          licensingDevice: device!.id,
        },
      }),
      403,
      'PERMISSION_DENIED',
    );
    expectError(await upload(mint(), um), 403, 'PERMISSION_DENIED');
    expect(await licenses()).to.deep.equal([]);
    expect((await upload(mint(), cfg)).status).to.equal(200);
    expect(await licenses()).to.have.length(1);
  });
});
