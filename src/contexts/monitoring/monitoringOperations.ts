import { operation } from '../../app/http/Operation.js';
import { ResourcesController } from './resources/interface/http/ResourcesController.js';
import { VersionController } from './version/interface/http/VersionController.js';

const area = 'Version and system';

export const monitoringOperations = [
  operation({
    area, method: 'GET', path: '/api/version/get', version: 0, permissions: ['API'], body: 'none',
    summary: 'Software versions of the gateway components (product selects one)',
    controller: VersionController, handle: (c, r) => c.get(r),
  }),
  operation({
    area, method: 'GET', path: '/api/resources/get', version: 0, permissions: ['API', 'MON-R'], body: 'none',
    summary: 'Disk, CPU and RAM use of the gateway machine (value selects one)',
    controller: ResourcesController, handle: (c, r) => c.get(r),
  }),
];
