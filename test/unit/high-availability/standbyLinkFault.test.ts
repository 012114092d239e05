import { expect } from 'chai';
import { StoredActiveSide } from '../../../src/contexts/high-availability/hot-standby/application/ActiveSide.js';
import { ChangeHotStandbyRoles } from '../../../src/contexts/high-availability/hot-standby/application/ChangeHotStandbyRoles.js';
import { HotStandbys } from '../../../src/contexts/high-availability/hot-standby/application/HotStandbys.js';
import { StandbyLink } from '../../../src/contexts/high-availability/hot-standby/application/StandbyLink.js';
import { StandbyLinkFault } from '../../../src/contexts/high-availability/hot-standby/application/StandbyLinkFault.js';
import { StandbyRolesSetting } from '../../../src/contexts/high-availability/hot-standby/application/StandbyRolesSetting.js';
import { IndexedGraph } from '../../../src/contexts/configuration/graph/domain/GraphView.js';
import type { ConfigurationReader } from '../../../src/contexts/configuration/index.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { ObjectsHarness } from '../configuration/support/ObjectsHarness.js';

describe('gateway fault standbyLinkDown: the hot standby link switch', () => {
  it('the link goes down and the standby takes the role; when the rule ends the link is up and the standby keeps it', async () => {
    const h = new ObjectsHarness('standby-link-fault');
    const reader = { working: async () => new IndexedGraph(await h.all()) } as unknown as ConfigurationReader;
    const roles = new StandbyRolesSetting(new InMemorySettingsRepository(h.clock));
    const change = new ChangeHotStandbyRoles(
      new HotStandbys(reader, h.repository, h.unitOfWork),
      roles,
      h.unitOfWork,
      h.events,
      h.clock,
    );
    const fault = new StandbyLinkFault(new StandbyLink(change));
    const side = new StoredActiveSide(roles, h.unitOfWork);
    const state = async () => h.unitOfWork.read(async () => (await roles.get(h.lab)).state);
    expect(await side.of(h.lab)).to.equal('MAIN');
    await fault.hold(h.lab, [{ ruleId: 'r1', kind: 'standbyLinkDown', parameters: {} }]);
    expect(await state()).to.equal('STANDBY_ACTIVE_LINK_DOWN');
    expect(await side.of(h.lab)).to.equal('STANDBY');
    await fault.hold(h.lab, [
      { ruleId: 'r1', kind: 'standbyLinkDown', parameters: {} },
      { ruleId: 'r2', kind: 'standbyLinkDown', parameters: {} },
    ]);
    expect(await state()).to.equal('STANDBY_ACTIVE_LINK_DOWN');
    await fault.hold(h.lab, []);
    expect(await state()).to.equal('STANDBY_ACTIVE_LINK_UP');
    expect(await side.of(h.lab)).to.equal('STANDBY');
  });
});
