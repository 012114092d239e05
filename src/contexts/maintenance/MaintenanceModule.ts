import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { GetMaintenanceMode } from './mode/application/GetMaintenanceMode.js';
import { SetMaintenanceMode } from './mode/application/SetMaintenanceMode.js';
import { MaintenanceModeSetting } from './mode/application/MaintenanceModeSetting.js';
import { MaintenanceState, StoredMaintenanceState } from './mode/application/MaintenanceState.js';
import { MaintenanceModeController } from './mode/interface/http/MaintenanceModeController.js';

/** The maintenance context: maintenance mode (the configuration's lifecycle is the configuration context's revisions). */
export function maintenanceModule(_options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MaintenanceModeSetting).toSelf().inSingletonScope();
    bind(GetMaintenanceMode).toSelf().inSingletonScope();
    bind(SetMaintenanceMode).toSelf().inSingletonScope();
    bind(MaintenanceModeController).toSelf().inSingletonScope();
    bind(MaintenanceState).to(StoredMaintenanceState).inSingletonScope();
  });
}
