import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { configurationOperations } from '../../../src/contexts/configuration/index.js';
import type { OperationDefinition } from '../../../src/shared/interface/http/Operation.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { createNodeGraph } from './objectsSupport.js';

// The storage of @Type metadata, which class-validator-jsonschema reads to follow nested shapes (not exported by class-transformer's typings).
const { defaultMetadataStorage } = require('class-transformer/cjs/storage.js') as { defaultMetadataStorage: unknown };

/**
 * The response shapes the configuration operations declare hold their answers: each JSON answer is checked
 * against the schema class-validator-jsonschema makes of its shape (what /openapi.json publishes).
 */
describe('configuration answers match the shapes their operations declare', function () {
  this.timeout(60000);
  let gateway: TestGateway;
  let admin: ApiClient;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({
    $id: 'shapes',
    components: {
      schemas: validationMetadatasToSchemas({
        refPointerPrefix: '#/components/schemas/',
        classTransformerMetadataStorage: defaultMetadataStorage as never,
      }),
    },
  });

  function check(path: string, json: unknown): void {
    const op = configurationOperations.find((o: OperationDefinition) => o.path === path)!;
    expect(op.response?.kind, path).to.equal('json');
    if (op.response?.kind !== 'json') return;
    const ref = { $ref: `shapes#/components/schemas/${op.response.shape.name}` };
    const validate = ajv.compile(op.response.array ? { type: 'array', items: ref } : ref);
    expect(validate(json), `${path}: ${JSON.stringify(validate.errors)}`).to.equal(true);
  }

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  it('declares a response shape on every coreConfig and objects operation', () => {
    const undeclared = configurationOperations
      .filter((o: OperationDefinition) => !o.response)
      .map((o: OperationDefinition) => o.path);
    expect(undeclared).to.deep.equal([]);
  });

  it('objects/sorts answers one of its three declared shapes, as its query says (checked against /openapi.json by the client)', async () => {
    const graph = await createNodeGraph(admin, 'sorts shapes');
    const counts = await admin.get('/api/objects/sorts');
    expect(counts.status, counts.text).to.equal(200);
    expect(counts.json[0]).to.have.keys('sort', 'kind', 'count');
    const entries = await admin.get('/api/objects/sorts', { query: { sort: 'TELSIP_STACK' } });
    expect(entries.status, entries.text).to.equal(200);
    expect(entries.json.map((e: { id: string }) => e.id)).to.include(graph.node['id']);
    const one = await admin.get('/api/objects/sorts', {
      query: { sort: 'TELSIP_STACK', displayName: graph.node['displayName'] as string },
    });
    expect(one.status, one.text).to.equal(200);
    expect(one.json.id).to.equal(graph.node['id']);
    expect(one.headers.get('etag')).to.equal(`"${one.json.metaData.anynodefe.version}"`);
  });

  it('objects: get, set, objectTree, subTreeObjects, unreferenced and import answer their shapes', async () => {
    const graph = await createNodeGraph(admin, 'shapes');
    const id = graph.node['id'];
    check('/api/objects/get', (await admin.get('/api/objects/get', { query: { id } })).json);
    check(
      '/api/objects/set',
      (
        await admin.put('/api/objects/set', {
          query: { id: randomUUID() },
          json: { sort: 'IN_QOS_STACK', displayName: 'shapes qos' },
        })
      ).json,
    );
    check('/api/objects/objectTree/get', (await admin.get('/api/objects/objectTree/get', { query: { id } })).json);
    check(
      '/api/objects/subTreeObjects/get',
      (await admin.get('/api/objects/subTreeObjects/get', { query: { id, sort: 'SIPST_STACK' } })).json,
    );
    check(
      '/api/objects/unreferenced/get',
      (await admin.get('/api/objects/unreferenced/get', { query: { sort: 'IN_QOS_STACK' } })).json,
    );
    const exported = await admin.get('/api/objects/export', { query: { id } });
    expect(exported.status).to.equal(200);
    const imported = await admin.put('/api/objects/import', {
      query: { action: 'CLONE', reassignPortOnCollision: 'true' },
      file: { name: 'node.xzobject', content: exported.text, type: 'application/json' },
    });
    expect(imported.status, imported.text).to.equal(200);
    check('/api/objects/import', imported.json);
  });

  it('coreConfig/status/get answers CoreConfigState, before and after a change', async () => {
    check('/api/coreConfig/status/get', (await admin.get('/api/coreConfig/status/get')).json);
    await admin.put('/api/objects/set', {
      query: { id: randomUUID() },
      json: { sort: 'IN_QOS_STACK', displayName: 'status qos' },
    });
    check('/api/coreConfig/status/get', (await admin.get('/api/coreConfig/status/get')).json);
  });
});
