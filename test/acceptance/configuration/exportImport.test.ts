import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import {
  CERTIFICATE_PEM,
  PASSWORD,
  PRIVATE_KEY_PEM,
  createNodeGraph,
  expectError,
  readGraph,
  type HttpNodeGraph,
} from './objectsSupport.js';

function exportOf(admin: ApiClient, id: string, query: Record<string, string> = {}): Promise<ApiResponse> {
  return admin.get('/api/objects/export', { query: { id, ...query } });
}

function importFile(
  admin: ApiClient,
  content: string | Buffer,
  query: Record<string, string | boolean>,
): Promise<ApiResponse> {
  return admin.put('/api/objects/import', {
    query,
    file: { name: 'objects.xzobject', content, type: 'application/json' },
  });
}

/** A secret parameter's stored value: reads never answer secrets, an export with private data carries them. */
async function secretOf(admin: ApiClient, id: string, name: string): Promise<unknown> {
  const response = await exportOf(admin, id, { includePrivateData: 'true' });
  expect(response.status, response.text).to.equal(200);
  return JSON.parse(response.text).objects.find((o: { id: string }) => o.id === id).parameters[name];
}

async function get(admin: ApiClient, id: string): Promise<Record<string, any>> {
  const response = await admin.get('/api/objects/get', { query: { id } });
  expect(response.status, response.text.slice(0, 300)).to.equal(200);
  return response.json;
}

describe('detached objects: export and import over HTTP', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let graph: HttpNodeGraph;
  let withoutPrivate: string;
  let withPrivate: string;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    graph = await createNodeGraph(admin, 'carrier');
    withoutPrivate = (await exportOf(admin, graph.node['id'], { includePrivateData: 'false' })).text;
    withPrivate = (await exportOf(admin, graph.node['id'], { includePrivateData: 'true' })).text;
  });
  after(() => gateway.stop());

  describe('GET /api/objects/export', () => {
    it('answers a downloadable file named <sort>-<displayName>.xzobject, or the filename asked for', async () => {
      const generated = await exportOf(admin, graph.node['id']);
      expect(generated.status).to.equal(200);
      expect(generated.headers.get('content-disposition')).to.equal(
        'attachment; filename="TELSIP_STACK-carrier_node.xzobject"; filename*=UTF-8\'\'TELSIP_STACK-carrier_node.xzobject',
      );
      const named = await exportOf(admin, graph.node['id'], { filename: 'my node.xzobject' });
      expect(named.headers.get('content-disposition')).to.contain('filename="my node.xzobject"');
      expectError(await exportOf(admin, graph.node['id'], { filename: '../../etc/passwd' }), 400, 'FILENAME_INVALID');
      expectError(
        await exportOf(admin, graph.node['id'], { filename: 'n\u00f6de \u20ac.xzobject' }),
        400,
        'FILENAME_INVALID',
      );
      expectError(await exportOf(admin, '00000000-0000-4000-8000-00000000dead'), 404);
      expectError(await exportOf(admin, graph.node['id'], { includePrivateData: 'perhaps' }), 400);
    });

    it('holds the object and its whole subtree in the documented, versioned format', () => {
      const file = JSON.parse(withPrivate);
      expect(file).to.include({
        format: 'gwsim-object-export',
        formatVersion: 1,
        rootId: graph.node['id'],
        includesPrivateData: true,
      });
      expect(file.objects.map((o: { id: string }) => o.id)).to.have.members(Object.values(graph).map((o) => o['id']));
    });

    it('without private data contains no password, private key or certificate (the default)', async () => {
      for (const secret of [
        PASSWORD,
        'PRIVATE KEY',
        'CERTIFICATE',
        PRIVATE_KEY_PEM.split('\n')[1]!,
        CERTIFICATE_PEM.split('\n')[1]!,
      ]) {
        expect(withoutPrivate).to.not.contain(secret);
      }
      expect((await exportOf(admin, graph.node['id'])).text).to.equal(withoutPrivate);
      expect(withPrivate).to.contain(PASSWORD).and.contain('BEGIN PRIVATE KEY');
    });
  });

  it('never answers secrets on a read: passwords and private keys are left out, certificates shown', async () => {
    const credentials = await get(admin, graph.credentials['id']);
    expect(credentials).to.include({ username: 'alice' }).and.not.have.property('password');
    const identity = await get(admin, graph.identity['id']);
    expect(identity).to.not.have.property('privateKey');
    expect(identity['certificate']).to.equal(CERTIFICATE_PEM);
    const tree = await admin.get('/api/objects/objectTree/get', { query: { id: graph.node['id'] } });
    expect(tree.status).to.equal(200);
    expect(tree.text).to.not.contain(PASSWORD).and.not.contain('PRIVATE KEY');
    const sorted = await admin.get('/api/objects/sorts', {
      query: { sort: 'SIPAUTH_STACK', displayName: credentials['displayName'] },
    });
    expect(sorted.text).to.not.contain(PASSWORD);
  });

  it('keeps a secret when an object read is sent back unchanged', async () => {
    const credentials = await get(admin, graph.credentials['id']);
    const sent = await admin.put('/api/objects/set', { query: { id: credentials['id'] }, json: credentials });
    expect(sent.status, sent.text).to.equal(200);
    expect(await secretOf(admin, graph.credentials['id'], 'password')).to.equal(PASSWORD);
  });

  describe('PUT /api/objects/import', () => {
    it('SKIP imports only what does not exist: a removed node comes back, the changed transport keeps its change', async () => {
      await admin.put('/api/objects/set', { query: { id: graph.transport['id'] }, json: { udpTcpPort: '5090' } });
      expect((await admin.delete('/api/objects/remove', { query: { id: graph.node['id'] } })).status).to.equal(200);
      const response = await importFile(admin, withoutPrivate, { action: 'SKIP' });
      expect(response.status, response.text).to.equal(200);
      expect(
        response.json.objects
          .filter((o: { outcome: string }) => o.outcome === 'created')
          .map((o: { id: string }) => o.id),
      ).to.deep.equal([graph.node['id']]);
      expect(await get(admin, graph.node['id'])).to.deep.include({ sipUserAgentId: graph.userAgent['id'] });
      expect((await get(admin, graph.transport['id']))['udpTcpPort']).to.equal('5090');
      expect(await secretOf(admin, graph.credentials['id'], 'password')).to.equal(PASSWORD);
    });

    it('OVERRIDE overwrites the same objects in place and keeps their stripped private data', async () => {
      const count = Object.keys(await readGraph(admin)).length;
      const response = await importFile(admin, withoutPrivate, { action: 'OVERRIDE' });
      expect(response.status, response.text).to.equal(200);
      expect(response.json.objects.every((o: { outcome: string }) => o.outcome === 'overridden')).to.equal(true);
      expect(Object.keys(await readGraph(admin))).to.have.length(count);
      expect((await get(admin, graph.transport['id']))['udpTcpPort']).to.equal('5060');
      expect(await secretOf(admin, graph.credentials['id'], 'password')).to.equal(PASSWORD);
      expect(await secretOf(admin, graph.identity['id'], 'privateKey')).to.equal(PRIVATE_KEY_PEM);
    });

    it('CANCEL imports nothing when objects collide (409 listing them)', async () => {
      const before = await readGraph(admin);
      const response = await importFile(admin, withoutPrivate, { action: 'CANCEL' });
      expectError(response, 409, 'IMPORT_COLLISION');
      expect(response.json.error.details).to.have.length(8);
      expect(await readGraph(admin)).to.deep.equal(before);
    });

    it('CLONE keeps the current objects and adds named copies whose references point to the copies; ports move on request', async () => {
      const before = await readGraph(admin);
      const transportOnly = (await exportOf(admin, graph.userAgent['id'], { includePrivateData: 'true' })).text;
      const response = await importFile(admin, transportOnly, {
        action: 'CLONE',
        cloneComment: 'site B',
        reassignPortOnCollision: true,
      });
      expect(response.status, response.text).to.equal(200);
      const after = await readGraph(admin);
      for (const [id, object] of Object.entries(before)) expect(after[id], id).to.deep.equal(object);
      const clones = response.json.objects as Array<{ id: string; sort: string; displayName: string; outcome: string }>;
      expect(clones.every((c) => c.outcome === 'cloned' && !before[c.id])).to.equal(true);
      const userAgent = await get(admin, clones.find((c) => c.sort === 'SIPUA_STACK')!.id);
      const transport = await get(admin, clones.find((c) => c.sort === 'SIPST_STACK')!.id);
      expect(userAgent['displayName']).to.equal('carrier user agent (site B)');
      expect(userAgent['sipTransportId']).to.equal(transport['id']);
      expect(transport['networkControllerId']).to.equal(clones.find((c) => c.sort === 'IN_STACK')!.id);
      expect(response.json.portMoves).to.deep.equal([]);
    });

    it('reassignPortOnCollision moves a transport that lands on an existing controller to free ports', async () => {
      const file = JSON.parse(withPrivate);
      const transport = file.objects.find((o: { sort: string }) => o.sort === 'SIPST_STACK');
      const moved = {
        ...file,
        rootId: '9f1c0a9e-0000-4000-8000-000000000001',
        objects: [
          {
            ...transport,
            id: '9f1c0a9e-0000-4000-8000-000000000001',
            displayName: 'second transport',
            references: { networkControllerId: [graph.controller['id']] },
          },
          file.objects.find((o: { sort: string }) => o.sort === 'IN_STACK'),
        ],
      };
      const kept = await importFile(admin, JSON.stringify(moved), { action: 'SKIP' });
      expect(kept.status, kept.text).to.equal(200);
      expect((await get(admin, '9f1c0a9e-0000-4000-8000-000000000001'))['udpTcpPort']).to.equal('5060');
      const again = {
        ...moved,
        rootId: '9f1c0a9e-0000-4000-8000-000000000002',
        objects: [
          { ...moved.objects[0], id: '9f1c0a9e-0000-4000-8000-000000000002', displayName: 'third transport' },
          moved.objects[1],
        ],
      };
      const reassigned = await importFile(admin, JSON.stringify(again), {
        action: 'SKIP',
        reassignPortOnCollision: true,
      });
      expect(
        reassigned.json.portMoves.map(
          (m: { parameter: string; from: number; to: number }) => `${m.parameter} ${m.from}->${m.to}`,
        ),
      ).to.deep.equal(['udpTcpPort 5060->5062', 'tlsPort 5061->5063']);
      expect(await get(admin, '9f1c0a9e-0000-4000-8000-000000000002')).to.include({
        udpTcpPort: '5062',
        tlsPort: '5063',
      });
    });

    it("imports into another gateway (in-memory store) with the file's ids; stripped private data is empty there", async () => {
      const other = await TestGateway.start({ store: 'memory' });
      try {
        const otherAdmin = other.admin();
        const response = await importFile(otherAdmin, withoutPrivate, { action: 'CANCEL' });
        expect(response.status, response.text).to.equal(200);
        expect((await get(otherAdmin, graph.node['id']))['transportConnectionIds']).to.deep.equal([
          graph.connection['id'],
        ]);
        expect(await get(otherAdmin, graph.credentials['id']))
          .to.include({ username: 'alice' })
          .and.not.have.property('password');
        expect(await secretOf(otherAdmin, graph.credentials['id'], 'password')).to.equal('');
      } finally {
        await other.stop();
      }
    });

    it('refuses malformed files, unknown versions and bad parameters with a 400 saying what is wrong, importing nothing', async () => {
      const before = await readGraph(admin);
      const future = JSON.stringify({ ...JSON.parse(withoutPrivate), formatVersion: 9 });
      const cases: Array<[string | Buffer, string]> = [
        ['{"format": "gwsim-object-export", ', 'not JSON'],
        [Buffer.from([0, 1, 2, 3, 255]), 'not JSON'],
        [future, 'format version 9 is not supported'],
        [JSON.stringify({ format: 'gwsim-config', formatVersion: 1 }), 'not a gwsim object export file'],
        [withoutPrivate.replace('"IN_STACK"', '"NO_SUCH_SORT"'), "'NO_SUCH_SORT' is not a sort"],
      ];
      for (const [content, message] of cases) {
        const response = await importFile(admin, content, { action: 'OVERRIDE' });
        expectError(response, 400, 'OBJECT_FILE_INVALID');
        expect(response.json.error.message).to.contain(message);
      }
      const badPort = withoutPrivate.replace('"udpTcpPort": 5060', '"udpTcpPort": 99999');
      const invalid = await importFile(admin, badPort, { action: 'OVERRIDE' });
      expectError(invalid, 400, 'IMPORT_INVALID');
      expect(invalid.json.error.details[0].field).to.match(/^objects\[\d+\]\.udpTcpPort$/);
      expectError(await importFile(admin, withoutPrivate, { action: 'EXPLODE' }), 400, 'INVALID_QUERY_PARAMETER');
      expectError(await importFile(admin, withoutPrivate, {}), 400, 'INVALID_QUERY_PARAMETER');
      expectError(await admin.put('/api/objects/import', { query: { action: 'SKIP' } }), 400, 'FILE_REQUIRED');
      expect(await readGraph(admin)).to.deep.equal(before);
    });
  });
});
