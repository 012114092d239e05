import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';
import type { LabId } from '../../../../shared/domain/LabId.js';

export interface MaintenanceModeChanged extends DomainEvent {
  readonly name: 'MaintenanceModeChanged';
  readonly active: boolean;
}

/**
 * Whether the lab's gateway is in maintenance mode (it then accepts no new calls; the simulator honours it).
 * `version` is the optimistic concurrency version of the stored record.
 */
export class MaintenanceMode {
  private readonly events: MaintenanceModeChanged[] = [];

  constructor(
    readonly lab: LabId,
    private activeFlag: boolean,
    readonly version: number,
    private changed: Date | undefined,
  ) {}

  static initial(lab: LabId): MaintenanceMode {
    return new MaintenanceMode(lab, false, 0, undefined);
  }

  get active(): boolean {
    return this.activeFlag;
  }

  get changedAt(): Date | undefined {
    return this.changed;
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
