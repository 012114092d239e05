import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addRoutingDomain,
  compact,
  createObject,
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
  let backup: string;
  let profile: string;

  before(async () => {
    ({ gateway, admin, pbx, carrier, backup, profile } = await startRoutingGateway());
  });
  after(() => gateway.stop());

  const addDomain = (displayName: string, sourceNodes: string[] = [pbx]): Promise<Record<string, any>> =>
    addRoutingDomain(admin, displayName, sourceNodes);

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

  it('creates nodes to route between through objects/set (fixture check)', async () => {
    const node = await createObject(admin, 'TELSIP_STACK', 'spare node', {
      sipUserAgentId: ((await admin.get('/api/objects/get', { query: { id: pbx } })).json as Record<string, string>)[
        'sipUserAgentId'
      ],
    });
    expect(node['sort']).to.equal('TELSIP_STACK');
  });
});
