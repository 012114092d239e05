import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { MaintenanceMode } from '../domain/MaintenanceMode.js';
import { MaintenanceModeSetting } from './MaintenanceModeSetting.js';

/** The lab's maintenance mode with its version (0 while never set). */
@injectable()
export class GetMaintenanceMode {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(MaintenanceModeSetting) private readonly modes: MaintenanceModeSetting,
  ) {}

  execute(lab: LabId): Promise<Versioned<MaintenanceMode>> {
    return this.unitOfWork.read(() => this.modes.read(lab));
  }
}
