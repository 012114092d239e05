import type { ServiceIdentifier } from 'inversify';
import type { LabId } from '../../domain/LabId.js';
import type { PermissionCode } from '../../domain/Permission.js';
import type { Principal } from '../../domain/Principal.js';
import type { WireDates } from './WireDates.js';
import type { QueryParams } from './QueryParams.js';
import type { Reply } from './Reply.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How an operation takes its body:
 * - none: any body is ignored;
 * - json: `application/json`, parsed and handed over as unknown (validate with a DTO);
 * - text: a raw single value (`text/plain` or no content type), handed over as a trimmed string;
 * - form: `application/x-www-form-urlencoded`, handed over as a record of strings;
 * - multipart: `multipart/form-data` with the file in a part named `file`.
 */
export type BodyKind = 'none' | 'json' | 'text' | 'form' | 'multipart';

export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** What a handler gets: everything from the wire already checked for shape, nothing Koa-specific. */
export interface OperationRequest {
  readonly lab: LabId;
  readonly principal: Principal;
  readonly query: QueryParams;
  readonly body: unknown;
  readonly file: UploadedFile | undefined;
  readonly dates: WireDates;
  readonly requestId: string;
  /** The path parameters of an operation whose path has `{name}` segments (decoded); empty otherwise. */
  readonly params: Readonly<Record<string, string>>;
  /** A request header (lower-case name), e.g. `if-match`; undefined when absent. */
  header(name: string): string | undefined;
}

/** A query parameter an operation reads besides `version` (for the OpenAPI document and its honesty test). */
export interface QueryParameterSpec {
  readonly name: string;
  readonly type: 'string' | 'integer' | 'boolean';
  readonly required?: boolean;
  /** The allowed values, for enumerations. */
  readonly values?: readonly string[];
  readonly description: string;
}

/** A `{name}` segment of an operation's path, for the OpenAPI document (every one is required). */
export interface PathParameterSpec {
  readonly name: string;
  readonly description: string;
}

/**
 * A JSON shape, defined once as a class: its class-validator decorators validate a request body
 * (`validateDto`) and describe the shape in `/openapi.json` (class-validator-jsonschema), and a response
 * mapping typed to return the class keeps an answer and its documented schema together.
 */
export type Shape = abstract new (...args: never[]) => object;

/** What a successful answer carries, for the OpenAPI document and the acceptance tests' schema checks. */
/** One JSON answer: a shape, or an array of it; `when` says when it is the one answered (for `oneOf`). */
export interface JsonAnswer {
  readonly shape: Shape;
  readonly array?: boolean;
  readonly when?: string;
}

export type ResponseSpec =
  | ({ readonly kind: 'json' } & JsonAnswer)
  /** one of several JSON answers, as the query decides */
  | { readonly kind: 'oneOf'; readonly of: readonly JsonAnswer[] }
  /** JSON that is a single scalar (e.g. a boolean), or with `array` a JSON array of them */
  | { readonly kind: 'scalar'; readonly type: 'boolean' | 'string' | 'integer' | 'number'; readonly array?: boolean }
  | { readonly kind: 'text'; readonly example?: string }
  | { readonly kind: 'html' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'file'; readonly contentType: string };

/**
 * One row of the operation table: routing, version and permission checks, body parsing, the OpenAPI
 * document and the coverage test all read it. A handler returns a Reply, or any other value to send as JSON.
 */
export interface OperationDefinition<C = unknown> {
  readonly area: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly version: number;
  readonly permissions: readonly PermissionCode[];
  readonly body: BodyKind;
  readonly summary: string;
  /** The query parameters it reads besides `version`; none when omitted. */
  readonly query?: readonly QueryParameterSpec[];
  /**
   * The descriptions of the path's `{name}` segments (one segment each, matched as any non-empty text without a
   * slash; the handler reads them from `request.params`). A path with such segments is matched by the router,
   * not the exact-path map.
   */
  readonly params?: readonly PathParameterSpec[];
  /** The JSON body's shape (body kind `json`): the DTO class the controller validates the body with. */
  readonly request?: Shape;
  /** The JSON array body's element: a shape (an array of DTOs) or `string` (an array of strings). */
  readonly requestArrayOf?: Shape | 'string';
  /** What a success answers. */
  readonly response?: ResponseSpec;
  readonly controller: ServiceIdentifier<C>;
  readonly handle: (controller: C, request: OperationRequest) => Promise<Reply | unknown>;
  /**
   * An operation of the gateway that its specification does not list, served because clients written for the real
   * product call it: where its shape comes from (shown in `/openapi.json` and docs/api.md).
   */
  readonly beyondSpecification?: string;
  /**
   * A control endpoint of the simulator itself (`/_sim/...`), not an operation of the gateway: it takes no
   * `version` parameter and is listed in the simulator's own OpenAPI document, not the gateway's.
   */
  readonly control?: boolean;
  /**
   * Served by the process that runs the lab's simulator (its calls in progress, its traffic): when several
   * processes share a server, another process forwards it there (LabLeases).
   */
  readonly live?: boolean;
  /**
   * Answered with what every process sharing the server holds (the request journal): the process asked asks the
   * others (signed, as for `live`) and merges their answers with its own.
   */
  readonly everyProcess?: boolean;
}

/** Declares an operation with the controller type checked against the handler. */
export function operation<C>(definition: OperationDefinition<C>): OperationDefinition<unknown> {
  return definition as OperationDefinition<unknown>;
}

/** The names of an operation path's `{name}` segments, in order (`/_sim/labs/{lab}/faults/{id}` → lab, id). */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]!);
}
