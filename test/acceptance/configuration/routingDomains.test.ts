import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import {
  compact,
  configurationReader,
  createNode,
  createObject,
  expectError,
  routingState,
  simpleRoute,
  UNKNOWN_COMPACT_ID,
  UNKNOWN_ID,
} from './routingSupport.js';

const V1 = { version: 1 };

/** A route with every member the specification names: two targets, rewritings, failover, and a filter per matcher type. */
function fullRoute(first: string, second: string, source: string, profile: string): Record<string, unknown> {
  const segment = {
    prefix: '+49',
    suffix: '',
    delLeading: 1,
    delTrailing: 0,
    keepLeading: 0,
    keepTrailing: 0,
    matchedPart: 0,
    source: 'MOST_APPROPRIATE',
  };
  return {
    displayName: 'to carrier',
    enabled: true,
    establishment: {
      action: 'ACCEPT',
      routingTargets: [
        {
          destinationNodeId: first,
          routingForwardProfileId: profile,
          destinationDialStringRewriting: { segments: [segment] },
          sourceDialStringRewriting: { segments: [{ ...segment, prefix: '', source: 'LAST_DIVERSION' }] },
          failoverStatusMatch: { telStatusList: ['USER_BUSY', 'ERROR'], sipStatusCodes: '408,480-486' },
        },
        { destinationNodeId: compact(second), routingForwardProfileId: '' },
      ],
    },
    filters: [
      {
        sourceNodeIds: [compact(source)],
        destinationDialString: {
          type: 'EXTENSION_RANGE',
          extensionRange: { firstExtension: '100', lastExtension: '199', trunk: '0301234', zeroExtend: false },
        },
        sourceDialString: { type: 'PLAIN', plain: { prefix: '0', suffix: '' } },
      },
      {
        sourceNodeIds: [],
        destinationDialString: { type: 'DIRECTORY', directory: ['110', '112'] },
        transferrerDialString: { type: 'NEVER' },
      },
      { sourceNodeIds: [], firstDiversionDialString: { type: 'WILDCARD', wildcardPattern: '+49*' } },
    ],
  };
}

describe('routing domains over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let pbx: string;
  let carrier: string;
  let backup: string;
  let profile: string;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    pbx = await createNode(admin, 'pbx', 5060);
    carrier = await createNode(admin, 'carrier', 5070);
    backup = await createNode(admin, 'backup', 5080);
    profile = ((await admin.get('/api/routingForwardProfiles/get')).json as Array<{ id: string }>)[0]!.id;
  });
  after(() => gateway.stop());

  async function addDomain(displayName: string, sourceNodes: string[] = [pbx]): Promise<Record<string, any>> {
    const response = await admin.post('/api/routingDomains/add', { ...V1, json: { displayName, sourceNodes } });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  describe('add, get and set', () => {
    it('adds a domain (source nodes in either id shape) and answers it; get lists it; objects/get shows the TELRT_STACK', async () => {
      const added = await addDomain('main', [compact(pbx)]);
      expect(added).to.deep.equal({
        id: added['id'],
        displayName: 'main',
        sourceNodeIds: [pbx],
        routes: [],
        pathReplacementRoutes: [],
      });
      const listed = (await admin.get('/api/routingDomains/get')).json as Array<Record<string, unknown>>;
      expect(listed).to.deep.include(added);
      const object = (await admin.get('/api/objects/get', { query: { id: added['id'] } })).json;
      expect(object).to.include({ sort: 'TELRT_STACK', displayName: 'main' });
      expect(object.sourceNodeIds).to.deep.equal([pbx]);
      expect(object.routes).to.deep.equal([]);
    });

    it('set adds source nodes to the current ones (the union) and renames, by display name or id; routes are kept', async () => {
      const domain = await addDomain('to rename');
      await admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: domain['id'] },
        json: simpleRoute('keep me', carrier),
      });
      const set = await admin.post('/api/routingDomains/set', {
        ...V1,
        query: { routingDomain: 'to rename' },
        json: { displayName: 'renamed', sourceNodes: [carrier, pbx] },
      });
      expect(set.status, set.text).to.equal(200);
      expect(set.json).to.include({ id: domain['id'], displayName: 'renamed' });
      expect(set.json.sourceNodeIds).to.deep.equal([pbx, carrier]);
      expect(set.json.routes.map((r: { displayName: string }) => r.displayName)).to.deep.equal(['keep me']);
      const again = await admin.post('/api/routingDomains/set', {
        ...V1,
        query: { routingDomain: compact(domain['id']) },
        json: { sourceNodes: [backup] },
      });
      expect(again.json).to.include({ displayName: 'renamed' });
      expect(again.json.sourceNodeIds).to.deep.equal([pbx, carrier, backup]);
      expect((await admin.get('/api/objects/get', { query: { id: domain['id'] } })).json.sourceNodeIds).to.deep.equal([
        pbx,
        carrier,
        backup,
      ]);
    });

    it('a set that changes nothing leaves the configuration as committed', async () => {
      const domain = await addDomain('unchanged');
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      const set = await admin.post('/api/routingDomains/set', {
        ...V1,
        query: { routingDomain: domain['id'] },
        json: { displayName: 'unchanged', sourceNodes: [pbx] },
      });
      expect(set.status, set.text).to.equal(200);
      expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
    });

    it('refuses bad requests naming the field, and changes nothing', async () => {
      await addDomain('taken');
      const before = await routingState(admin);
      const add = (json: unknown) => admin.post('/api/routingDomains/add', { ...V1, json });
      let response = await add({ sourceNodes: [pbx] });
      expectError(response, 400);
      expect(response.json.error.details[0].field).to.equal('displayName');
      response = await add({ displayName: 'x', sourceNodes: 'not a list' });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json.error.details[0].field).to.equal('sourceNodes');
      response = await add({ displayName: 42 });
      expectError(response, 400, 'VALIDATION_FAILED');
      response = await add({ displayName: 'x', sourceNodes: [pbx, UNKNOWN_ID] });
      expectError(response, 404, 'NODE_NOT_FOUND');
      expect(response.json.error.details[0].field).to.equal('sourceNodes[1]');
      expectError(await add({ displayName: 'x', sourceNodes: [UNKNOWN_COMPACT_ID] }), 404, 'NODE_NOT_FOUND');
      response = await add({ displayName: 'x', sourceNodes: ['no id'] });
      expectError(response, 400, 'INVALID_OBJECT_ID');
      expect(response.json.error.details[0].field).to.equal('sourceNodes[0]');
      expectError(await add({ displayName: 'x', sourceNodes: [profile] }), 404, 'NODE_NOT_FOUND');
      response = await add({ displayName: 'taken', sourceNodes: [] });
      expectError(response, 409, 'DISPLAY_NAME_TAKEN');
      expect(response.json.error.details[0].field).to.equal('displayName');
      expectError(await add({ displayName: '   ' }), 400, 'DISPLAY_NAME_REQUIRED');
      expectError(await add({ displayName: 'x', extra: true }), 400, 'UNKNOWN_FIELD');
      expectError(
        await admin.post('/api/routingDomains/set', { ...V1, query: { routingDomain: 'no such domain' }, json: {} }),
        404,
        'ROUTING_DOMAIN_NOT_FOUND',
      );
      expectError(
        await admin.post('/api/routingDomains/set', { ...V1, query: { routingDomain: UNKNOWN_COMPACT_ID }, json: {} }),
        404,
        'ROUTING_DOMAIN_NOT_FOUND',
      );
      expectError(
        await admin.post('/api/routingDomains/set', {
          ...V1,
          query: { routingDomain: 'main' },
          json: { displayName: 'taken' },
        }),
        409,
        'DISPLAY_NAME_TAKEN',
      );
      expectError(await admin.post('/api/routingDomains/set', { ...V1, json: {} }), 400, 'INVALID_QUERY_PARAMETER');
      expect(await routingState(admin)).to.equal(before);
    });
  });

  describe('routes', () => {
    it('adds a route with every member, answers it with an assigned id, and lists it in order', async () => {
      const domain = await addDomain('routes');
      const response = await admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: 'routes', mode: 'establishment' },
        json: fullRoute(carrier, backup, pbx, profile),
      });
      expect(response.status, response.text).to.equal(200);
      const route = response.json;
      expect(route.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const expected = fullRoute(carrier, backup, pbx, profile) as any;
      expected.establishment.routingTargets[1].destinationNodeId = backup;
      expected.filters[0].sourceNodeIds = [pbx];
      expect(route).to.deep.equal({ id: route.id, ...expected });
      const second = (
        await admin.post('/api/routingDomains/routes/add', {
          ...V1,
          query: { routingDomain: domain['id'] },
          json: simpleRoute('second', carrier),
        })
      ).json;
      const routes = (
        await admin.get('/api/routingDomains/routes/get', { ...V1, query: { routingDomain: compact(domain['id']) } })
      ).json;
      expect(routes.map((r: { id: string }) => r.id)).to.deep.equal([route.id, second.id]);
      expect(routes[0]).to.deep.equal(route);
      const listed = ((await admin.get('/api/routingDomains/get')).json as Array<Record<string, any>>).find(
        (d) => d['id'] === domain['id'],
      )!;
      expect(listed['routes']).to.deep.equal(routes);
      expect(listed['pathReplacementRoutes']).to.deep.equal([]);
    });

    it('keeps path-replacement routes apart (mode=pathReplacement); routes/get answers establishment routes by default', async () => {
      const domain = await addDomain('transfers');
      const transfer = (
        await admin.post('/api/routingDomains/routes/add', {
          ...V1,
          query: { routingDomain: domain['id'], mode: 'pathReplacement' },
          json: simpleRoute('transfer', carrier),
        })
      ).json;
      expect(
        (await admin.get('/api/routingDomains/routes/get', { ...V1, query: { routingDomain: domain['id'] } })).json,
      ).to.deep.equal([]);
      expect(
        (
          await admin.get('/api/routingDomains/routes/get', {
            ...V1,
            query: { routingDomain: domain['id'], mode: 'pathReplacement' },
          })
        ).json,
      ).to.deep.equal([transfer]);
      const object = (await admin.get('/api/objects/get', { query: { id: domain['id'] } })).json;
      expect(object.pathReplacementRoutes[0].id).to.equal(transfer.id);
      expect(object.routes).to.deep.equal([]);
    });

    it('writes what objects/get reads (derived node and profile references included), and reads what objects/set wrote', async () => {
      const domain = await addDomain('round trip');
      const route = (
        await admin.post('/api/routingDomains/routes/add', {
          ...V1,
          query: { routingDomain: domain['id'] },
          json: fullRoute(carrier, backup, pbx, profile),
        })
      ).json;
      const object = (await admin.get('/api/objects/get', { query: { id: domain['id'] } })).json;
      expect(object.routes[0].id).to.equal(route.id);
      expect(object.routes[0].establishment.routingTargets[0]).to.include({
        destinationNodeId: carrier,
        routingForwardProfileId: profile,
      });
      expect(object.routes[0].establishment.routingTargets[0].destinationDialStringRewriting.segments[0]).to.include({
        prefix: '+49',
        delLeading: '1',
      });
      expect(object.routeNodeIds).to.deep.equal([carrier, backup]);
      expect(object.routeFilterNodeIds).to.deep.equal([pbx]);
      expect(object.routeForwardProfileIds).to.deep.equal([profile]);
      expectError(await admin.delete('/api/objects/remove', { query: { id: backup } }), 409, 'OBJECT_REFERENCED');

      const written = { ...simpleRoute('written by objects/set', backup), id: randomUUID() } as any;
      written.filters[0].destinationDialString = { type: 'PLAIN', plain: { prefix: '00', suffix: '' } };
      const set = await admin.put('/api/objects/set', {
        query: { id: domain['id'] },
        json: { routes: [object.routes[0], written] },
      });
      expect(set.status, set.text).to.equal(200);
      const routes = (
        await admin.get('/api/routingDomains/routes/get', { ...V1, query: { routingDomain: domain['id'] } })
      ).json;
      expect(routes[0]).to.deep.equal(route);
      expect(routes[1]).to.deep.equal({ ...written, enabled: true });
    });

    it('objects/set refuses the routes the view refuses (a matcher without its member)', async () => {
      const domain = await addDomain('guarded');
      const bad = simpleRoute('bad', carrier) as any;
      bad.filters[0].destinationDialString = { type: 'WILDCARD' };
      const response = await admin.put('/api/objects/set', { query: { id: domain['id'] }, json: { routes: [bad] } });
      expectError(response, 400, 'OBJECT_INVALID');
      expect(response.json.error.details[0].field).to.equal(
        'routes[0].filters[0].destinationDialString.wildcardPattern',
      );
    });

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

  describe('remove', () => {
    it('removes a domain with its routes', async () => {
      const domain = await addDomain('short lived');
      await admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: domain['id'] },
        json: simpleRoute('r', carrier),
      });
      const removed = await admin.delete('/api/routingDomains/remove', { query: { routingDomain: 'short lived' } });
      expect(removed.status, removed.text).to.equal(200);
      expect(
        ((await admin.get('/api/routingDomains/get')).json as Array<{ id: string }>).map((d) => d.id),
      ).to.not.include(domain['id']);
      expectError(await admin.get('/api/objects/get', { query: { id: domain['id'] } }), 404);
      expectError(
        await admin.delete('/api/routingDomains/remove', { query: { routingDomain: domain['id'] } }),
        404,
        'ROUTING_DOMAIN_NOT_FOUND',
      );
    });

    it('is refused while the telephony core names the domain its default, naming the referrer; nothing changes', async () => {
      const domain = await addDomain('default domain');
      const core = (
        (await admin.get('/api/objects/sorts', { query: { sort: 'TEL_STACK' } })).json as Array<{ id: string }>
      )[0]!;
      expect(
        (
          await admin.put('/api/objects/set', {
            query: { id: core.id },
            json: { defaultRoutingDomainId: domain['id'] },
          })
        ).status,
      ).to.equal(200);
      const before = await routingState(admin);
      const refused = await admin.delete('/api/routingDomains/remove', { query: { routingDomain: domain['id'] } });
      expectError(refused, 409, 'ROUTING_DOMAIN_REFERENCED');
      expect(refused.json.error.details[0].message).to.contain('TEL_STACK').and.contain('defaultRoutingDomainId');
      expect(await routingState(admin)).to.equal(before);
      expect(
        (await admin.put('/api/objects/set', { query: { id: core.id }, json: { defaultRoutingDomainId: '' } })).status,
      ).to.equal(200);
      expect(
        (await admin.delete('/api/routingDomains/remove', { query: { routingDomain: compact(domain['id']) } })).status,
      ).to.equal(200);
    });

    it('is refused while the domain is protected', async () => {
      const domain = await addDomain('protected domain');
      expect(
        (await admin.put('/api/objects/set', { query: { id: domain['id'] }, json: { protected: 'true' } })).status,
      ).to.equal(200);
      expectError(
        await admin.delete('/api/routingDomains/remove', { query: { routingDomain: domain['id'] } }),
        409,
        'OBJECT_PROTECTED',
      );
      expect((await admin.get('/api/objects/get', { query: { id: domain['id'] } })).status).to.equal(200);
    });
  });

  describe('permissions and the lifecycle', () => {
    it('reads need configuration read access, writes configuration write access (403 otherwise)', async () => {
      const domain = await addDomain('guarded by roles');
      const reader = await configurationReader(gateway, admin, 'routing_reader');
      expect((await reader.get('/api/routingDomains/get')).status).to.equal(200);
      expect(
        (await reader.get('/api/routingDomains/routes/get', { ...V1, query: { routingDomain: domain['id'] } })).status,
      ).to.equal(200);
      const before = await routingState(admin);
      for (const response of [
        await reader.post('/api/routingDomains/add', { ...V1, json: { displayName: 'by reader', sourceNodes: [] } }),
        await reader.post('/api/routingDomains/set', {
          ...V1,
          query: { routingDomain: domain['id'] },
          json: { displayName: 'by reader' },
        }),
        await reader.delete('/api/routingDomains/remove', { query: { routingDomain: domain['id'] } }),
        await reader.post('/api/routingDomains/routes/add', {
          ...V1,
          query: { routingDomain: domain['id'] },
          json: simpleRoute('r', carrier),
        }),
      ])
        expectError(response, 403, 'PERMISSION_DENIED');
      expect(await routingState(admin)).to.equal(before);
    });

    it('a view write makes the configuration modified, and it commits', async () => {
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
      const domain = await addDomain('committed');
      await admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: domain['id'] },
        json: fullRoute(carrier, backup, pbx, profile),
      });
      expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('MODIFIED');
      const commit = await admin.post('/api/coreConfig/commit');
      expect(commit.status, commit.text).to.equal(200);
      expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
    });
  });

  it('creates nodes to route between through objects/set (fixture check)', async () => {
    const node = await createObject(admin, 'TELSIP_STACK', 'spare node', {
      sipUserAgentId: ((await admin.get('/api/objects/get', { query: { id: pbx } })).json as Record<string, string>)[
        'sipUserAgentId'
      ],
    });
    expect(node['sort']).to.equal('TELSIP_STACK');
  });
});
