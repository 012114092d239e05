import { expect } from 'chai';
import { StandbyLink, ActiveSide } from '../../../src/contexts/high-availability/index.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, permissionsFor } from '../identity/identitySupport.js';

const PATH = '/api/hotStandby';
const UNKNOWN_IDS = ['00000000-0000-4000-8000-00000000dead', '00000000000040008000000000000DEA'];
const BOTH = 'addMainAndStandbySystemHotStandbyObjects';

function ok(response: ApiResponse): any {
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.json ?? response.text;
}

for (const store of ['database', 'memory'] as const) {
  describe(`hot standby over HTTP (${store} store)`, function () {
    this.timeout(120000);
    let gateway: TestGateway;
    let admin: ApiClient;

    beforeEach(async () => {
      gateway = await TestGateway.start({ store });
      admin = gateway.admin();
    });
    afterEach(() => gateway.stop());

    async function add(
      body: Record<string, unknown> = {
        name: 'HS pair',
        standbySystemBackendName: 'c0ffee00-0000-4000-8000-000000000001',
      },
      mode = BOTH,
    ): Promise<any> {
      return ok(await admin.post(`${PATH}/add`, { query: { mode }, json: body }));
    }

    async function status(id: string): Promise<any> {
      return ok(await admin.get(`${PATH}/status`, { query: { id } }));
    }

    async function commit(): Promise<void> {
      ok(await admin.post('/api/coreConfig/commit'));
    }

    async function objectsState(): Promise<string> {
      return (
        JSON.stringify(ok(await admin.get(`${PATH}/get`))) +
        JSON.stringify(ok(await admin.get('/api/objects/sorts', { query: { sort: 'CS_CONDITION' } }))) +
        JSON.stringify(ok(await admin.get('/api/objects/sorts', { query: { sort: 'IPC_CLIENT' } })))
      );
    }

    it('answers [] on a fresh gateway', async () => {
      expect(ok(await admin.get(`${PATH}/get`))).to.deep.equal([]);
    });

    it('adds both parts: the answer names four new objects, get and objects/get read them', async () => {
      const added = await add();
      expect(Object.keys(added).sort()).to.deep.equal([
        'hotStandbyId',
        'ipcClientId',
        'networkControllerId',
        'networkSecurityProfileId',
      ]);
      const [options] = ok(await admin.get(`${PATH}/get`));
      expect(options).to.deep.equal({
        id: added.hotStandbyId,
        name: 'HS pair',
        standbySystemBackendName: 'c0ffee00-0000-4000-8000-000000000001',
        mainSystem: {
          maxLinkRetryTimeout: 60,
          linkPingInterval: 5,
          disabledHere: false,
          ipcClientId: added.ipcClientId,
          replicationOptions: { systemIdentifiers: [], systemIdentifiersEnabled: false },
        },
      });
      expect(ok(await admin.get(`${PATH}/get`, { query: { id: 'HS pair' } }))).to.deep.equal([options]);
      expect(ok(await admin.get('/api/objects/get', { query: { id: added.hotStandbyId } }))).to.include({
        sort: 'IPC_SERVER',
        displayName: 'HS pair',
        systemRole: 'MAIN_AND_STANDBY',
      });
      expect(ok(await admin.get('/api/objects/get', { query: { id: added.ipcClientId } }))).to.include({
        sort: 'IPC_CLIENT',
        maxLinkRetryTimeout: '60',
      });
      expect(ok(await admin.get('/api/objects/get', { query: { id: added.networkControllerId } }))).to.include({
        sort: 'IN_STACK',
      });
      expect(ok(await admin.get('/api/objects/get', { query: { id: added.networkSecurityProfileId } }))).to.include({
        sort: 'INS_STACK',
      });
    });

    it('set changes only the fields given; objects/set changes are read back by the view', async () => {
      const added = await add();
      const answer = ok(
        await admin.post(`${PATH}/set`, {
          query: { id: added.hotStandbyId },
          json: {
            id: added.hotStandbyId,
            mainSystem: {
              linkPingInterval: 9,
              replicationOptions: { systemIdentifiers: ['sys-a'], systemIdentifiersEnabled: true },
            },
          },
        }),
      );
      expect(answer).to.deep.include({
        name: 'HS pair',
        standbySystemBackendName: 'c0ffee00-0000-4000-8000-000000000001',
      });
      expect(answer.mainSystem).to.deep.include({
        linkPingInterval: 9,
        maxLinkRetryTimeout: 60,
        replicationOptions: { systemIdentifiers: ['sys-a'], systemIdentifiersEnabled: true },
      });
      expect(ok(await admin.get('/api/objects/get', { query: { id: added.ipcClientId } }))).to.include({
        linkPingInterval: '9',
      });
      ok(
        await admin.put('/api/objects/set', { query: { id: added.ipcClientId }, json: { maxLinkRetryTimeout: '120' } }),
      );
      const [options] = ok(
        await admin.get(`${PATH}/get`, { query: { id: added.hotStandbyId.replace(/-/g, '').toUpperCase() } }),
      );
      expect(options.mainSystem.maxLinkRetryTimeout).to.equal(120);
    });

    it('status NOT_COMMITTED until commit; handover flips, again refused; recover; disabled standby blocks handover; link down fails over', async () => {
      const { hotStandbyId: id } = await add();
      expect(await status(id)).to.include({
        standbyStatus: 'NOT_COMMITTED',
        mainStatus: 'UNKNOWN',
        linkStatus: 'UNKNOWN',
        handoverPossible: false,
      });
      expectError(await admin.get(`${PATH}/handover`, { query: { id } }), 409, 'HOT_STANDBY_NOT_COMMITTED');
      await commit();
      expect(await status(id)).to.deep.equal({
        linkStatus: 'UP',
        mainStatus: 'ACTIVE',
        standbyStatus: 'INACTIVE',
        standbyLinkActive: true,
        mainLinkActive: true,
        onlyImmediateRoleChangePossible: false,
        standbySetEnabledPossible: true,
        mainSetEnabledPossible: false,
        handoverPossible: true,
        recoveryPossible: false,
      });
      const handover = await admin.get(`${PATH}/handover`, { query: { id } });
      expect(handover.status).to.equal(200);
      expect(handover.text).to.equal('SUCCESS');
      expect(await status(id)).to.include({
        mainStatus: 'INACTIVE',
        standbyStatus: 'ACTIVE',
        handoverPossible: false,
        recoveryPossible: true,
      });
      expect(await gateway.get(ActiveSide).of(DEFAULT_LAB)).to.equal('STANDBY');
      expectError(await admin.get(`${PATH}/handover`, { query: { id } }), 409, 'HANDOVER_NOT_POSSIBLE');
      expect((await admin.get(`${PATH}/recover`, { query: { id: 'HS pair' } })).text).to.equal('SUCCESS');
      expect(await status(id)).to.include({ mainStatus: 'ACTIVE', handoverPossible: true });
      expectError(await admin.get(`${PATH}/recover`, { query: { id } }), 409, 'RECOVERY_NOT_POSSIBLE');

      const disable = await admin.get(`${PATH}/enableStandbySystem`, { query: { id, enabled: false } });
      expect(disable.status).to.equal(200);
      expect(disable.text).to.equal('');
      expect(await status(id)).to.include({ standbyStatus: 'DISABLED', handoverPossible: false });
      expectError(await admin.get(`${PATH}/handover`, { query: { id } }), 409, 'HANDOVER_NOT_POSSIBLE');
      expectError(
        await admin.get(`${PATH}/enableMainSystem`, { query: { id, enabled: false } }),
        409,
        'HOT_STANDBY_SIDE_ACTIVE',
      );
      ok(await admin.get(`${PATH}/enableStandbySystem`, { query: { id } }));
      expect(await status(id)).to.include({ standbyStatus: 'INACTIVE', handoverPossible: true });

      await gateway.get(StandbyLink).linkDown(DEFAULT_LAB);
      expect(await status(id)).to.include({
        linkStatus: 'DOWN',
        standbyStatus: 'ACTIVE',
        mainStatus: 'INACTIVE',
        onlyImmediateRoleChangePossible: true,
        recoveryPossible: false,
      });
      await gateway.get(StandbyLink).linkUp(DEFAULT_LAB);
      expect(await status(id)).to.include({ linkStatus: 'UP', standbyStatus: 'ACTIVE', recoveryPossible: true });
    });

    it('createConditions creates the conditions asked for, referenced from the hot standby object', async () => {
      const added = await add();
      const answer = await admin.post(`${PATH}/createConditions`, {
        query: { id: added.hotStandbyId },
        json: {
          createIsMainSystemCondition: true,
          createIsSystemActiveCondition: true,
          createIsStandbySystemCondition: false,
        },
      });
      expect(answer.status).to.equal(200);
      expect(answer.text).to.equal('Conditions successfully created');
      const conditions = ok(await admin.get('/api/objects/sorts', { query: { sort: 'CS_CONDITION' } })) as Array<{
        id: string;
      }>;
      const server = ok(await admin.get('/api/objects/get', { query: { id: added.hotStandbyId } }));
      const predicates: string[] = [];
      for (const c of conditions) {
        const object = ok(await admin.get('/api/objects/get', { query: { id: c.id } }));
        if (object.hotStandbyLinkId === added.ipcClientId) predicates.push(object.predicate);
      }
      expect(predicates.sort()).to.deep.equal(['IS_MAIN_SYSTEM', 'IS_SYSTEM_ACTIVE']);
      expect(JSON.stringify(server)).to.contain(conditions[0]!.id);
      await commit();
    });

    it('refuses bad input and unknown ids with 4xx naming the field, changing nothing', async () => {
      const added = await add();
      const before = await objectsState();
      expectError(await admin.post(`${PATH}/add`, { query: { mode: 'sideways' }, json: { name: 'x' } }), 400);
      expectError(
        await admin.post(`${PATH}/add`, { query: { mode: BOTH }, json: { standbySystemBackendName: 'x' } }),
        400,
      );
      expectError(
        await admin.post(`${PATH}/add`, { query: { mode: BOTH }, json: { name: 'HS pair' } }),
        409,
        'DISPLAY_NAME_TAKEN',
      );
      const wrongType = await admin.post(`${PATH}/add`, {
        query: { mode: BOTH },
        json: { name: 'y', mainSystem: { linkPingInterval: 'often' } },
      });
      expectError(wrongType, 400);
      expect(JSON.stringify(wrongType.json.error.details)).to.contain('mainSystem.linkPingInterval');
      const range = await admin.post(`${PATH}/set`, {
        query: { id: added.hotStandbyId },
        json: { mainSystem: { maxLinkRetryTimeout: 0 } },
      });
      expectError(range, 400, 'HOT_STANDBY_INVALID');
      expect(range.json.error.details[0].field).to.equal('mainSystem.maxLinkRetryTimeout');
      expectError(
        await admin.post(`${PATH}/set`, { query: { id: added.hotStandbyId }, json: { surprise: true } }),
        400,
      );
      expectError(
        await admin.post(`${PATH}/set`, {
          query: { id: added.hotStandbyId },
          json: { id: added.ipcClientId, name: 'other' },
        }),
        400,
        'ID_MISMATCH',
      );
      expectError(
        await admin.post(`${PATH}/add`, {
          query: { mode: BOTH },
          json: { name: 'z', mainSystem: { ipcClientId: UNKNOWN_IDS[0] } },
        }),
        400,
        'IPC_CLIENT_NOT_FOUND',
      );
      expectError(
        await admin.post(`${PATH}/createConditions`, {
          query: { id: added.hotStandbyId },
          json: { createIsMainSystemCondition: 'yes' },
        }),
        400,
      );
      expectError(
        await admin.get(`${PATH}/enableMainSystem`, { query: { id: added.hotStandbyId, enabled: 'perhaps' } }),
        400,
      );
      for (const unknown of UNKNOWN_IDS) {
        expectError(await admin.get(`${PATH}/get`, { query: { id: unknown } }), 404, 'HOT_STANDBY_NOT_FOUND');
        expectError(await admin.get(`${PATH}/status`, { query: { id: unknown } }), 404, 'HOT_STANDBY_NOT_FOUND');
        expectError(
          await admin.post(`${PATH}/set`, { query: { id: unknown }, json: { name: 'q' } }),
          404,
          'HOT_STANDBY_NOT_FOUND',
        );
        expectError(
          await admin.post(`${PATH}/createConditions`, {
            query: { id: unknown },
            json: { createIsMainSystemCondition: true },
          }),
          404,
          'HOT_STANDBY_NOT_FOUND',
        );
        expectError(await admin.get(`${PATH}/handover`, { query: { id: unknown } }), 404, 'HOT_STANDBY_NOT_FOUND');
        expectError(await admin.get(`${PATH}/recover`, { query: { id: unknown } }), 404, 'HOT_STANDBY_NOT_FOUND');
        expectError(
          await admin.get(`${PATH}/enableStandbySystem`, { query: { id: unknown } }),
          404,
          'HOT_STANDBY_NOT_FOUND',
        );
      }
      expect(await objectsState()).to.equal(before);
    });

    it('refuses callers without the permissions with 403', async () => {
      const added = await add();
      await addRole(admin, 'config_reader', permissionsFor(['API', 'CFG-R']));
      await addLocalUser(admin, 'cfgreader', 'Cfgreader-Pw-4821!', { roleIds: ['config_reader'] });
      const reader = gateway.client('cfgreader', 'Cfgreader-Pw-4821!');
      expect(ok(await reader.get(`${PATH}/get`))).to.have.length(1);
      expectError(await reader.get(`${PATH}/status`, { query: { id: added.hotStandbyId } }), 403);
      expectError(await reader.post(`${PATH}/add`, { query: { mode: BOTH }, json: { name: 'no' } }), 403);
      expectError(await reader.post(`${PATH}/set`, { query: { id: added.hotStandbyId }, json: { name: 'no' } }), 403);
      expectError(await reader.get(`${PATH}/handover`, { query: { id: added.hotStandbyId } }), 403);
      expectError(await reader.get(`${PATH}/enableMainSystem`, { query: { id: added.hotStandbyId } }), 403);
      expect(ok(await admin.get(`${PATH}/get`))[0].name).to.equal('HS pair');
    });
  });
}
