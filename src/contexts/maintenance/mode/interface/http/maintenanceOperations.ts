import { operation } from '../../../../../shared/interface/http/Operation.js';
import { MaintenanceModeController } from './MaintenanceModeController.js';
import { MaintenanceModeView } from './MaintenanceModeView.js';
import { MaintenanceModeDto } from './MaintenanceModeDto.js';

const area = 'Version and system';

export const maintenanceOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/maintenanceMode/get',
    version: 0,
    permissions: ['API'],
    body: 'none',
    summary: 'Whether the gateway is in maintenance mode; its version as ETag',
    response: { kind: 'json', shape: MaintenanceModeView },
    controller: MaintenanceModeController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/maintenanceMode/set',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    summary:
      'Switch maintenance mode on or off (If-Match: 409 STALE_VERSION when it changed since); answers it with its new ETag',
    request: MaintenanceModeDto,
    response: { kind: 'json', shape: MaintenanceModeView },
    controller: MaintenanceModeController,
    handle: (c, r) => c.set(r),
  }),
];
