import { maintenanceOperations } from './maintenance/interface/http/maintenanceOperations.js';

export { lifecycleModule } from './LifecycleModule.js';
/** Whether maintenance mode is on, for the session simulator. */
export { MaintenanceState } from './maintenance/application/MaintenanceState.js';
export type { MaintenanceModeChanged } from './maintenance/domain/MaintenanceMode.js';

export const lifecycleOperations = [...maintenanceOperations];
