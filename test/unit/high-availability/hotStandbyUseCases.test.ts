import { expect } from 'chai';
import { IndexedGraph } from '../../../src/contexts/configuration/graph/domain/GraphView.js';
import type { ConfigurationReader } from '../../../src/contexts/configuration/index.js';
import { AddHotStandby } from '../../../src/contexts/high-availability/hot-standby/application/AddHotStandby.js';
import { ChangeHotStandbyRoles } from '../../../src/contexts/high-availability/hot-standby/application/ChangeHotStandbyRoles.js';
import { CreateHotStandbyConditions } from '../../../src/contexts/high-availability/hot-standby/application/CreateHotStandbyConditions.js';
import { EnableHotStandbySide } from '../../../src/contexts/high-availability/hot-standby/application/EnableHotStandbySide.js';
import { GetHotStandbys } from '../../../src/contexts/high-availability/hot-standby/application/GetHotStandbys.js';
import { HandOverHotStandby } from '../../../src/contexts/high-availability/hot-standby/application/HandOverHotStandby.js';
import { HotStandbys } from '../../../src/contexts/high-availability/hot-standby/application/HotStandbys.js';
import { GetHotStandbyStatus } from '../../../src/contexts/high-availability/hot-standby/application/HotStandbyStatus.js';
import { RecoverHotStandby } from '../../../src/contexts/high-availability/hot-standby/application/RecoverHotStandby.js';
import { SetHotStandby } from '../../../src/contexts/high-availability/hot-standby/application/SetHotStandby.js';
import { StandbyLink } from '../../../src/contexts/high-availability/hot-standby/application/StandbyLink.js';
import { StoredActiveSide } from '../../../src/contexts/high-availability/hot-standby/application/ActiveSide.js';
import { StandbyRolesSetting } from '../../../src/contexts/high-availability/hot-standby/application/StandbyRolesSetting.js';
import type { HotStandbyRoleChanged } from '../../../src/contexts/high-availability/index.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { failure, ObjectsHarness } from '../configuration/support/ObjectsHarness.js';

describe('hot standby use cases (in memory)', () => {
  let h: ObjectsHarness;
  let add: AddHotStandby;
  let set: SetHotStandby;
  let get: GetHotStandbys;
  let conditions: CreateHotStandbyConditions;
  let status: GetHotStandbyStatus;
  let handover: HandOverHotStandby;
  let recover: RecoverHotStandby;
  let enable: EnableHotStandbySide;
  let link: StandbyLink;
  let activeSide: StoredActiveSide;

  beforeEach(() => {
    h = new ObjectsHarness('hot-standby');
    const reader = { working: async () => new IndexedGraph(await h.all()) } as unknown as ConfigurationReader;
    const hotStandbys = new HotStandbys(reader, h.repository, h.unitOfWork);
    const roles = new StandbyRolesSetting(new InMemorySettingsRepository(h.clock));
    const change = new ChangeHotStandbyRoles(hotStandbys, roles, h.unitOfWork, h.events, h.clock);
    add = new AddHotStandby(h.writes, h.ids);
    set = new SetHotStandby(h.writes);
    get = new GetHotStandbys(hotStandbys);
    conditions = new CreateHotStandbyConditions(h.writes, h.ids);
    status = new GetHotStandbyStatus(hotStandbys, roles, h.unitOfWork);
    handover = new HandOverHotStandby(change);
    recover = new RecoverHotStandby(change);
    enable = new EnableHotStandbySide(change);
    link = new StandbyLink(change);
    activeSide = new StoredActiveSide(roles, h.unitOfWork);
  });

  async function commit(): Promise<void> {
    await h.unitOfWork.write(h.lab, () => h.repository.publishWorking(h.lab));
  }

  it('add creates the network controller, security profile, link and hot standby object, all referenced', async () => {
    const added = await add.execute(h.lab, 'MAIN_AND_STANDBY', {
      name: 'HS',
      standbySystemBackendName: 'backend-2',
      linkPingInterval: 7,
    });
    const server = (await h.find(added.hotStandbyId))!;
    expect(server.sort).to.equal('IPC_SERVER');
    expect(server.displayName).to.equal('HS');
    expect(server.parameters).to.include({
      standbySystemBackendName: 'backend-2',
      systemRole: 'MAIN_AND_STANDBY',
      disabledHere: false,
    });
    expect(server.referencesIn('ipcClientId')).to.deep.equal([added.ipcClientId]);
    expect((await h.find(added.networkControllerId))!.sort).to.equal('IN_STACK');
    expect((await h.find(added.networkSecurityProfileId))!.sort).to.equal('INS_STACK');
    const client = (await h.find(added.ipcClientId))!;
    expect(client.sort).to.equal('IPC_CLIENT');
    expect(client.parameters['linkPingInterval']).to.equal(7);
    expect(client.referencesIn('networkControllerId')).to.deep.equal([added.networkControllerId]);
    expect(await h.status()).to.equal('modified');
    const [options] = await get.execute(h.lab);
    expect(options!.snapshot()).to.include({
      name: 'HS',
      linkPingInterval: 7,
      maxLinkRetryTimeout: 60,
      ipcClientId: added.ipcClientId,
    });
  });

  it('add refuses a taken name, an out-of-range timeout and an unknown ipcClientId, writing nothing', async () => {
    await add.execute(h.lab, 'MAIN', { name: 'HS' });
    const before = await h.state();
    expect((await failure(() => add.execute(h.lab, 'MAIN', { name: 'HS' }))).code).to.equal('DISPLAY_NAME_TAKEN');
    const range = await failure(() => add.execute(h.lab, 'MAIN', { name: 'Other', maxLinkRetryTimeout: 0 }));
    expect(range.code).to.equal('HOT_STANDBY_INVALID');
    expect(range.details[0]!.field).to.equal('mainSystem.maxLinkRetryTimeout');
    const unknown = await failure(() =>
      add.execute(h.lab, 'MAIN', { name: 'Other', ipcClientId: '00000000-0000-4000-8000-00000000dead' }),
    );
    expect(unknown.details[0]!.field).to.equal('mainSystem.ipcClientId');
    expect(await h.state()).to.deep.equal(before);
  });

  it('set changes only what it is given; the same values again write nothing', async () => {
    const added = await add.execute(h.lab, 'MAIN', { name: 'HS' });
    await commit();
    const after = await set.execute(h.lab, 'HS', {
      systemIdentifiers: ['sys-1'],
      systemIdentifiersEnabled: true,
      disabledHere: true,
    });
    expect(after.snapshot()).to.include({
      name: 'HS',
      disabledHere: true,
      systemIdentifiersEnabled: true,
      linkPingInterval: 5,
    });
    expect((await h.find(added.ipcClientId))!.parameters['systemIdentifiers']).to.deep.equal(['sys-1']);
    const state = await h.state();
    await set.execute(h.lab, added.hotStandbyId, { disabledHere: true });
    expect(await h.state()).to.deep.equal(state);
    expect((await failure(() => set.execute(h.lab, 'nope', {}))).code).to.equal('HOT_STANDBY_NOT_FOUND');
  });

  it('createConditions creates each predicate once, over the link, referenced from the object', async () => {
    const added = await add.execute(h.lab, 'MAIN', { name: 'HS' });
    const ids = await conditions.execute(h.lab, 'HS', ['createIsMainSystemCondition', 'createIsSystemActiveCondition']);
    expect(ids).to.have.length(2);
    const condition = (await h.find(ids[0]!))!;
    expect(condition.sort).to.equal('CS_CONDITION');
    expect(condition.parameters['predicate']).to.equal('IS_MAIN_SYSTEM');
    expect(condition.referencesIn('hotStandbyLinkId')).to.deep.equal([added.ipcClientId]);
    expect((await h.find(added.hotStandbyId))!.referencesIn('conditionIds')).to.deep.equal(ids);
    expect(await conditions.execute(h.lab, 'HS', ['createIsMainSystemCondition'])).to.deep.equal([]);
  });

  it('status is NOT_COMMITTED until commit; handover, recover, disabling and link failover follow the machine', async () => {
    const published: HotStandbyRoleChanged[] = [];
    h.events.subscribe<HotStandbyRoleChanged>('HotStandbyRoleChanged', async (e) => {
      published.push(e);
    });
    await add.execute(h.lab, 'MAIN_AND_STANDBY', { name: 'HS' });
    expect(await status.execute(h.lab, 'HS')).to.include({
      standbyStatus: 'NOT_COMMITTED',
      linkStatus: 'UNKNOWN',
      handoverPossible: false,
    });
    expect((await failure(() => handover.execute(h.lab, 'HS'))).code).to.equal('HOT_STANDBY_NOT_COMMITTED');
    await commit();
    expect(await status.execute(h.lab, 'HS')).to.include({
      mainStatus: 'ACTIVE',
      standbyStatus: 'INACTIVE',
      linkStatus: 'UP',
      handoverPossible: true,
    });
    await handover.execute(h.lab, 'HS');
    expect(await activeSide.of(h.lab)).to.equal('STANDBY');
    expect((await failure(() => handover.execute(h.lab, 'HS'))).code).to.equal('HANDOVER_NOT_POSSIBLE');
    await recover.execute(h.lab, 'HS');
    expect(await activeSide.of(h.lab)).to.equal('MAIN');
    await enable.execute(h.lab, 'HS', 'STANDBY', false);
    expect(await status.execute(h.lab, 'HS')).to.include({ standbyStatus: 'DISABLED', handoverPossible: false });
    expect((await failure(() => handover.execute(h.lab, 'HS'))).code).to.equal('HANDOVER_NOT_POSSIBLE');
    await link.linkDown(h.lab);
    expect(await activeSide.of(h.lab)).to.equal('MAIN');
    await link.linkUp(h.lab);
    await enable.execute(h.lab, 'HS', 'STANDBY', true);
    expect(await link.linkDown(h.lab)).to.equal('DOWN');
    expect(await activeSide.of(h.lab)).to.equal('STANDBY');
    expect(await status.execute(h.lab, 'HS')).to.include({
      linkStatus: 'DOWN',
      standbyStatus: 'ACTIVE',
      onlyImmediateRoleChangePossible: true,
    });
    expect(published.map((e) => e.reason)).to.deep.equal(['HANDOVER', 'RECOVER', 'LINK_DOWN', 'LINK_UP', 'LINK_DOWN']);
  });
});
