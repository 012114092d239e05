import { operation } from '../../../../../shared/interface/http/Operation.js';
import { AddRequestRouterDto, SetRequestRouterDto } from './RequestRouterDtos.js';
import { RequestRouterController } from './RequestRouterController.js';
import { RequestRouterView } from './RequestRouterViews.js';

const area = 'Request routers';
const ROUTER = {
  name: 'requestRouter',
  type: 'string',
  required: true,
  description: 'the request router: id (either shape) or display name',
} as const;

/**
 * The 4 request-router operations. set and remove carry the specification's permissions (CFG-R, not CFG-W),
 * kept as specified like objects/note/set: a read-only configuration user can change and remove routers.
 */
export const requestRouterOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/requestRouters/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'Every request router, or the one named',
    query: [
      { name: 'requestRouter', type: 'string', description: 'only this router: id (either shape) or display name' },
    ],
    response: { kind: 'json', shape: RequestRouterView, array: true },
    controller: RequestRouterController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/requestRouters/add',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary:
      'Add a request router with its own SIP transport (ports must be free) on a new or existing network controller',
    request: AddRequestRouterDto,
    response: { kind: 'json', shape: RequestRouterView },
    controller: RequestRouterController,
    handle: (c, r) => c.add(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/requestRouters/set',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'json',
    summary: 'Change a request router (fields left out keep their values; CFG-R as the specification lists)',
    query: [ROUTER],
    request: SetRequestRouterDto,
    response: { kind: 'json', shape: RequestRouterView },
    controller: RequestRouterController,
    handle: (c, r) => c.set(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/requestRouters/remove',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary:
      'Remove a request router with the SIP transport and controller its add created (CFG-R as the specification lists)',
    query: [ROUTER],
    response: { kind: 'empty' },
    controller: RequestRouterController,
    handle: (c, r) => c.remove(r),
  }),
];
