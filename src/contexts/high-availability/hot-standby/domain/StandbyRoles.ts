import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { StateMachine, type TransitionTable } from '../../../../shared/domain/StateMachine.js';

export type Side = 'MAIN' | 'STANDBY';
export type LinkStatus = 'UP' | 'DOWN';

/** The pair's role state: which side is active and whether the link between the two systems is up. */
export type RoleState =
  'MAIN_ACTIVE_LINK_UP' | 'STANDBY_ACTIVE_LINK_UP' | 'MAIN_ACTIVE_LINK_DOWN' | 'STANDBY_ACTIVE_LINK_DOWN';

/**
 * Every move of the pair: handover and recover swap the active side over an up link; the link going down keeps
 * the active side or fails over to the standby (an enabled standby takes the active role); the link coming back
 * keeps the active side.
 */
export const ROLE_TRANSITIONS: TransitionTable<RoleState> = {
  MAIN_ACTIVE_LINK_UP: ['STANDBY_ACTIVE_LINK_UP', 'MAIN_ACTIVE_LINK_DOWN', 'STANDBY_ACTIVE_LINK_DOWN'],
  STANDBY_ACTIVE_LINK_UP: ['MAIN_ACTIVE_LINK_UP', 'STANDBY_ACTIVE_LINK_DOWN'],
  MAIN_ACTIVE_LINK_DOWN: ['MAIN_ACTIVE_LINK_UP'],
  STANDBY_ACTIVE_LINK_DOWN: ['STANDBY_ACTIVE_LINK_UP'],
};

export const ROLE_MACHINE = new StateMachine<RoleState>('hot standby roles', ROLE_TRANSITIONS);

export type RoleChangeReason = 'HANDOVER' | 'RECOVER' | 'LINK_DOWN' | 'LINK_UP';

/** One per transition of the table. */
export interface HotStandbyRoleChanged extends DomainEvent {
  readonly name: 'HotStandbyRoleChanged';
  readonly from: RoleState;
  readonly to: RoleState;
  readonly reason: RoleChangeReason;
}

/** A side's permission to take the active role changed. */
export interface HotStandbySideEnabledChanged extends DomainEvent {
  readonly name: 'HotStandbySideEnabledChanged';
  readonly side: Side;
  readonly enabled: boolean;
}

export type HotStandbyEvent = HotStandbyRoleChanged | HotStandbySideEnabledChanged;

export interface StandbyRolesState {
  readonly state: RoleState;
  readonly mainEnabled: boolean;
  readonly standbyEnabled: boolean;
}

/** The flags the status derives from the state (committed or not comes from the configuration). */
export interface RoleFlags {
  readonly handoverPossible: boolean;
  readonly recoveryPossible: boolean;
  readonly mainSetEnabledPossible: boolean;
  readonly standbySetEnabledPossible: boolean;
  readonly onlyImmediateRoleChangePossible: boolean;
}

const ROLE_STATES: readonly RoleState[] = Object.keys(ROLE_TRANSITIONS) as RoleState[];

function stateOf(active: Side, link: LinkStatus): RoleState {
  return `${active}_ACTIVE_LINK_${link}` as RoleState;
}

/**
 * The role state machine of a lab's hot standby pair (one pair per lab): the active side, the link status and
 * each side's enabled flag (a disabled side may not take the active role). Starts with the main system active,
 * the link up and both sides enabled. Handover, recover and enabling are refused with a 409 naming why.
 */
export class StandbyRoles {
  private readonly events: HotStandbyEvent[] = [];

  private constructor(
    readonly lab: LabId,
    private current: RoleState,
    private mainOn: boolean,
    private standbyOn: boolean,
  ) {}

  static initial(lab: LabId): StandbyRoles {
    return new StandbyRoles(lab, 'MAIN_ACTIVE_LINK_UP', true, true);
  }

  static restore(lab: LabId, state: StandbyRolesState): StandbyRoles {
    if (!ROLE_STATES.includes(state.state)) throw new TypeError(`state must be one of ${ROLE_STATES.join(', ')}`);
    if (typeof state.mainEnabled !== 'boolean' || typeof state.standbyEnabled !== 'boolean')
      throw new TypeError('mainEnabled and standbyEnabled must be booleans');
    return new StandbyRoles(lab, state.state, state.mainEnabled, state.standbyEnabled);
  }

  get state(): RoleState {
    return this.current;
  }
  get activeSide(): Side {
    return this.current.startsWith('MAIN') ? 'MAIN' : 'STANDBY';
  }
  get link(): LinkStatus {
    return this.current.endsWith('UP') ? 'UP' : 'DOWN';
  }
  get mainEnabled(): boolean {
    return this.mainOn;
  }
  get standbyEnabled(): boolean {
    return this.standbyOn;
  }

  snapshot(): StandbyRolesState {
    return { state: this.current, mainEnabled: this.mainOn, standbyEnabled: this.standbyOn };
  }

  /**
   * handover: main active, link up, standby enabled. recover: standby active, link up, main enabled. A side's
   * enabled flag may change while the other side is active (the active side is never disabled under itself).
   * onlyImmediateRoleChangePossible: the link is down, so the only role change left is the immediate failover.
   */
  flags(): RoleFlags {
    const up = this.link === 'UP';
    return {
      handoverPossible: up && this.activeSide === 'MAIN' && this.standbyOn,
      recoveryPossible: up && this.activeSide === 'STANDBY' && this.mainOn,
      mainSetEnabledPossible: this.activeSide !== 'MAIN',
      standbySetEnabledPossible: this.activeSide !== 'STANDBY',
      onlyImmediateRoleChangePossible: !up,
    };
  }

  handover(at: Date): void {
    if (!this.flags().handoverPossible) {
      throw DomainError.conflict('HANDOVER_NOT_POSSIBLE', `handover is not possible: ${this.whyNot('STANDBY')}`);
    }
    this.move(stateOf('STANDBY', 'UP'), 'HANDOVER', at);
  }

  recover(at: Date): void {
    if (!this.flags().recoveryPossible) {
      throw DomainError.conflict('RECOVERY_NOT_POSSIBLE', `recovery is not possible: ${this.whyNot('MAIN')}`);
    }
    this.move(stateOf('MAIN', 'UP'), 'RECOVER', at);
  }

  /** Enabling or disabling a side; the same value again changes nothing. */
  setEnabled(side: Side, enabled: boolean, at: Date): void {
    const currently = side === 'MAIN' ? this.mainOn : this.standbyOn;
    if (currently === enabled) return;
    if (side === this.activeSide) {
      throw DomainError.conflict(
        'HOT_STANDBY_SIDE_ACTIVE',
        `the ${side === 'MAIN' ? 'main' : 'standby'} system holds the active role: hand the role over before changing whether it may take it`,
      );
    }
    if (side === 'MAIN') this.mainOn = enabled;
    else this.standbyOn = enabled;
    this.events.push({ name: 'HotStandbySideEnabledChanged', lab: this.lab, occurredAt: at, side, enabled });
  }

  /** The link went down: an enabled standby takes the active role from the main system. Down again: nothing. */
  linkDown(at: Date): void {
    if (this.link === 'DOWN') return;
    const next =
      this.activeSide === 'MAIN' && this.standbyOn ? stateOf('STANDBY', 'DOWN') : stateOf(this.activeSide, 'DOWN');
    this.move(next, 'LINK_DOWN', at);
  }

  /** The link came back; the active side keeps its role. Up already: nothing. */
  linkUp(at: Date): void {
    if (this.link === 'UP') return;
    this.move(stateOf(this.activeSide, 'UP'), 'LINK_UP', at);
  }

  pullEvents(): HotStandbyEvent[] {
    return this.events.splice(0);
  }

  private whyNot(taker: Side): string {
    if (this.link === 'DOWN') return 'the link between the systems is down';
    if (this.activeSide === taker) return `the ${taker === 'MAIN' ? 'main' : 'standby'} system is already active`;
    return `the ${taker === 'MAIN' ? 'main' : 'standby'} system is disabled (enable${taker === 'MAIN' ? 'Main' : 'Standby'}System)`;
  }

  private move(to: RoleState, reason: RoleChangeReason, at: Date): void {
    const from = this.current;
    this.current = ROLE_MACHINE.transition(from, to);
    this.events.push({ name: 'HotStandbyRoleChanged', lab: this.lab, occurredAt: at, from, to, reason });
  }
}
