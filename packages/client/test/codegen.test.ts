import { expect } from 'chai';
import { generateClientTypes } from '../src/codegen/generateClientTypes.js';
import { schemaToType } from '../src/codegen/schemaToType.js';

describe('the type generator', () => {
  it('turns the JSON Schema subset of the documents into TypeScript types', () => {
    const t = (schema: Parameters<typeof schemaToType>[0]) => schemaToType(schema, 'S').replace(/\s+/g, ' ');
    expect(t({ type: 'string' })).to.equal('string');
    expect(t({ type: ['integer', 'null'] })).to.equal('number | null');
    expect(t({ enum: ['A', 'B', null] })).to.equal('"A" | "B" | null');
    expect(t({ $ref: '#/components/schemas/Node' })).to.equal('S["Node"]');
    expect(t({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } })).to.equal(
      '(string | null)[]',
    );
    expect(
      t({
        type: 'object',
        required: ['a'],
        properties: { a: { type: 'boolean' }, 'b-c': { type: 'number', description: 'says */ b' } },
      }),
    ).to.equal('{ a: boolean; /** says *\\/ b */ "b-c"?: number; }');
    expect(t({ type: 'object', additionalProperties: { type: 'string' } })).to.equal('Record<string, string>');
    expect(t({ type: 'object' })).to.equal('Record<string, unknown>');
    expect(t({})).to.equal('unknown');
    expect(t({ anyOf: [{}, { type: 'null' }] })).to.equal('unknown');
    expect(t({ $ref: 'http://elsewhere/x.json' })).to.equal('unknown');
  });

  it('writes one entry per operation with its query (without version), body and result, and the versions table', () => {
    const text = generateClientTypes(
      {
        info: { title: 'T', version: '1' },
        components: {
          schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
        },
        paths: {
          '/api/things/get': {
            get: {
              summary: 'things',
              'x-permissions': ['API'],
              parameters: [
                { name: 'version', in: 'query', required: true, schema: { type: 'integer', enum: [3] } },
                { name: 'kind', in: 'query', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
              ],
              responses: {
                '200': {
                  description: 'success',
                  content: {
                    'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
                  },
                },
              },
            },
          },
          '/api/things/remove': { delete: { responses: { '200': { description: 'success, with an empty body' } } } },
          '/api/things/import': {
            put: {
              requestBody: { content: { 'multipart/form-data': { schema: {} } } },
              responses: {
                '200': { description: 'success', content: { 'application/gzip': { schema: { type: 'string' } } } },
              },
            },
          },
        },
      },
      'Test',
      'test.json',
    );
    expect(text).to.contain('/** things (permissions: API) */');
    expect(text).to.match(
      /"GET \/api\/things\/get": \{\s+query: \{\s+kind: "a" \| "b";\s+\};\s+body: \{\};\s+result: TestSchemas\["Thing"\]\[\];/,
    );
    expect(text).to.match(
      /"DELETE \/api\/things\/remove": \{\s+query: Record<string, never>;\s+body: \{\};\s+result: void;/,
    );
    expect(text).to.match(
      /"PUT \/api\/things\/import": \{\s+query: Record<string, never>;\s+body: \{ file: UploadFile \};\s+result: DownloadedFile;/,
    );
    expect(text).to.contain('export const TEST_VERSIONS');
    expect(text).to.contain('"GET /api/things/get": 3,').and.contain('"DELETE /api/things/remove": null,');
    expect(text).to.contain("import type { DownloadedFile, UploadFile } from '../types.js';");
  });

  it('imports only the file types the module names', () => {
    const text = generateClientTypes(
      {
        paths: {
          '/api/things/get': {
            get: {
              responses: {
                '200': { description: 'success', content: { 'text/plain': { schema: { type: 'string' } } } },
              },
            },
          },
        },
      },
      'Test',
      'test.json',
    );
    expect(text).not.to.contain('import');
    expect(text).to.match(/\n\n\/\*\* The schemas of test\.json/);
  });
});
