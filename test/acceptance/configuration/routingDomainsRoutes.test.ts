import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addRoutingDomain,
  compact,
  expectError,
  fullRoute,
  simpleRoute,
  startRoutingGateway,
  V1,
} from './routingSupport.js';

describe('routing domains over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let pbx: string;
  let carrier: string;
  let backup: string;
  let profile: string;

  before(async () => {
    ({ gateway, admin, pbx, carrier, backup, profile } = await startRoutingGateway());
  });
  after(() => gateway.stop());

  const addDomain = (displayName: string, sourceNodes: string[] = [pbx]): Promise<Record<string, any>> =>
    addRoutingDomain(admin, displayName, sourceNodes);

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
  });
});
