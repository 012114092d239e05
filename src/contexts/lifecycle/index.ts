import { maintenanceOperations } from './maintenance/interface/http/maintenanceOperations.js';

export { lifecycleModule } from './LifecycleModule.js';
export type { MaintenanceModeChanged } from './maintenance/domain/MaintenanceMode.js';

export const lifecycleOperations = [...maintenanceOperations];
