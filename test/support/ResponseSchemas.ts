import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { NOT_DESCRIBED } from '../../src/app/http/openApiDocument.js';
import { send } from './inProcess.js';

interface MediaContent {
  readonly [media: string]: { readonly schema?: unknown };
}
interface OperationEntry {
  readonly responses?: Readonly<Record<string, { readonly description?: string; readonly content?: MediaContent }>>;
}
/** The parts of an OpenAPI document the checker reads. */
export interface ApiDocument {
  readonly paths?: Readonly<Record<string, Readonly<Record<string, OperationEntry>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}

const JSON_MEDIA = 'application/json';
/** The documents themselves, answered as JSON: test/acceptance/http/openApi.test.ts checks them as OpenAPI 3.1. */
const DOCUMENT_PATHS = new Set(['/openapi.json', '/_sim/openapi.json']);
/** How many of an answer's faults a mismatch names. */
const SHOWN_ERRORS = 8;
/** A lab's prefix on a gateway path (`/labs/{lab}/api/…`): the operation is the path without it. */
const LAB_PREFIX = /^\/labs\/[^/]+(?=\/)/;

function pointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A document's path templates as patterns (`{name}` is one segment), exact paths first. */
function templates(document: ApiDocument): { template: string; pattern: RegExp }[] {
  return Object.keys(document.paths ?? {})
    .filter((template) => template.includes('{'))
    .map((template) => ({
      template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
    }));
}

/**
 * Checks JSON answers against the OpenAPI documents a gwsim serves: `/openapi.json` for the gateway's operations,
 * `/_sim/openapi.json` for the control endpoints. Strictly, as a client binding with System.Text.Json or Go's
 * encoding/json does: no `null` where the schema does not allow it, an integer never a fraction or a string, a
 * boolean a boolean (Ajv never coerces). Every JSON answer is checked:
 * - an operation's answer to a status the document describes, against that status's JSON schema; one the document
 *   describes without a JSON body (text, a file, an empty body) is a mismatch (a row that declares no answer at all,
 *   made only by tests, is not checked: every served operation declares its answer, test/acceptance/http/openApi);
 * - an answer to a status the document does not describe for the operation (500, 501, 503, …), and any answer to a
 *   path or method that is no operation (404, 405), against the one error shape.
 */
export class ResponseSchemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly documents: { readonly id: string; readonly document: ApiDocument }[];
  private readonly patterns: Map<string, { template: string; pattern: RegExp }[]>;

  constructor(gateway: ApiDocument, control: ApiDocument = {}) {
    addFormats(this.ajv);
    this.documents = [
      { id: 'openapi', document: gateway },
      { id: 'control', document: control },
    ];
    for (const { id, document } of this.documents) this.ajv.addSchema(document as object, id);
    this.patterns = new Map(this.documents.map(({ id, document }) => [id, templates(document)]));
  }

  /**
   * Forgets the documents fetched from `baseUrl`: a new server listens there now (ports are reused within a run,
   * and the old server's documents would check the new one's answers against the wrong operations).
   */
  static forget(baseUrl: string): void {
    DOCUMENTS.delete(new URL(baseUrl).origin);
  }

  /**
   * The checker of the gwsim at `origin`, its documents fetched once; undefined while they cannot be fetched (the
   * next answer tries again: a gateway still starting answers 503 to everything).
   */
  static async forGateway(origin: string): Promise<ResponseSchemas | undefined> {
    const key = new URL(origin).origin;
    let schemas = DOCUMENTS.get(key);
    if (!schemas) {
      schemas = Promise.all([fetchDocument(key, '/openapi.json'), fetchDocument(key, '/_sim/openapi.json')]).then(
        ([gateway, control]) => (gateway && control ? new ResponseSchemas(gateway, control) : undefined),
      );
      DOCUMENTS.set(key, schemas);
    }
    const found = await schemas;
    if (!found && DOCUMENTS.get(key) === schemas) DOCUMENTS.delete(key);
    return found;
  }

  /** Why a JSON answer does not match its schema, or undefined when it does. `path` is the request's path. */
  mismatch(method: string, path: string, status: number, json: unknown): string | undefined {
    if (status === 200 && DOCUMENT_PATHS.has(path)) return undefined;
    const validate = this.validator(method.toLowerCase(), path.replace(LAB_PREFIX, ''), String(status));
    if (typeof validate === 'string') return validate;
    if (!validate || validate(json)) return undefined;
    const errors = validate.errors ?? [];
    const shown = this.ajv.errorsText(errors.slice(0, SHOWN_ERRORS), { dataVar: 'answer' });
    return errors.length > SHOWN_ERRORS ? `${shown} (and ${errors.length - SHOWN_ERRORS} more)` : shown;
  }

  private validator(method: string, path: string, status: string): ValidateFunction | string | undefined {
    const found = this.operation(method, path);
    const responses = found?.entry.responses ?? {};
    let ref = 'openapi#/components/schemas/Error';
    if (found && responses[status]) {
      if (responses[status].description === NOT_DESCRIBED) return undefined;
      const content = responses[status].content ?? {};
      if (!content[JSON_MEDIA]?.schema)
        return `the document describes ${status} of ${method.toUpperCase()} ${found.template} without a JSON body (${Object.keys(content).join(', ') || 'empty'})`;
      ref = `${found.id}#/paths/${pointer(found.template)}/${method}/responses/${status}/content/${pointer(JSON_MEDIA)}/schema`;
    }
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.getSchema(ref);
      if (!validate) throw new Error(`no schema at ${ref}`);
      this.validators.set(ref, validate);
    }
    return validate;
  }

  /** The operation a request's method and path name, in either document (a template's `{name}` is one segment). */
  private operation(method: string, path: string) {
    for (const { id, document } of this.documents) {
      const exact = document.paths?.[path]?.[method];
      if (exact) return { id, template: path, entry: exact };
    }
    for (const { id, document } of this.documents) {
      for (const { template, pattern } of this.patterns.get(id) ?? []) {
        const entry = document.paths?.[template]?.[method];
        if (entry && pattern.test(path)) return { id, template, entry };
      }
    }
    return undefined;
  }
}

async function fetchDocument(origin: string, path: string): Promise<ApiDocument | undefined> {
  try {
    const response = await send(new URL(path, origin));
    return response.ok ? ((await response.json()) as ApiDocument) : undefined;
  } catch {
    return undefined;
  }
}

const DOCUMENTS = new Map<string, Promise<ResponseSchemas | undefined>>();

/**
 * Checks an answer the way the acceptance clients do: a JSON answer (content type application/json) that does not
 * match its schema throws, naming the request, the status, what is wrong and the start of the body.
 */
export async function checkAnswer(
  method: string,
  url: URL,
  status: number,
  contentType: string | null,
  text: string,
): Promise<void> {
  if (!/^application\/json\b/.test(contentType ?? '') || text === '') return;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${url.pathname} answered ${status} with a JSON content type and a body that is no JSON`);
  }
  const schemas = await ResponseSchemas.forGateway(url.origin);
  const mismatch = schemas?.mismatch(method, url.pathname, status, json);
  if (mismatch)
    throw new Error(
      `${method} ${url.pathname} answered ${status} with JSON that does not match its schema in the OpenAPI document: ${mismatch}\n${text.slice(0, 500)}`,
    );
}

/**
 * A fetch for `@gwsim/client` in the acceptance suites: the request goes as `send` sends it (in process for a
 * test gateway), and its JSON answer is checked as the acceptance client checks its own.
 */
export const checkedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await send(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
    redirect: init?.redirect ?? 'follow',
  });
  const text = await response.clone().text();
  await checkAnswer(request.method, new URL(request.url), response.status, response.headers.get('content-type'), text);
  return response;
};
