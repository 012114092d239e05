import { MaintenanceModeSetting } from '../../../src/contexts/maintenance/mode/application/MaintenanceModeSetting.js';
import type { MaintenanceMode } from '../../../src/contexts/maintenance/mode/domain/MaintenanceMode.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { TypeOrmSettingsRepository } from '../../../src/shared/infrastructure/persistence/TypeOrmSettingsRepository.js';

export type VersionedMode = MaintenanceMode & { readonly version: number };

/**
 * A small versioned thing to write in unit-of-work tests: the maintenance mode setting on the TypeORM settings
 * store, read as the mode carrying its version and saved over that version (STALE_VERSION when it moved).
 */
export function maintenanceModeProbe() {
  const modes = new MaintenanceModeSetting(new TypeOrmSettingsRepository(new ManualClock()));
  return {
    modes,
    async get(lab: LabId): Promise<VersionedMode> {
      const read = await modes.read(lab);
      return Object.assign(read.value, { version: read.version });
    },
    async save(mode: VersionedMode): Promise<void> {
      await modes.save(mode.lab, mode, mode.version);
    },
    /** One write unit of the lab through `unitOfWork` that turns the mode over. */
    toggle(unitOfWork: UnitOfWork, lab: LabId): Promise<void> {
      return unitOfWork.write(lab, async () => {
        const read = await modes.read(lab);
        read.value.set(!read.value.active, new Date());
        await modes.save(lab, read.value, read.version);
      });
    },
  };
}
