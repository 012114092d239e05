import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Container } from 'inversify';
import { AuthenticationError, DomainError } from '../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import type { Principal } from '../../shared/domain/Principal.js';
import { grants, missingPermissions, requirementOf, type PermissionCode } from '../../shared/domain/Permission.js';
import { Authenticator } from '../../shared/application/Authenticator.js';
import type { LabScope } from '../../shared/application/LabScope.js';
import { DATE_FORMATS, WireDates, type DateFormat } from '../../shared/interface/http/WireDates.js';
import {
  pathParameterNames,
  type OperationDefinition,
  type OperationRequest,
} from '../../shared/interface/http/Operation.js';
import { QueryParams } from '../../shared/interface/http/QueryParams.js';
import { Reply } from '../../shared/interface/http/Reply.js';
import { HttpProblem } from './HttpProblem.js';
import { decodeComponent, decodePathSegment, type BodyParser, type ParsedBody } from './parseBody.js';
import { authenticate } from './authenticate.js';
import type { LiveForwarding } from './liveForwarding.js';

const DEFAULT_DATES = new WireDates('XZWO');
const ISO_DATES = new WireDates('ISO-8601');

/** The mandatory `version` query parameter: missing, not an integer, or not this operation's → 400. */
export function checkVersion(raw: string | string[] | undefined, expected: number): void {
  if (raw === undefined) {
    throw new HttpProblem(
      400,
      'VERSION_REQUIRED',
      `the query parameter 'version' is required; this operation is version ${expected}`,
    );
  }
  if (Array.isArray(raw) || !/^-?\d+$/.test(raw)) {
    throw new HttpProblem(
      400,
      'VERSION_INVALID',
      `the query parameter 'version' must be an integer; this operation is version ${expected}`,
    );
  }
  if (Number(raw) !== expected) {
    throw new HttpProblem(
      400,
      'VERSION_UNSUPPORTED',
      `version ${raw} is not supported by this operation; use version=${expected}`,
    );
  }
}

/**
 * The query string as a record; a parameter given more than once becomes an array. The record has no
 * prototype: a parameter named `__proto__` stays a parameter (on a plain object it replaced the prototype,
 * so parameters never sent, such as `sort`, read as inherited members), and names such as `constructor`
 * are not taken as given. Decoding is strict: a parameter that is not percent-encoded UTF-8 (an encoded lone
 * surrogate, a broken escape) is a 400 naming it, never silently replaced.
 */
export function parseQuery(querystring: string): Record<string, string | string[]> {
  const query = Object.create(null) as Record<string, string | string[]>;
  if (!querystring) return query;
  for (const pair of querystring.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = decodeComponent(at < 0 ? pair : pair.slice(0, at), 'a query parameter name');
    const value = at < 0 ? '' : decodeComponent(pair.slice(at + 1), `the query parameter '${key}'`);
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

/** A 403 naming each missing permission as the role editor shows it (`userManagement: READ_WRITE_ACCESS`). */
export function permissionDenied(username: string, missing: readonly PermissionCode[], operation: string): DomainError {
  const needs = missing
    .map((code) => requirementOf(code))
    .filter(
      (r, _, all) =>
        !(r.level === 'READ_ACCESS' && all.some((o) => o.field === r.field && o.level === 'READ_WRITE_ACCESS')),
    );
  return new DomainError(
    'PERMISSION_DENIED',
    'forbidden',
    `user '${username}' needs ${needs.map((r) => `${r.field}: ${r.level}`).join(', ')} in a role for ${operation}`,
    needs.map((r) => ({ field: r.field, rule: r.level, message: `${r.field}: ${r.level} is required` })),
  );
}

/** An operation path in @koa/router's syntax: `/_sim/labs/{lab}/faults` → `/_sim/labs/:lab/faults`. */
function routerPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/**
 * The methods the table serves at a request path, in the table's order: those of the operations whose path is
 * exactly it, or whose template it fits (a `{name}` segment is one non-empty segment, as the router matches it).
 * For the 405 METHOD_NOT_ALLOWED and its Allow header, on every path the table serves.
 */
export function servedMethods(operations: readonly OperationDefinition[]): (path: string) => string[] {
  const exact = new Map<string, string[]>();
  const templates: Array<{ readonly pattern: RegExp; readonly method: string }> = [];
  for (const op of operations) {
    if (pathParameterNames(op.path).length === 0) {
      exact.set(op.path, [...(exact.get(op.path) ?? []), op.method]);
      continue;
    }
    const literal = op.path
      .split(/\{[A-Za-z_][A-Za-z0-9_]*\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    templates.push({ pattern: new RegExp(`^${literal.join('[^/]+')}$`), method: op.method });
  }
  return (path) => {
    const methods = [...(exact.get(path) ?? [])];
    for (const template of templates)
      if (template.pattern.test(path) && !methods.includes(template.method)) methods.push(template.method);
    return methods;
  };
}

/** The decoded path parameters of a request matched by @koa/router (strict UTF-8, a 400 naming a bad one). */
function pathParams(ctx: Context, names: readonly string[]): Record<string, string> {
  const params = Object.create(null) as Record<string, string>;
  if (names.length === 0) return params;
  // the raw captures, in the path's order, decoded strictly (@koa/router leaves a broken escape as it came)
  const captures = (ctx as Context & { captures?: string[] }).captures ?? [];
  names.forEach((name, i) => {
    const value = captures[i];
    if (value !== undefined) params[name] = decodePathSegment(value, name);
  });
  return params;
}

export interface OperationRouterDeps {
  readonly container: Container;
  readonly operations: readonly OperationDefinition[];
  readonly bodyParser: BodyParser;
  /** The lab a gateway request is for (the default lab, or the one of its `/labs/{lab}` prefix). */
  readonly lab: (ctx: Context) => LabId;
  /** The lab a control endpoint's `{lab}` path parameter names: a 404 LAB_NOT_FOUND when there is none. */
  readonly labNamed?: (name: string) => LabId | Promise<LabId>;
  /** Runs the handler as work of the request's lab (the Clock answers that lab's time). */
  readonly scope?: LabScope;
  /** Brings what the process holds of a lab in memory up to date before its request is served (LabChangeWatch). */
  readonly prepare?: (lab: LabId) => Promise<void> | undefined;
  /** Sends a lab's live requests to the process that runs its simulator. */
  readonly live?: LiveForwarding;
}

/**
 * Mounts every operation of the table: version → identity → permissions → body → handler → reply.
 * Every path of the specification is static, so a request whose method and path are exactly an operation's is
 * dispatched through a map (constant time, whatever the size of the table); @koa/router, which holds the same
 * table, serves everything else (trailing slashes, HEAD, and the 404/405 fall-through).
 */
export function operationRouter(deps: OperationRouterDeps): Middleware {
  const router = new Router();
  const exact = new Map<string, (ctx: Context) => Promise<void>>();
  const authenticator = deps.container.get(Authenticator);
  for (const op of deps.operations) {
    const names = pathParameterNames(op.path);
    const handler = operationHandler(op, names, deps, authenticator);
    router.register(routerPath(op.path), [op.method], handler);
    if (names.length === 0) exact.set(`${op.method} ${op.path}`, handler);
  }
  const routes = router.routes() as unknown as Middleware;
  return (ctx, next) => {
    const handler = exact.get(`${ctx.method} ${ctx.path}`);
    return handler ? handler(ctx) : routes(ctx, next);
  };
}

/** The handler of one operation, its controller taken from the container once. */
function operationHandler(
  op: OperationDefinition,
  names: readonly string[],
  { container, bodyParser, lab, labNamed, scope, prepare, live }: OperationRouterDeps,
  authenticator: Authenticator,
): (ctx: Context) => Promise<void> {
  const controller = container.get(op.controller);
  const operation = `${op.method} ${op.path}`;
  return async (ctx: Context): Promise<void> => {
    ctx.state['operation'] = operation;
    const raw = parseQuery(ctx.querystring);
    if (!op.control) checkVersion(raw['version'], op.version);
    // A control endpoint is for the default lab's administrators, whatever lab its `{lab}` names.
    const labId = op.control ? DEFAULT_LAB : lab(ctx);
    // (a gateway request's lab was brought up to date before the journal and the faults saw it: see HttpApp)
    if (prepare && op.control) await prepare(labId);
    const forwarded = claimsForwarded(ctx, op, operation, live);
    const principal = forwarded ? await live!.principal(ctx, labId) : await authenticate(ctx, labId, authenticator);
    admit(ctx, principal, op, operation);
    const query = new QueryParams(raw);
    const parsed = bodyParser.parse(ctx, op.body);
    const content = parsed instanceof Promise ? await parsed : parsed;
    const params = pathParams(ctx, names);
    const named = params['lab'] !== undefined && labNamed ? labNamed(params['lab']) : labId;
    const target = named instanceof Promise ? await named : named;
    if (prepare && op.control && target !== labId) await prepare(target);
    if (op.live && live) {
      if (!(await live.servesHere(target))) {
        await forwardElsewhere(ctx, { op, live, forwarded, target, labId, principal, body: content.body });
        return;
      }
      live.servedBy(ctx);
    }
    const request = operationRequest(ctx, target, principal, query, content, params);
    writeReply(
      ctx,
      await (scope && target !== labId
        ? scope.run(target, () => op.handle(controller, request))
        : op.handle(controller, request)),
    );
  };
}

/**
 * Whether the request was forwarded by another process of the store. Only a live or every-process operation is
 * forwarded, its signature valid; any other request that claims to be one is refused.
 */
function claimsForwarded(
  ctx: Context,
  op: OperationDefinition,
  operation: string,
  live: LiveForwarding | undefined,
): boolean {
  const forwarded = live !== undefined && live.claimsForwarded(ctx);
  if (forwarded && !(op.live || op.everyProcess))
    throw new AuthenticationError('FORWARD_REFUSED', `${operation} is never forwarded between processes`);
  return forwarded;
}

/** Names the request's user (for the log) and refuses it unless the user holds every permission the operation needs. */
function admit(ctx: Context, principal: Principal, op: OperationDefinition, operation: string): void {
  ctx.state['user'] = principal.username;
  // (a list of what is missing is made only for a refusal)
  if (op.permissions.every((code) => grants(principal.permissions, code))) return;
  throw permissionDenied(principal.username, missingPermissions(principal.permissions, op.permissions), operation);
}

/** A live request for a lab whose simulator another process runs: sent there (a request forwarded here is not sent on). */
function forwardElsewhere(
  ctx: Context,
  {
    op,
    live,
    forwarded,
    target,
    labId,
    principal,
    body,
  }: {
    op: OperationDefinition;
    live: LiveForwarding;
    forwarded: boolean;
    target: LabId;
    labId: LabId;
    principal: Principal;
    body: unknown;
  },
): Promise<void> {
  if (forwarded)
    throw DomainError.unavailable(
      'SIMULATOR_MOVING',
      `the simulator of lab '${target}' is moving between processes; try again in a second`,
    );
  return live.forward(ctx, target, op.control ? undefined : labId, principal, op.body === 'none' ? undefined : body);
}

/** What the operation's handler is given. */
function operationRequest(
  ctx: Context,
  target: LabId,
  principal: Principal,
  query: QueryParams,
  { body, file }: ParsedBody,
  params: Record<string, string>,
): OperationRequest {
  return {
    lab: target,
    principal,
    query,
    body,
    file,
    dates: dates(query),
    requestId: String(ctx.state['requestId']),
    params,
    header: (name) => ctx.get(name) || undefined,
  };
}
