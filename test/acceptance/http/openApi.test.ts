import { expect } from 'chai';
import { OPERATIONS } from '../../../src/app/operations.js';
import type { OperationDefinition } from '../../../src/shared/interface/http/Operation.js';
import type { ApiClient, RequestOptions } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';

/** A body of the operation's kind that carries nothing in particular, so that the query is what is wrong. */
function someBody(op: OperationDefinition): RequestOptions {
  switch (op.body) {
    case 'json': return { json: {} };
    case 'text': return { text: 'x' };
    case 'form': return { form: { x: '1' } };
    case 'multipart': return { file: { name: 'x.bin', content: 'x' } };
    default: return {};
  }
}

describe('the OpenAPI document', () => {
  let gateway: TestGateway;
  let admin: ApiClient;
  let document: any;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
    const response = await gateway.client().get('/openapi.json', { version: null });
    expect(response.status).to.equal(200);
    document = response.json;
  });
  after(() => gateway.stop());

  it('is served without credentials as OpenAPI 3.1 with Basic and cookie security', () => {
    expect(document.openapi).to.equal('3.1.0');
    expect(document.components.securitySchemes).to.have.keys('basic', 'session');
    expect(document.components.schemas.Error.required).to.deep.equal(['error']);
  });

  it('describes every operation of the table with its version, permissions and body', () => {
    for (const op of OPERATIONS) {
      const entry = document.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry, `${op.method} ${op.path}`).to.be.an('object');
      expect(entry['x-permissions']).to.deep.equal(op.permissions);
      const version = entry.parameters.find((p: { name: string }) => p.name === 'version');
      expect(version).to.deep.include({ in: 'query', required: true });
      expect(version.schema.enum).to.deep.equal([op.version]);
      expect(Boolean(entry.requestBody), `${op.method} ${op.path} body`).to.equal(op.body !== 'none');
    }
    const operationIds = OPERATIONS.map((op) => document.paths[op.path][op.method.toLowerCase()].operationId);
    expect(new Set(operationIds).size).to.equal(operationIds.length);
  });

  describe('declares query parameters truthfully', () => {
    for (const op of OPERATIONS) {
      for (const spec of op.query ?? []) {
        if (spec.required) {
          it(`${op.method} ${op.path} needs ${spec.name}`, async () => {
            const others = Object.fromEntries((op.query ?? []).filter((q) => q.required && q.name !== spec.name)
              .map((q) => [q.name, q.values?.[0] ?? 'x']));
            const response = await admin.request(op.method, op.path, { version: op.version, query: others, ...someBody(op) });
            expect(response.status, response.text).to.equal(400);
            expect(response.text).to.contain(spec.name);
          });
        }
        if (spec.values) {
          it(`${op.method} ${op.path} refuses a ${spec.name} outside ${spec.values.length} values`, async () => {
            const required = Object.fromEntries((op.query ?? []).filter((q) => q.required && q.name !== spec.name)
              .map((q) => [q.name, q.values?.[0] ?? '00000000-0000-4000-8000-000000000000']));
            const response = await admin.request(op.method, op.path, { version: op.version, query: { ...required, [spec.name]: 'NOT-A-VALUE' }, ...someBody(op) });
            expect(response.status, response.text).to.equal(400);
            expect(response.text).to.contain(spec.name);
          });
        }
      }
    }
  });
});
