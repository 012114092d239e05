import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addRoutingDomain,
  expectError,
  routingState,
  simpleRoute,
  startRoutingGateway,
  UNKNOWN_COMPACT_ID,
  UNKNOWN_ID,
  V1,
} from './routingSupport.js';

describe('routing domains over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let pbx: string;
  let carrier: string;

  before(async () => {
    ({ gateway, admin, pbx, carrier } = await startRoutingGateway());
  });
  after(() => gateway.stop());

  const addDomain = (displayName: string, sourceNodes: string[] = [pbx]): Promise<Record<string, any>> =>
    addRoutingDomain(admin, displayName, sourceNodes);

  describe('routes', () => {
    it('refuses invalid routes and unknown references naming the field path, and changes nothing', async () => {
      const domain = await addDomain('strict');
      const before = await routingState(admin);
      const add = (json: unknown, query: Record<string, string> = {}) =>
        admin.post('/api/routingDomains/routes/add', { ...V1, query: { routingDomain: domain['id'], ...query }, json });
      const cases: Array<[string, (route: any) => void, number, string]> = [
        [
          'establishment.routingTargets[1].destinationNodeId',
          (r) => {
            r.establishment.routingTargets.push({ destinationNodeId: UNKNOWN_ID });
          },
          404,
          'NODE_NOT_FOUND',
        ],
        [
          'establishment.routingTargets[1].destinationNodeId',
          (r) => {
            r.establishment.routingTargets.push({ destinationNodeId: UNKNOWN_COMPACT_ID });
          },
          404,
          'NODE_NOT_FOUND',
        ],
        [
          'establishment.routingTargets[0].routingForwardProfileId',
          (r) => {
            r.establishment.routingTargets[0].routingForwardProfileId = carrier;
          },
          404,
          'ROUTING_FORWARD_PROFILE_NOT_FOUND',
        ],
        [
          'filters[0].sourceNodeIds[0]',
          (r) => {
            r.filters[0].sourceNodeIds = ['not-an-id'];
          },
          400,
          'INVALID_OBJECT_ID',
        ],
        [
          'filters[0].destinationDialString.wildcardPattern',
          (r) => {
            r.filters[0].destinationDialString = { type: 'WILDCARD' };
          },
          400,
          'ROUTE_INVALID',
        ],
        [
          'filters[0].destinationDialString.plain',
          (r) => {
            r.filters[0].destinationDialString = { type: 'WILDCARD', wildcardPattern: '*', plain: { prefix: '1' } };
          },
          400,
          'ROUTE_INVALID',
        ],
        [
          'filters[0].destinationDialString.extensionRange.lastExtension',
          (r) => {
            r.filters[0].destinationDialString = {
              type: 'EXTENSION_RANGE',
              extensionRange: { firstExtension: '200', lastExtension: '100' },
            };
          },
          400,
          'ROUTE_INVALID',
        ],
        [
          'filters[0].destinationDialString.extensionRange.firstExtension',
          (r) => {
            r.filters[0].destinationDialString = {
              type: 'EXTENSION_RANGE',
              extensionRange: { firstExtension: '1a', lastExtension: '100' },
            };
          },
          400,
          'ROUTE_INVALID',
        ],
        [
          'filters[0].destinationDialString.type',
          (r) => {
            r.filters[0].destinationDialString = { type: 'REGEX' };
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'establishment.routingTargets[0].failoverStatusMatch.sipStatusCodes',
          (r) => {
            r.establishment.routingTargets[0].failoverStatusMatch = {
              telStatusList: [],
              sipStatusCodes: '408,486-480',
            };
          },
          400,
          'ROUTE_INVALID',
        ],
        [
          'establishment.routingTargets[0].failoverStatusMatch.sipStatusCodes',
          (r) => {
            r.establishment.routingTargets[0].failoverStatusMatch = { sipStatusCodes: '408;999' };
          },
          400,
          'ROUTE_INVALID',
        ],
        [
          'establishment.routingTargets[0].failoverStatusMatch.telStatusList',
          (r) => {
            r.establishment.routingTargets[0].failoverStatusMatch = { telStatusList: ['ON_FIRE'] };
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'establishment.routingTargets[0].destinationDialStringRewriting.segments[0].delLeading',
          (r) => {
            r.establishment.routingTargets[0].destinationDialStringRewriting = { segments: [{ delLeading: -1 }] };
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'establishment.action',
          (r) => {
            r.establishment.action = 'MAYBE';
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'enabled',
          (r) => {
            r.enabled = 'yes';
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'displayName',
          (r) => {
            delete r.displayName;
          },
          400,
          'VALIDATION_FAILED',
        ],
        [
          'displayName',
          (r) => {
            r.displayName = '';
          },
          400,
          'ROUTE_INVALID',
        ],
        [
          'id',
          (r) => {
            r.id = randomUUID();
          },
          400,
          'UNKNOWN_FIELD',
        ],
      ];
      for (const [field, change, status, code] of cases) {
        const route = simpleRoute('bad', carrier) as any;
        change(route);
        const response = await add(route);
        expectError(response, status, code, { what: field });
        expect(
          response.json.error.details.map((d: { field: string }) => d.field),
          field,
        ).to.include(field);
      }
      expectError(await add(simpleRoute('x', carrier), { mode: 'sideways' }), 400, 'INVALID_QUERY_PARAMETER');
      expectError(
        await admin.post('/api/routingDomains/routes/add', {
          ...V1,
          query: { routingDomain: 'no such domain' },
          json: simpleRoute('x', carrier),
        }),
        404,
        'ROUTING_DOMAIN_NOT_FOUND',
      );
      expectError(
        await admin.get('/api/routingDomains/routes/get', { ...V1, query: { routingDomain: UNKNOWN_ID } }),
        404,
        'ROUTING_DOMAIN_NOT_FOUND',
      );
      expectError(
        await admin.get('/api/routingDomains/routes/get', {
          ...V1,
          query: { routingDomain: domain['id'], mode: 'both' },
        }),
        400,
        'INVALID_QUERY_PARAMETER',
      );
      expect(await routingState(admin)).to.equal(before);
    });
  });
});
