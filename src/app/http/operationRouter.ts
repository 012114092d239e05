import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Container } from 'inversify';
import { DomainError } from '../../shared/domain/DomainError.js';
import type { LabId } from '../../shared/domain/LabId.js';
import { missingPermissions } from '../../shared/domain/Permission.js';
import { Authenticator } from '../../shared/application/Authenticator.js';
import { DATE_FORMATS, WireDates, type DateFormat } from '../../shared/interface/http/WireDates.js';
import type { OperationDefinition, OperationRequest } from '../../shared/interface/http/Operation.js';
import { QueryParams } from '../../shared/interface/http/QueryParams.js';
import { Reply } from '../../shared/interface/http/Reply.js';
import { HttpProblem } from './HttpProblem.js';
import type { BodyParser } from './parseBody.js';
import { authenticate } from './authenticate.js';

const DEFAULT_DATES = new WireDates('XZWO');
const NO_BODY = { body: undefined, file: undefined } as const;
const ISO_DATES = new WireDates('ISO-8601');

/** The mandatory `version` query parameter: missing, not an integer, or not this operation's → 400. */
export function checkVersion(raw: string | string[] | undefined, expected: number): void {
  if (raw === undefined) {
    throw new HttpProblem(400, 'VERSION_REQUIRED', `the query parameter 'version' is required; this operation is version ${expected}`);
  }
  if (Array.isArray(raw) || !/^-?\d+$/.test(raw)) {
    throw new HttpProblem(400, 'VERSION_INVALID', `the query parameter 'version' must be an integer; this operation is version ${expected}`);
  }
  if (Number(raw) !== expected) {
    throw new HttpProblem(400, 'VERSION_UNSUPPORTED', `version ${raw} is not supported by this operation; use version=${expected}`);
  }
}

/**
 * The query string as a record; a parameter given more than once becomes an array. The record has no
 * prototype: a parameter named `__proto__` stays a parameter (on a plain object it replaced the prototype,
 * so parameters never sent, such as `sort`, read as inherited members), and names such as `constructor`
 * are not taken as given.
 */
export function parseQuery(querystring: string): Record<string, string | string[]> {
  const query = Object.create(null) as Record<string, string | string[]>;
  if (!querystring) return query;
  for (const [key, value] of new URLSearchParams(querystring)) {
    const previous = query[key];
    query[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}

function dates(query: QueryParams): WireDates {
  const format = query.optionalEnum<DateFormat>('dateFormat', DATE_FORMATS);
  return format === 'ISO-8601' ? ISO_DATES : DEFAULT_DATES;
}

export function writeReply(ctx: Context, result: unknown): void {
  ctx.status = 200;
  const reply = result instanceof Reply ? result : Reply.json(result);
  for (const [name, value] of Object.entries(reply.headers)) ctx.set(name, value);
  switch (reply.kind) {
    case 'empty':
      ctx.body = '';
      ctx.remove('content-type');
      ctx.status = 200;
      return;
    case 'json':
      ctx.type = reply.contentType!;
      ctx.body = JSON.stringify(reply.body ?? null);
      return;
    default:
      ctx.type = reply.contentType!;
      ctx.body = reply.body;
  }
}

export interface OperationRouterDeps {
  readonly container: Container;
  readonly operations: readonly OperationDefinition[];
  readonly bodyParser: BodyParser;
  readonly lab: (ctx: Context) => LabId;
}

/**
 * Mounts every operation of the table: version → identity → permissions → body → handler → reply.
 * Every path of the specification is static, so a request whose method and path are exactly an operation's is
 * dispatched through a map (constant time, whatever the size of the table); @koa/router, which holds the same
 * table, serves everything else (trailing slashes, HEAD, and the 404/405 fall-through).
 */
export function operationRouter({ container, operations, bodyParser, lab }: OperationRouterDeps): Middleware {
  const router = new Router();
  const exact = new Map<string, (ctx: Context) => Promise<void>>();
  const authenticator = container.get(Authenticator);
  for (const op of operations) {
    const controller = container.get(op.controller);
    const handler = async (ctx: Context): Promise<void> => {
      const raw = parseQuery(ctx.querystring);
      checkVersion(raw['version'], op.version);
      const labId = lab(ctx);
      const principal = await authenticate(ctx, labId, authenticator);
      const missing = missingPermissions(principal.permissions, op.permissions);
      if (missing.length > 0) {
        throw new DomainError('PERMISSION_DENIED', 'forbidden',
          `user '${principal.username}' lacks ${missing.join(', ')} for ${op.method} ${op.path}`,
          missing.map((code) => ({ rule: code, message: `permission ${code} is required` })));
      }
      const query = new QueryParams(raw);
      const { body, file } = op.body === 'none' ? NO_BODY : await bodyParser.parse(ctx, op.body);
      const request: OperationRequest = {
        lab: labId, principal, query, body, file, dates: dates(query), requestId: String(ctx.state['requestId']),
        header: (name) => ctx.get(name) || undefined,
      };
      writeReply(ctx, await op.handle(controller, request));
    };
    router.register(op.path, [op.method], handler);
    exact.set(`${op.method} ${op.path}`, handler);
  }
  const routes = router.routes() as unknown as Middleware;
  return (ctx, next) => {
    const handler = exact.get(`${ctx.method} ${ctx.path}`);
    return handler ? handler(ctx) : routes(ctx, next);
  };
}
