import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { MaintenanceModeRepository } from '../domain/MaintenanceModeRepository.js';
import type { MaintenanceMode } from '../domain/MaintenanceMode.js';

@injectable()
export class GetMaintenanceMode {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(MaintenanceModeRepository) private readonly modes: MaintenanceModeRepository,
  ) {}

  execute(lab: LabId): Promise<MaintenanceMode> {
    return this.unitOfWork.read(() => this.modes.get(lab));
  }
}
