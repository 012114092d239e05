import { operation } from '../../../../../shared/interface/http/Operation.js';
import { CONFIGURATION_FILE_MEDIA_TYPE } from '../../application/ConfigurationFile.js';
import { CoreConfigController } from './CoreConfigController.js';
import { CoreConfigStateView } from './CoreConfigStateView.js';

const area = 'Configuration lifecycle';

export const coreConfigOperations = [
  operation({
    area,
    method: 'PUT',
    path: '/api/coreConfig/set',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'multipart',
    summary:
      'Import a configuration file (.xzconfig, multipart part "file") as the working configuration, not committed; commitProtection=true makes it view-only',
    query: [
      {
        name: 'commitProtection',
        type: 'boolean',
        description: 'true: the import can be viewed, never committed or changed (until revert or a new import)',
      },
    ],
    response: { kind: 'empty' },
    controller: CoreConfigController,
    handle: (c, r) => c.set(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/coreConfig/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'The working configuration as a downloadable configuration file (.xzconfig), in the format set accepts',
    response: { kind: 'file', contentType: CONFIGURATION_FILE_MEDIA_TYPE },
    controller: CoreConfigController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/coreConfig/commit',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'none',
    summary: 'Commit the whole working configuration, or nothing (409 while commit-protected or inconsistent)',
    response: { kind: 'empty' },
    controller: CoreConfigController,
    handle: (c, r) => c.commit(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/coreConfig/revert',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'none',
    summary: 'Bring the working configuration back to the committed one',
    response: { kind: 'empty' },
    controller: CoreConfigController,
    handle: (c, r) => c.revert(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/coreConfig/clean',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'none',
    summary: 'Empty the working configuration but for what keeps this API reachable; revertible until committed',
    response: { kind: 'empty' },
    controller: CoreConfigController,
    handle: (c, r) => c.clean(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/coreConfig/status/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'CoreConfigState: lifecycle state, uncommitted changes, commit protection, last commit, changed objects',
    response: { kind: 'json', shape: CoreConfigStateView },
    controller: CoreConfigController,
    handle: (c, r) => c.status(r),
  }),
];
