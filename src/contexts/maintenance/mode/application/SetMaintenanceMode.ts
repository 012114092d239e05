import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { StaleVersionError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { MaintenanceMode } from '../domain/MaintenanceMode.js';
import { MaintenanceModeSetting } from './MaintenanceModeSetting.js';

/**
 * Switches maintenance mode on or off; MaintenanceModeChanged follows the commit when the mode changed. With
 * `expectedVersion` (an If-Match) it is refused with STALE_VERSION when the mode is no longer at that version.
 */
@injectable()
export class SetMaintenanceMode {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(MaintenanceModeSetting) private readonly modes: MaintenanceModeSetting,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId, active: boolean, expectedVersion?: number): Promise<Versioned<MaintenanceMode>> {
    return this.unitOfWork.write(lab, async () => {
      const current = await this.modes.read(lab);
      if (expectedVersion !== undefined && expectedVersion !== current.version)
        throw new StaleVersionError(this.modes.definition.what, lab);
      current.value.set(active, this.clock.now());
      const saved = await this.modes.save(lab, current.value, current.version);
      await this.events.publish(current.value.pullEvents());
      return saved;
    });
  }
}
