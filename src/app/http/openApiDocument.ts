import { REF, shapeSchemas } from './shapeSchemas.js';
import { simEndpointPaths } from './simEndpoints.js';
import {
  pathParameterNames,
  type JsonAnswer,
  type OperationDefinition,
  type QueryParameterSpec,
  type ResponseSpec,
  type Shape,
} from '../../shared/interface/http/Operation.js';

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
          items: {
            type: 'object',
            properties: { field: { type: 'string' }, rule: { type: 'string' }, message: { type: 'string' } },
            required: ['message'],
          },
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

/** The `{name}` segments of the operation's path, each a required string, described by the row's `params`. */
function pathParameters(op: OperationDefinition) {
  return pathParameterNames(op.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: op.params?.find((spec) => spec.name === name)?.description ?? name,
    schema: { type: 'string' },
  }));
}

function ref(shape: Shape): { $ref: string } {
  return { $ref: `${REF}${shape.name}` };
}

function body(op: OperationDefinition) {
  if (op.body === 'none') return undefined;
  const schema =
    op.body === 'multipart'
      ? {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        }
      : op.body === 'text'
        ? { type: 'string', description: 'a single raw value' }
        : op.request
          ? ref(op.request)
          : op.requestArrayOf
            ? { type: 'array', items: op.requestArrayOf === 'string' ? { type: 'string' } : ref(op.requestArrayOf) }
            : {};
  return { required: true, content: { [MEDIA[op.body]!]: { schema } } };
}

function answerSchema(answer: JsonAnswer) {
  return answer.array ? { type: 'array', items: ref(answer.shape) } : ref(answer.shape);
}

function answerName(answer: JsonAnswer): string {
  return answer.array ? `an array of ${answer.shape.name}` : answer.shape.name;
}

/** How the document describes the success of a row that declares no `response` (only rows made in tests). */
export const NOT_DESCRIBED = 'success (JSON, text, a file or an empty body, as the operation says; not described yet)';

/** The 200 answer of an operation: JSON with its schema, text, HTML, a file or an empty body. */
function success(response: ResponseSpec | undefined) {
  const description = 'success';
  if (!response) return { description: NOT_DESCRIBED };
  switch (response.kind) {
    case 'json':
      return { description, content: { 'application/json': { schema: answerSchema(response) } } };
    case 'oneOf':
      return {
        description: `success: ${response.of.map((answer) => `${answerName(answer)} ${answer.when ?? ''}`.trim()).join('; ')}`,
        content: { 'application/json': { schema: { anyOf: response.of.map(answerSchema) } } },
      };
    case 'scalar':
      return {
        description,
        content: {
          'application/json': {
            schema: response.array ? { type: 'array', items: { type: response.type } } : { type: response.type },
          },
        },
      };
    case 'text':
      return {
        description,
        content: {
          'text/plain': { schema: { type: 'string', ...(response.example ? { examples: [response.example] } : {}) } },
        },
      };
    case 'html':
      return { description, content: { 'text/html': { schema: { type: 'string' } } } };
    case 'empty':
      return { description: 'success, with an empty body' };
    case 'file':
      return {
        description: 'a download (Content-Disposition: attachment)',
        headers: { 'Content-Disposition': { schema: { type: 'string' } } },
        // a JSON file is described as the JSON it holds (clients parse it as such); others as their bytes
        content: {
          [response.contentType]: {
            schema: /\bjson\b/.test(response.contentType)
              ? { type: 'object' }
              : { type: 'string', contentMediaType: response.contentType },
          },
        },
      };
  }
}

function errors() {
  const reply = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
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
 * permissions (`x-permissions`), query parameters, the schemas of its request and response (generated from
 * the rows' shapes, the classes that also validate), its body kind and the one error shape.
 */
/** Which document: the gateway's management API, or the simulator's own control endpoints (`/_sim/...`). */
export type ApiDocumentKind = 'gateway' | 'control';

const TITLES: Readonly<Record<ApiDocumentKind, { readonly title: string; readonly description: string }>> = {
  gateway: {
    title: 'gwsim — telephony session gateway management API',
    description:
      'Every success is 200. Authenticate with HTTP Basic; the JSESSIONID cookie set on success authenticates later requests on its own.',
  },
  control: {
    title: 'gwsim — simulator control API',
    description:
      "The simulator's own endpoints (traffic, fault rules, the request journal; later labs and their clocks), not operations of the gateway: administrators only, no `version` parameter. Authenticate as for the gateway API.",
  },
};

/**
 * The OpenAPI document of the table's gateway operations (`kind` 'gateway', at /openapi.json) or of its
 * control operations (`kind` 'control', at /_sim/openapi.json); each lists only its own.
 */
export function openApiDocument(
  all: readonly OperationDefinition[],
  productVersion: string,
  kind: ApiDocumentKind = 'gateway',
): unknown {
  const operations = all.filter((op) => (op.control === true) === (kind === 'control'));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      tags: [op.area],
      summary: op.summary,
      operationId: `${op.method.toLowerCase()}${op.path
        .replace(/^\/(api|app|_sim)/, '')
        .replace(/[{}]/g, '')
        .replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())}`,
      'x-permissions': op.permissions,
      ...(op.beyondSpecification
        ? {
            'x-beyond-specification': true,
            description: `Not in the gateway management API's specification: ${op.beyondSpecification}.`,
          }
        : {}),
      parameters: [
        ...pathParameters(op),
        ...(op.control
          ? []
          : [
              {
                name: 'version',
                in: 'query',
                required: true,
                description: 'the operation version',
                schema: { type: 'integer', enum: [op.version] },
              },
            ]),
        ...(op.query ?? []).map(parameter),
      ],
      ...(body(op) ? { requestBody: body(op) } : {}),
      responses: { '200': success(op.response), ...errors() },
    };
  }
  if (kind === 'control') Object.assign(paths, simEndpointPaths());
  return {
    openapi: '3.1.0',
    info: { title: TITLES[kind].title, version: productVersion, description: TITLES[kind].description },
    servers: [{ url: '/' }],
    security: [{ basic: [] }, { session: [] }],
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic' },
        session: { type: 'apiKey', in: 'cookie', name: 'JSESSIONID' },
        ...(kind === 'control'
          ? {
              metricsToken: {
                type: 'http',
                scheme: 'bearer',
                description: 'GWSIM_METRICS_TOKEN, for /_sim/metrics only',
              },
            }
          : {}),
      },
      schemas: { Error: ERROR_SCHEMA, ...shapeSchemas(operations) },
    },
    paths,
  };
}
