import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import { monitoringOperations } from '../../../src/contexts/monitoring/index.js';
import { OPERATIONS } from '../../../src/app/operations.js';
import type { OperationDefinition } from '../../../src/shared/interface/http/Operation.js';
import type { ApiClient, RequestOptions } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';

/** A body of the operation's kind that carries nothing in particular, so that the query is what is wrong. */
function someBody(op: OperationDefinition): RequestOptions {
  switch (op.body) {
    case 'json':
      return { json: {} };
    case 'text':
      return { text: 'x' };
    case 'form':
      return { form: { x: '1' } };
    case 'multipart':
      return { file: { name: 'x.bin', content: 'x' } };
    default:
      return {};
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

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors, JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).to.equal(undefined);
    expect(result.valid).to.equal(true);
  });

  it('holds schemas that are JSON Schema 2020-12 (no OpenAPI 3.0 keywords such as nullable), each compiling', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'components', $defs: {} });
    for (const [name, schema] of Object.entries(document.components.schemas as Record<string, object>)) {
      expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText()}`).to.equal(true);
      expect(JSON.stringify(schema), name).to.not.contain('"nullable"');
    }
    const whole = new Ajv2020({ strict: true, allErrors: true, validateSchema: false });
    addFormats(whole);
    whole.addKeyword('components');
    whole.addSchema({ $id: 'doc', components: document.components } as never);
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => whole.getSchema(`doc#/components/schemas/${name}`), name).to.not.throw();
    }
  });

  it("says which members may be null: an answer's optional member is absent, never null, unless declared so; a request's may be null", () => {
    const schemas = document.components.schemas as Record<
      string,
      { properties: Record<string, any>; required?: string[] }
    >;
    const license = schemas['LicenseView']!;
    expect(license.required).to.not.include('validUntil');
    expect(license.properties['validUntil']).to.deep.equal({ type: 'string' });
    expect(schemas['UserView']!.properties['failedLogins']).to.deep.equal({ minimum: 0, type: 'integer' });
    const entry = schemas['NodeCertificateView']!;
    expect(entry.required).to.have.members(['certificate', 'privateKey']);
    expect(entry.properties['certificate'].anyOf).to.deep.include({ type: 'null' });
    // a request's optional member (IsOptional) still takes null
    expect(schemas['AddStandardConnectionDto']!.properties['conditionId'].type).to.deep.equal(['string', 'null']);
    // a shape a request and an answer share is described as the answer: its optional members never null
    expect(schemas['RouteFilterDto']!.properties['sourceNodeIds'].type).to.equal('array');
  });

  it('gives text, HTML, file and empty answers their media types', () => {
    for (const op of OPERATIONS) {
      const success = document.paths[op.path][op.method.toLowerCase()].responses['200'];
      const types = Object.keys(success.content ?? {});
      switch (op.response?.kind) {
        case 'json':
        case 'scalar':
          expect(types, `${op.method} ${op.path}`).to.deep.equal(['application/json']);
          break;
        case 'text':
          expect(types, `${op.method} ${op.path}`).to.deep.equal(['text/plain']);
          break;
        case 'html':
          expect(types, `${op.method} ${op.path}`).to.deep.equal(['text/html']);
          break;
        case 'empty':
          expect(types, `${op.method} ${op.path}`).to.deep.equal([]);
          break;
        case 'file':
          expect(types, `${op.method} ${op.path}`).to.deep.equal([op.response.contentType]);
          break;
        default:
          break;
      }
    }
  });

  /** The operations that lack a response schema, or a request schema for a JSON body. */
  function undeclared(operations: readonly OperationDefinition[]): string[] {
    const offenders: string[] = [];
    for (const op of operations) {
      const entry = document.paths[op.path][op.method.toLowerCase()];
      if (!op.response || (op.response.kind !== 'empty' && !entry.responses['200'].content))
        offenders.push(`${op.method} ${op.path}: no response schema`);
      if (
        op.body === 'json' &&
        !entry.requestBody.content['application/json'].schema.$ref &&
        !entry.requestBody.content['application/json'].schema.items
      ) {
        offenders.push(`${op.method} ${op.path}: no request schema`);
      }
    }
    return offenders;
  }

  it('declares the response (and request) schema of every monitoring operation', () => {
    expect(undeclared(monitoringOperations)).to.deep.equal([]);
    expect(document.paths['/api/version/get'].get.responses['200'].content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/VersionView',
    });
    expect(document.components.schemas.ComponentVersionView.required).to.have.members([
      'versionMajor',
      'versionMinor',
      'versionRelease',
    ]);
  });

  it('declares a response schema for every served operation and a request schema for every JSON body', () => {
    expect(undeclared(OPERATIONS)).to.deep.equal([]);
  });

  it('checks answers against these schemas in the acceptance client: a served monitoring answer matches', async () => {
    const version = await admin.get('/api/version/get');
    expect(version.status).to.equal(200);
    const resources = await admin.get('/api/resources/get', { query: { value: 'cpu' } });
    expect(resources.status).to.equal(200);
    expect(Object.keys(resources.json)).to.deep.equal(['cpu']);
  });

  describe('declares query parameters truthfully', () => {
    for (const op of OPERATIONS) {
      for (const spec of op.query ?? []) {
        if (spec.required) {
          it(`${op.method} ${op.path} needs ${spec.name}`, async () => {
            const others = Object.fromEntries(
              (op.query ?? [])
                .filter((q) => q.required && q.name !== spec.name)
                .map((q) => [q.name, q.values?.[0] ?? 'x']),
            );
            const response = await admin.request(op.method, op.path, {
              version: op.version,
              query: others,
              ...someBody(op),
            });
            expect(response.status, response.text).to.equal(400);
            expect(response.text).to.contain(spec.name);
          });
        }
        if (spec.values) {
          it(`${op.method} ${op.path} refuses a ${spec.name} outside ${spec.values.length} values`, async () => {
            const required = Object.fromEntries(
              (op.query ?? [])
                .filter((q) => q.required && q.name !== spec.name)
                .map((q) => [q.name, q.values?.[0] ?? '00000000-0000-4000-8000-000000000000']),
            );
            const response = await admin.request(op.method, op.path, {
              version: op.version,
              query: { ...required, [spec.name]: 'NOT-A-VALUE' },
              ...someBody(op),
            });
            expect(response.status, response.text).to.equal(400);
            expect(response.text).to.contain(spec.name);
          });
        }
      }
    }
  });
});
