import { operation } from '../../shared/interface/http/Operation.js';
import { ResourcesController } from './resources/interface/http/ResourcesController.js';
import { VersionController } from './version/interface/http/VersionController.js';
import { COMPONENTS } from './version/domain/ProductVersions.js';
import { RESOURCE_KINDS } from './resources/domain/ResourceUsage.js';
import { VersionView } from './version/interface/http/VersionView.js';
import { ResourceUsageView } from './resources/interface/http/ResourceUsageView.js';

const area = 'Version and system';

export const monitoringOperations = [
  operation({
    area, method: 'GET', path: '/api/version/get', version: 0, permissions: ['API'], body: 'none',
    summary: 'Software versions of the gateway components (product selects one)',
    query: [{ name: 'product', type: 'string', values: COMPONENTS, description: 'only this component' }],
    response: { kind: 'json', shape: VersionView },
    controller: VersionController, handle: (c, r) => c.get(r),
  }),
  operation({
    area, method: 'GET', path: '/api/resources/get', version: 0, permissions: ['API', 'MON-R'], body: 'none',
    summary: 'Disk, CPU and RAM use of the gateway machine (value selects one)',
    query: [{ name: 'value', type: 'string', values: RESOURCE_KINDS, description: 'only this resource: disk and ram in bytes, cpu in percent' }],
    response: { kind: 'json', shape: ResourceUsageView },
    controller: ResourcesController, handle: (c, r) => c.get(r),
  }),
];
