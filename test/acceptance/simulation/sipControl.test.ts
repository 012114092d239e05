import { expect } from 'chai';
import { DEFAULT_LAB, labId } from '../../../src/shared/domain/LabId.js';
import { DEFAULT_REGISTRAR_GUARD, StoredSip } from '../../../src/contexts/simulation/index.js';
import { TestGateway } from '../../support/TestGateway.js';
import { expectError } from '../../support/expectError.js';
import { FakeSipListening } from '../../support/simulation/FakeSipListening.js';
import { PROFILES, addSystem } from '../configuration/nodesSupport.js';

const OTHER = labId('other-lab');

describe('the per-lab SIP switch (/_sim/labs/{lab}/sip)', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let pbxId: string;

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
    const admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    pbxId = pbx!.id;
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
  });
  after(() => gateway.stop());

  it('turns SIP on with a port offset: saves the setting, the listeners follow, GET answers the same', async () => {
    const fake = FakeSipListening.bindTo(gateway);
    const admin = gateway.admin();
    expect(await gateway.get(StoredSip).isSet(DEFAULT_LAB)).to.equal(false);
    const put = await admin.put('/_sim/labs/default/sip', { version: null, json: { enabled: true, portOffset: 100 } });
    expect(put.status, put.text).to.equal(200);
    expect(put.json).to.deep.include({
      enabled: true,
      host: '127.0.0.1',
      advertisedHost: '127.0.0.1',
      portOffset: 100,
    });
    expect(put.json.listeners).to.deep.include({
      nodeId: pbxId,
      nodeName: 'PBX',
      transport: 'UDP',
      host: '127.0.0.1',
      port: 5170,
      state: 'listening',
    });
    expect(put.json.farEnds[pbxId], "the PBX's far end is no loopback address").to.equal('answering');
    expect(fake.followed).to.deep.equal([DEFAULT_LAB]);
    expect(await gateway.get(StoredSip).read(DEFAULT_LAB)).to.deep.include({
      enabled: true,
      portOffset: 100,
      farEnds: {},
    });
    const get = await admin.get('/_sim/labs/default/sip', { version: null });
    expect(get.status, get.text).to.equal(200);
    expect(get.json).to.deep.equal(put.json);
  });

  it('keeps the fields a change leaves out, and takes farEnds whole', async () => {
    const admin = gateway.admin();
    const put = await admin.put('/_sim/labs/default/sip', { version: null, json: { farEnds: { [pbxId]: 'real' } } });
    expect(put.status, put.text).to.equal(200);
    expect(put.json).to.deep.include({ enabled: true, portOffset: 100 });
    expect(put.json.farEnds[pbxId]).to.equal('real');
    expect((await gateway.get(StoredSip).read(DEFAULT_LAB)).farEnds).to.deep.equal({ [pbxId]: 'real' });
  });

  it('refuses a bad field with a 400 naming it, and keeps the setting', async () => {
    const admin = gateway.admin();
    const tooFar = await admin.put('/_sim/labs/default/sip', { version: null, json: { portOffset: 60001 } });
    expectError(tooFar, 400);
    expect(JSON.stringify(tooFar.json.error.details)).to.contain('portOffset');
    const notBoolean = await admin.put('/_sim/labs/default/sip', { version: null, json: { enabled: 'yes' } });
    expectError(notBoolean, 400);
    expect(JSON.stringify(notBoolean.json.error.details)).to.contain('enabled');
    const badFarEnd = await admin.put('/_sim/labs/default/sip', {
      version: null,
      json: { farEnds: { [pbxId]: 'maybe' } },
    });
    expectError(badFarEnd, 400, 'INVALID_SIP_SETTING');
    expect(badFarEnd.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal([`farEnds.${pbxId}`]);
    expectError(await admin.put('/_sim/labs/default/sip', { version: null, json: { port: 5 } }), 400);
    const badOutside = await admin.put('/_sim/labs/default/sip', {
      version: null,
      json: { outsidePeers: { [pbxId]: '403' }, registrarGuard: { attemptsUntilBlocked: 1001, maxDelayMs: 60_000 } },
    });
    expectError(badOutside, 400, 'INVALID_SIP_SETTING');
    expect(badOutside.json.error.details.map((d: { field: string }) => d.field)).to.deep.equal([
      `outsidePeers.${pbxId}`,
      'registrarGuard.attemptsUntilBlocked',
      'registrarGuard.maxDelayMs',
    ]);
    const minAboveMax = await admin.put('/_sim/labs/default/sip', {
      version: null,
      json: { registrarGuard: { minDelayMs: 9000 } },
    });
    expectError(minAboveMax, 400, 'INVALID_SIP_SETTING');
    expect(minAboveMax.json.error.details[0].field).to.equal('registrarGuard.minDelayMs');
    for (const registrarGuard of [{ blockSeconds: 'long' }, { lockout: 3 }, 'strict']) {
      const wrong = await admin.put('/_sim/labs/default/sip', { version: null, json: { registrarGuard } });
      expectError(wrong, 400);
      expect(JSON.stringify(wrong.json.error.details), JSON.stringify(registrarGuard)).to.contain('registrarGuard');
    }
    const stored = await gateway.get(StoredSip).read(DEFAULT_LAB);
    expect(stored).to.deep.include({ enabled: true, portOffset: 100, farEnds: { [pbxId]: 'real' }, outsidePeers: {} });
    expect(stored.registrarGuard).to.deep.equal(DEFAULT_REGISTRAR_GUARD);
  });

  it('takes what each node does with outsiders and the registrar guard field by field, and shows them', async () => {
    const admin = gateway.admin();
    const put = await admin.put('/_sim/labs/default/sip', {
      version: null,
      json: { outsidePeers: { [pbxId]: 'forbid' }, registrarGuard: { attemptsUntilBlocked: 3, minDelayMs: 0 } },
    });
    expect(put.status, put.text).to.equal(200);
    expect(put.json.outsidePeers).to.deep.equal({ [pbxId]: 'forbid' });
    expect(put.json.registrarGuard).to.deep.include({ failedDigests: 0, refusedWhileBlocked: 0, blocks: [] });
    expect(put.json.registrarGuard.settings).to.deep.equal({
      ...DEFAULT_REGISTRAR_GUARD,
      attemptsUntilBlocked: 3,
      minDelayMs: 0,
    });
    const back = await admin.put('/_sim/labs/default/sip', {
      version: null,
      json: { outsidePeers: {}, registrarGuard: DEFAULT_REGISTRAR_GUARD },
    });
    expect(back.status, back.text).to.equal(200);
    expect(back.json.outsidePeers).to.deep.equal({});
  });

  it('lifting registrar blocks: a source that is no address, a blank user: 400 naming it; one not blocked: 404', async () => {
    const admin = gateway.admin();
    const notAnAddress = await admin.delete('/_sim/labs/default/sip/blocks', {
      version: null,
      query: { source: 'pbx.example.com' },
    });
    expectError(notAnAddress, 400, 'INVALID_QUERY_PARAMETER');
    expect(notAnAddress.json.error.details[0].field).to.equal('source');
    const blank = await admin.delete('/_sim/labs/default/sip/blocks', { version: null, query: { user: '' } });
    expectError(blank, 400, 'INVALID_QUERY_PARAMETER');
    expect(blank.json.error.details[0].field).to.equal('user');
    const misspelt = await admin.delete('/_sim/labs/default/sip/blocks', {
      version: null,
      query: { sourc: '127.0.0.1' },
    });
    expectError(misspelt, 400, 'INVALID_QUERY_PARAMETER');
    expect(misspelt.json.error.details[0].field, 'a typo never lifts every block').to.equal('sourc');
    const none = await admin.delete('/_sim/labs/default/sip/blocks', { version: null, query: { source: '::1' } });
    expectError(none, 404, 'SIP_BLOCK_NOT_FOUND');
    expect(none.json.error.details[0].field).to.equal('source');
    const all = await admin.delete('/_sim/labs/default/sip/blocks', { version: null });
    expect(all.status, all.text).to.equal(200);
    expect(all.json).to.deep.equal({ lifted: [] });
  });

  it('a port another lab listens on is refused (409 naming both labs and the port); the setting stays as it was', async () => {
    const admin = gateway.admin();
    expect((await admin.post('/_sim/labs', { json: { name: OTHER } })).status).to.equal(200);
    const added = await admin.post(`/labs/${OTHER}/api/nodes/addSystem`, {
      version: 3,
      query: { profile: PROFILES.genericPbx },
      json: { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 },
    });
    expect(added.status, added.text).to.equal(200);
    expect((await admin.post(`/labs/${OTHER}/api/coreConfig/commit`)).status).to.equal(200);

    const clash = await admin.put(`/_sim/labs/${OTHER}/sip`, {
      version: null,
      json: { enabled: true, portOffset: 100 },
    });
    expectError(clash, 409, 'SIP_PORT_IN_USE');
    expect(clash.json.error.message).to.contain(`'${OTHER}'`).and.contain("'default'").and.contain('5170');
    expect(
      await gateway.get(StoredSip).isSet(OTHER),
      'a lab that never set its setting still follows the default',
    ).to.equal(false);
    const after = await admin.get(`/_sim/labs/${OTHER}/sip`, { version: null });
    expect(after.json).to.deep.include({ enabled: false, listeners: [] });

    const apart = await admin.put(`/_sim/labs/${OTHER}/sip`, {
      version: null,
      json: { enabled: true, portOffset: 200 },
    });
    expect(apart.status, apart.text).to.equal(200);
    expect(apart.json.listeners.map((l: { port: number }) => l.port)).to.include(5270);
  });

  it('turning SIP off closes the listeners and keeps the offset', async () => {
    const off = await gateway.admin().put('/_sim/labs/default/sip', { version: null, json: { enabled: false } });
    expect(off.status, off.text).to.equal(200);
    expect(off.json).to.deep.include({ enabled: false, portOffset: 100, listeners: [] });
  });

  it('is for administrators: no credentials answer 401', async () => {
    expectError(await gateway.client().get('/_sim/labs/default/sip', { version: null }), 401);
  });
});

describe('GWSIM_SIP turns real SIP on for the labs that never set it', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  before(async () => {
    gateway = await TestGateway.start({ store: 'memory', config: { sip: true, sipHost: '127.0.0.1' } });
  });
  after(() => gateway.stop());

  it('a lab that never set its setting is on at offset 0; a lab that turned it off stays off', async () => {
    FakeSipListening.bindTo(gateway);
    expect(await gateway.get(StoredSip).read(DEFAULT_LAB)).to.deep.include({
      enabled: true,
      portOffset: 0,
      farEnds: {},
    });
    const offset = await gateway.admin().put('/_sim/labs/default/sip', { version: null, json: { portOffset: 7 } });
    expect(offset.status, offset.text).to.equal(200);
    expect(offset.json).to.deep.include({ enabled: true, portOffset: 7 });
    expect(
      (await gateway.admin().put('/_sim/labs/default/sip', { version: null, json: { enabled: false } })).json.enabled,
    ).to.equal(false);
    expect((await gateway.get(StoredSip).read(DEFAULT_LAB)).enabled).to.equal(false);
  });
});
