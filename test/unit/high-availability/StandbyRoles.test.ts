import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  ROLE_MACHINE,
  ROLE_TRANSITIONS,
  StandbyRoles,
  type RoleState,
  type StandbyRolesState,
} from '../../../src/contexts/high-availability/hot-standby/domain/StandbyRoles.js';

const AT = new Date('2026-03-01T08:00:00Z');

function roles(state: RoleState, mainEnabled = true, standbyEnabled = true): StandbyRoles {
  return StandbyRoles.restore(DEFAULT_LAB, { state, mainEnabled, standbyEnabled });
}

function refusal(work: () => void): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Each transition of the table, with the call that makes it and the starting flags. */
const DRIVERS: Array<{
  from: RoleState;
  to: RoleState;
  how: string;
  start: StandbyRolesState;
  act: (r: StandbyRoles) => void;
}> = [
  {
    from: 'MAIN_ACTIVE_LINK_UP',
    to: 'STANDBY_ACTIVE_LINK_UP',
    how: 'handover',
    start: { state: 'MAIN_ACTIVE_LINK_UP', mainEnabled: true, standbyEnabled: true },
    act: (r) => r.handover(AT),
  },
  {
    from: 'MAIN_ACTIVE_LINK_UP',
    to: 'MAIN_ACTIVE_LINK_DOWN',
    how: 'link down, standby disabled',
    start: { state: 'MAIN_ACTIVE_LINK_UP', mainEnabled: true, standbyEnabled: false },
    act: (r) => r.linkDown(AT),
  },
  {
    from: 'MAIN_ACTIVE_LINK_UP',
    to: 'STANDBY_ACTIVE_LINK_DOWN',
    how: 'link down, standby enabled (failover)',
    start: { state: 'MAIN_ACTIVE_LINK_UP', mainEnabled: true, standbyEnabled: true },
    act: (r) => r.linkDown(AT),
  },
  {
    from: 'STANDBY_ACTIVE_LINK_UP',
    to: 'MAIN_ACTIVE_LINK_UP',
    how: 'recover',
    start: { state: 'STANDBY_ACTIVE_LINK_UP', mainEnabled: true, standbyEnabled: true },
    act: (r) => r.recover(AT),
  },
  {
    from: 'STANDBY_ACTIVE_LINK_UP',
    to: 'STANDBY_ACTIVE_LINK_DOWN',
    how: 'link down',
    start: { state: 'STANDBY_ACTIVE_LINK_UP', mainEnabled: true, standbyEnabled: true },
    act: (r) => r.linkDown(AT),
  },
  {
    from: 'MAIN_ACTIVE_LINK_DOWN',
    to: 'MAIN_ACTIVE_LINK_UP',
    how: 'link up',
    start: { state: 'MAIN_ACTIVE_LINK_DOWN', mainEnabled: true, standbyEnabled: false },
    act: (r) => r.linkUp(AT),
  },
  {
    from: 'STANDBY_ACTIVE_LINK_DOWN',
    to: 'STANDBY_ACTIVE_LINK_UP',
    how: 'link up',
    start: { state: 'STANDBY_ACTIVE_LINK_DOWN', mainEnabled: true, standbyEnabled: true },
    act: (r) => r.linkUp(AT),
  },
];

describe("StandbyRoles (the hot standby pair's role state machine)", () => {
  it('drives every transition of the table, each with one HotStandbyRoleChanged event', () => {
    const table = Object.entries(ROLE_TRANSITIONS)
      .flatMap(([from, tos]) => tos.map((to) => `${from}->${to}`))
      .sort();
    expect(DRIVERS.map((d) => `${d.from}->${d.to}`).sort()).to.deep.equal(table);
    for (const driver of DRIVERS) {
      const r = StandbyRoles.restore(DEFAULT_LAB, driver.start);
      driver.act(r);
      expect(r.state, driver.how).to.equal(driver.to);
      const events = r.pullEvents();
      expect(events, driver.how).to.have.length(1);
      expect(events[0]).to.include({ name: 'HotStandbyRoleChanged', from: driver.from, to: driver.to });
    }
  });

  it('refuses every move the table does not list', () => {
    for (const from of ROLE_MACHINE.states) {
      for (const to of ROLE_MACHINE.states) {
        expect(ROLE_MACHINE.canTransition(from, to), `${from}->${to}`).to.equal(ROLE_TRANSITIONS[from].includes(to));
      }
    }
    expect(refusal(() => ROLE_MACHINE.transition('MAIN_ACTIVE_LINK_DOWN', 'STANDBY_ACTIVE_LINK_UP')).kind).to.equal(
      'conflict',
    );
  });

  it('starts with the main system active, the link up and both sides enabled', () => {
    const r = StandbyRoles.initial(DEFAULT_LAB);
    expect(r.snapshot()).to.deep.equal({ state: 'MAIN_ACTIVE_LINK_UP', mainEnabled: true, standbyEnabled: true });
    expect(r.flags()).to.deep.equal({
      handoverPossible: true,
      recoveryPossible: false,
      mainSetEnabledPossible: false,
      standbySetEnabledPossible: true,
      onlyImmediateRoleChangePossible: false,
    });
  });

  it('handover flips, a second handover is refused, recover returns the role', () => {
    const r = StandbyRoles.initial(DEFAULT_LAB);
    r.handover(AT);
    expect(r.activeSide).to.equal('STANDBY');
    expect(refusal(() => r.handover(AT)).code).to.equal('HANDOVER_NOT_POSSIBLE');
    expect(r.flags().recoveryPossible).to.equal(true);
    r.recover(AT);
    expect(r.activeSide).to.equal('MAIN');
    expect(refusal(() => r.recover(AT)).code).to.equal('RECOVERY_NOT_POSSIBLE');
  });

  it('a disabled standby makes handover impossible and stays inactive when the link goes down', () => {
    const r = StandbyRoles.initial(DEFAULT_LAB);
    r.setEnabled('STANDBY', false, AT);
    expect(r.pullEvents()).to.deep.equal([
      { name: 'HotStandbySideEnabledChanged', lab: DEFAULT_LAB, occurredAt: AT, side: 'STANDBY', enabled: false },
    ]);
    expect(r.flags().handoverPossible).to.equal(false);
    const error = refusal(() => r.handover(AT));
    expect(error.code).to.equal('HANDOVER_NOT_POSSIBLE');
    expect(error.message).to.contain('disabled');
    r.linkDown(AT);
    expect(r.state).to.equal('MAIN_ACTIVE_LINK_DOWN');
  });

  it('refuses to change the enabled flag of the active side, and the same value changes nothing', () => {
    const r = StandbyRoles.initial(DEFAULT_LAB);
    expect(refusal(() => r.setEnabled('MAIN', false, AT)).code).to.equal('HOT_STANDBY_SIDE_ACTIVE');
    r.setEnabled('MAIN', true, AT);
    r.setEnabled('STANDBY', true, AT);
    expect(r.pullEvents()).to.deep.equal([]);
  });

  it('link down and up: failover to the enabled standby, only immediate role changes while down, idempotent', () => {
    const r = StandbyRoles.initial(DEFAULT_LAB);
    r.linkDown(AT);
    expect(r.activeSide).to.equal('STANDBY');
    expect(r.link).to.equal('DOWN');
    expect(r.flags()).to.include({
      onlyImmediateRoleChangePossible: true,
      handoverPossible: false,
      recoveryPossible: false,
    });
    expect(refusal(() => r.recover(AT)).message).to.contain('link');
    r.linkDown(AT);
    expect(r.pullEvents()).to.have.length(1);
    r.linkUp(AT);
    r.linkUp(AT);
    expect(r.state).to.equal('STANDBY_ACTIVE_LINK_UP');
    expect(r.pullEvents()).to.have.length(1);
  });

  it('restore refuses a stored state that is no state', () => {
    expect(() => roles('SIDEWAYS' as RoleState)).to.throw(TypeError);
    expect(() =>
      StandbyRoles.restore(DEFAULT_LAB, {
        state: 'MAIN_ACTIVE_LINK_UP',
        mainEnabled: 'yes' as unknown as boolean,
        standbyEnabled: true,
      }),
    ).to.throw(TypeError);
  });
});
