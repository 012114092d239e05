import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { MaintenanceModeRepository } from '../domain/MaintenanceModeRepository.js';
import type { MaintenanceMode } from '../domain/MaintenanceMode.js';

@injectable()
export class SetMaintenanceMode {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(MaintenanceModeRepository) private readonly modes: MaintenanceModeRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId, active: boolean): Promise<MaintenanceMode> {
    return this.unitOfWork.write(lab, async () => {
      const mode = await this.modes.get(lab);
      mode.set(active, this.clock.now());
      await this.modes.save(mode);
      await this.events.publish(mode.pullEvents());
      return mode;
    });
  }
}
