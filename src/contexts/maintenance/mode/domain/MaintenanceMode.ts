import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { defaultsOf, fieldProblems, flag, type ValuesOf } from '../../../../shared/domain/SettingFields.js';

export interface MaintenanceModeChanged extends DomainEvent {
  readonly name: 'MaintenanceModeChanged';
  readonly active: boolean;
}

/** Maintenance mode's fields, written once (values' type, default, checks, request DTO and answer). */
export const MAINTENANCE_MODE_FIELDS = {
  modeActive: flag(false, 'whether the gateway is in maintenance mode (it then accepts no new calls)'),
};

export type MaintenanceModeValues = ValuesOf<typeof MAINTENANCE_MODE_FIELDS>;

/** What is kept of a lab's maintenance mode: its fields and when it last changed (undefined: never). */
export interface MaintenanceModeState extends MaintenanceModeValues {
  readonly changedAt: Date | undefined;
}

/** Whether the lab's gateway is in maintenance mode (it then accepts no new calls; the simulator honours it). */
export class MaintenanceMode {
  private readonly events: MaintenanceModeChanged[] = [];

  private constructor(
    readonly lab: LabId,
    private activeFlag: boolean,
    private changed: Date | undefined,
  ) {}

  static initial(lab: LabId): MaintenanceMode {
    return new MaintenanceMode(lab, defaultsOf(MAINTENANCE_MODE_FIELDS).modeActive, undefined);
  }

  /** Rebuilds a kept state, checking it again. */
  static restore(lab: LabId, state: MaintenanceModeState): MaintenanceMode {
    const details = fieldProblems(MAINTENANCE_MODE_FIELDS, state);
    if (
      state.changedAt !== undefined &&
      !(state.changedAt instanceof Date && !Number.isNaN(state.changedAt.getTime()))
    ) {
      details.push({ field: 'changedAt', rule: 'isDate', message: 'changedAt must be a time' });
    }
    if (details.length > 0) {
      throw DomainError.invalid(
        'INVALID_MAINTENANCE_MODE',
        `maintenance mode is invalid: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    return new MaintenanceMode(lab, state.modeActive, state.changedAt);
  }

  get active(): boolean {
    return this.activeFlag;
  }

  get changedAt(): Date | undefined {
    return this.changed;
  }

  get state(): MaintenanceModeState {
    return { modeActive: this.activeFlag, changedAt: this.changed };
  }

  /** Setting the value it already has changes nothing and raises no event. */
  set(active: boolean, at: Date): void {
    if (active === this.activeFlag) return;
    this.activeFlag = active;
    this.changed = at;
    this.events.push({ name: 'MaintenanceModeChanged', lab: this.lab, occurredAt: at, active });
  }

  pullEvents(): MaintenanceModeChanged[] {
    return this.events.splice(0);
  }
}
