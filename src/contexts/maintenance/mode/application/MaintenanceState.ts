import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { GetMaintenanceMode } from './GetMaintenanceMode.js';

/** Whether a lab's gateway is in maintenance mode now, as a port for the session simulator (no new calls then). */
export abstract class MaintenanceState {
  abstract active(lab: LabId): Promise<boolean>;
}

/** MaintenanceState read from the stored maintenance mode. */
@injectable()
export class StoredMaintenanceState extends MaintenanceState {
  constructor(@inject(GetMaintenanceMode) private readonly modes: GetMaintenanceMode) {
    super();
  }

  async active(lab: LabId): Promise<boolean> {
    return (await this.modes.execute(lab)).value.active;
  }
}
