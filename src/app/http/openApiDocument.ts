import type { OperationDefinition, QueryParameterSpec } from '../../shared/interface/http/Operation.js';

const MEDIA: Record<string, string> = {
  json: 'application/json',
  text: 'text/plain',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['status', 'code', 'message', 'details', 'requestId'],
      properties: {
        status: { type: 'integer' },
        code: { type: 'string', description: 'stable, for scripts' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, rule: { type: 'string' }, message: { type: 'string' } }, required: ['message'] },
        },
        requestId: { type: 'string', description: 'also in the X-Request-Id header and the log line of the request' },
      },
    },
  },
} as const;

function parameter(spec: QueryParameterSpec) {
  return {
    name: spec.name,
    in: 'query',
    required: spec.required ?? false,
    description: spec.description,
    schema: spec.values ? { type: 'string', enum: spec.values } : { type: spec.type },
  };
}

function body(op: OperationDefinition) {
  if (op.body === 'none') return undefined;
  const schema = op.body === 'multipart'
    ? { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } }
    : op.body === 'text' ? { type: 'string', description: 'a single raw value' } : {};
  return { required: true, content: { [MEDIA[op.body]!]: { schema } } };
}

function errors() {
  const reply = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  return {
    '400': reply('bad version, malformed body or parameter'),
    '401': reply('no, wrong or refused credentials (WWW-Authenticate: Basic)'),
    '403': reply('a required permission is missing'),
    '404': reply('a named thing does not exist'),
    '409': reply('the state forbids it now (duplicate, stale version, still referenced, protected)'),
    '413': reply('body larger than the operation accepts'),
    '415': reply('wrong media type for the operation'),
  };
}

/**
 * The OpenAPI 3.1 document of the operation table: every operation with its mandatory `version`, its
 * permissions (`x-permissions`), query parameters, body kind and the one error shape.
 */
export function openApiDocument(operations: readonly OperationDefinition[], productVersion: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      tags: [op.area],
      summary: op.summary,
      operationId: `${op.method.toLowerCase()}${op.path.replace(/^\/(api|app)/, '').replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())}`,
      'x-permissions': op.permissions,
      parameters: [
        { name: 'version', in: 'query', required: true, description: 'the operation version', schema: { type: 'integer', enum: [op.version] } },
        ...(op.query ?? []).map(parameter),
      ],
      ...(body(op) ? { requestBody: body(op) } : {}),
      responses: { '200': { description: 'success (JSON, text, a file or an empty body, as the operation says)' }, ...errors() },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'gwsim — telephony session gateway management API',
      version: productVersion,
      description: 'Every success is 200. Authenticate with HTTP Basic; the JSESSIONID cookie set on success authenticates later requests on its own.',
    },
    servers: [{ url: '/' }],
    security: [{ basic: [] }, { session: [] }],
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic' },
        session: { type: 'apiKey', in: 'cookie', name: 'JSESSIONID' },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
