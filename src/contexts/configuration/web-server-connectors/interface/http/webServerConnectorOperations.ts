import { operation } from '../../../../../shared/interface/http/Operation.js';
import { WebServerConnectorsController } from './WebServerConnectorsController.js';
import { WebserverConnectorDto } from './WebServerConnectorDtos.js';
import { WebserverConnectorView } from './WebServerConnectorViews.js';

const area = 'Web server connectors';
const all = { kind: 'json', shape: WebserverConnectorView, array: true } as const;

/** The four web server connector operations (HTTP_SERVER objects of the working configuration). */
export const webServerConnectorOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/webserverConnectors/get',
    version: 0,
    permissions: ['API', 'WEB-R'],
    body: 'none',
    summary: 'Every web server connector; the private key is never answered (tlsOptions.privateKey.pem is empty)',
    response: all,
    controller: WebServerConnectorsController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/webserverConnectors/set',
    version: 0,
    permissions: ['API', 'WEB-W'],
    body: 'json',
    summary:
      'Replace the connectors: entries with an id update it (an empty key keeps the current one), entries without one are created, unlisted ones removed; all or nothing',
    requestArrayOf: WebserverConnectorDto,
    response: all,
    controller: WebServerConnectorsController,
    handle: (c, r) => c.set(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/webserverConnectors/add',
    version: 0,
    permissions: ['API', 'WEB-W'],
    body: 'json',
    summary:
      'Add a connector (displayName and port required; HTTPS needs a certificate and its private key); answers every connector',
    request: WebserverConnectorDto,
    response: all,
    controller: WebServerConnectorsController,
    handle: (c, r) => c.add(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/webserverConnectors/remove',
    version: 0,
    permissions: ['API', 'WEB-W'],
    body: 'none',
    summary:
      'Remove a connector (not the last one serving REST_API, not one another object refers to); answers the remaining ones',
    query: [{ name: 'identifier', type: 'string', required: true, description: 'connector id (either id shape)' }],
    response: all,
    controller: WebServerConnectorsController,
    handle: (c, r) => c.remove(r),
  }),
];
