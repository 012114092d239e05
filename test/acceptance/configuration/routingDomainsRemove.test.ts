import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addRoutingDomain,
  compact,
  configurationReader,
  expectError,
  fullRoute,
  routingState,
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
});
