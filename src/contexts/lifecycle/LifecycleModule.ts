import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { GetMaintenanceMode } from './maintenance/application/GetMaintenanceMode.js';
import { SetMaintenanceMode } from './maintenance/application/SetMaintenanceMode.js';
import { MaintenanceModeSetting } from './maintenance/application/MaintenanceModeSetting.js';
import { MaintenanceState, StoredMaintenanceState } from './maintenance/application/MaintenanceState.js';
import { MaintenanceModeController } from './maintenance/interface/http/MaintenanceModeController.js';

/** The lifecycle context: maintenance mode (the configuration lifecycle is the configuration context's revisions). */
export function lifecycleModule(options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MaintenanceModeSetting).toSelf().inSingletonScope();
    bind(GetMaintenanceMode).toSelf().inSingletonScope();
    bind(SetMaintenanceMode).toSelf().inSingletonScope();
    bind(MaintenanceModeController).toSelf().inSingletonScope();
    bind(MaintenanceState).to(StoredMaintenanceState).inSingletonScope();
  });
}
