import { operation } from '../../../../../shared/interface/http/Operation.js';
import { MaintenanceModeController } from './MaintenanceModeController.js';

const area = 'Version and system';

export const maintenanceOperations = [
  operation({
    area, method: 'GET', path: '/api/maintenanceMode/get', version: 0, permissions: ['API'], body: 'none',
    summary: 'Whether the gateway is in maintenance mode',
    controller: MaintenanceModeController, handle: (c, r) => c.get(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/maintenanceMode/set', version: 0, permissions: ['API', 'ADM'], body: 'json',
    summary: 'Switch maintenance mode on or off',
    controller: MaintenanceModeController, handle: (c, r) => c.set(r),
  }),
];
