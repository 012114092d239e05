import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { GetMaintenanceMode } from './maintenance/application/GetMaintenanceMode.js';
import { SetMaintenanceMode } from './maintenance/application/SetMaintenanceMode.js';
import { MaintenanceModeRepository } from './maintenance/domain/MaintenanceModeRepository.js';
import { InMemoryMaintenanceModeRepository } from './maintenance/infrastructure/memory/InMemoryMaintenanceModeRepository.js';
import { TypeOrmMaintenanceModeRepository } from './maintenance/infrastructure/persistence/TypeOrmMaintenanceModeRepository.js';
import { MaintenanceModeController } from './maintenance/interface/http/MaintenanceModeController.js';

/** The lifecycle context: maintenance mode (the configuration lifecycle is the configuration context's revisions). */
export function lifecycleModule(options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MaintenanceModeRepository)
      .to(options.store === 'typeorm' ? TypeOrmMaintenanceModeRepository : InMemoryMaintenanceModeRepository)
      .inSingletonScope();
    bind(GetMaintenanceMode).toSelf().inSingletonScope();
    bind(SetMaintenanceMode).toSelf().inSingletonScope();
    bind(MaintenanceModeController).toSelf().inSingletonScope();
  });
}
