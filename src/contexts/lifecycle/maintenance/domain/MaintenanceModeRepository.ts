import type { LabId } from '../../../../shared/domain/LabId.js';
import type { MaintenanceMode } from './MaintenanceMode.js';

export abstract class MaintenanceModeRepository {
  /** The lab's maintenance mode; the initial (inactive) one when never set. */
  abstract get(lab: LabId): Promise<MaintenanceMode>;
  /** Stores it if nobody saved another version in between; throws StaleVersionError otherwise. */
  abstract save(mode: MaintenanceMode): Promise<void>;
}
