/** The maintenance context's public face: other contexts and the composition root import only this file. */
export { maintenanceModule } from './MaintenanceModule.js';
export { maintenanceOperations } from './mode/interface/http/maintenanceOperations.js';
/** Whether maintenance mode is on, for the session simulator. */
export { MaintenanceState } from './mode/application/MaintenanceState.js';
export type { MaintenanceModeChanged } from './mode/domain/MaintenanceMode.js';
