import { operation } from '../../../../../shared/interface/http/Operation.js';
import { ROUTE_MODES } from '../../domain/RouteModel.js';
import { RouteDto } from './RouteDtos.js';
import { RouteView } from './RouteView.js';
import { AddRoutingDomainDto } from './AddRoutingDomainDto.js';
import { RoutingDomainView } from './RoutingDomainView.js';
import { RoutingDomainsController } from './RoutingDomainsController.js';
import { AddRoutingForwardProfileDto } from './RoutingForwardProfileDtos.js';
import { RoutingForwardProfileEntryView, RoutingForwardProfileView } from './RoutingForwardProfileViews.js';
import { RoutingForwardProfilesController } from './RoutingForwardProfilesController.js';

const domains = 'Routing domains';
const profiles = 'Routing forward profiles';
const ROUTING_DOMAIN = {
  name: 'routingDomain',
  type: 'string',
  required: true,
  description: 'the routing domain: id (either shape) or display name',
} as const;
const MODE = {
  name: 'mode',
  type: 'string',
  values: ROUTE_MODES,
  description: 'establishment (default) or pathReplacement routes',
} as const;

/** The routing domain and routing forward profile operations (versions as the specification's Versioning section gives them). */
export const routingOperations = [
  operation({
    area: domains,
    method: 'GET',
    path: '/api/routingDomains/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'Every routing domain with its source nodes, routes and path-replacement routes',
    response: { kind: 'json', shape: RoutingDomainView, array: true },
    controller: RoutingDomainsController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: domains,
    method: 'POST',
    path: '/api/routingDomains/add',
    version: 1,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary: 'Add a routing domain (display name unique; every source node must exist); answers it',
    request: AddRoutingDomainDto,
    response: { kind: 'json', shape: RoutingDomainView },
    controller: RoutingDomainsController,
    handle: (c, r) => c.add(r),
  }),
  operation({
    area: domains,
    method: 'POST',
    path: '/api/routingDomains/set',
    version: 1,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary: 'Rename a routing domain and/or add source nodes (the union of previous and sent); routes are kept',
    query: [ROUTING_DOMAIN],
    request: AddRoutingDomainDto,
    response: { kind: 'json', shape: RoutingDomainView },
    controller: RoutingDomainsController,
    handle: (c, r) => c.set(r),
  }),
  operation({
    area: domains,
    method: 'DELETE',
    path: '/api/routingDomains/remove',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'none',
    summary: 'Remove a routing domain with its routes; refused (409, referrers named) while referenced',
    query: [ROUTING_DOMAIN],
    response: { kind: 'empty' },
    controller: RoutingDomainsController,
    handle: (c, r) => c.remove(r),
  }),
  operation({
    area: domains,
    method: 'GET',
    path: '/api/routingDomains/routes/get',
    version: 1,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'The routes of a routing domain, in order (establishment routes unless mode=pathReplacement)',
    query: [ROUTING_DOMAIN, MODE],
    response: { kind: 'json', shape: RouteView, array: true },
    controller: RoutingDomainsController,
    handle: (c, r) => c.routes(r),
  }),
  operation({
    area: domains,
    method: 'POST',
    path: '/api/routingDomains/routes/add',
    version: 1,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary: 'Append a route (without id) to a routing domain; answers it with the id the service assigned',
    query: [MODE, ROUTING_DOMAIN],
    request: RouteDto,
    response: { kind: 'json', shape: RouteView },
    controller: RoutingDomainsController,
    handle: (c, r) => c.addRouteTo(r),
  }),
  operation({
    area: profiles,
    method: 'GET',
    path: '/api/routingForwardProfiles/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'Every routing forward profile: with completeData=true its configuration, else only id and display name',
    query: [
      {
        name: 'completeData',
        type: 'boolean',
        description: 'true: the configuration; false (default): only id and displayName',
      },
    ],
    response: {
      kind: 'oneOf',
      of: [
        { shape: RoutingForwardProfileEntryView, array: true, when: 'completeData=false or left out' },
        { shape: RoutingForwardProfileView, array: true, when: 'completeData=true' },
      ],
    },
    controller: RoutingForwardProfilesController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area: profiles,
    method: 'POST',
    path: '/api/routingForwardProfiles/add',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary:
      'Add a routing forward profile with its telephony forwarding stack and media negotiation forwarder; answers it',
    request: AddRoutingForwardProfileDto,
    response: { kind: 'json', shape: RoutingForwardProfileView },
    controller: RoutingForwardProfilesController,
    handle: (c, r) => c.add(r),
  }),
];
