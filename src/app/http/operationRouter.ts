import Router from '@koa/router';
import type { Context } from 'koa';
import type { Container } from 'inversify';
import { DomainError } from '../../shared/domain/DomainError.js';
import type { LabId } from '../../shared/domain/LabId.js';
import { missingPermissions } from '../../shared/domain/Permission.js';
import { Authenticator } from '../../shared/application/Authenticator.js';
import { DATE_FORMATS, WireDates, type DateFormat } from '../../shared/interface/WireDates.js';
import type { OperationDefinition, OperationRequest } from './Operation.js';
import { QueryParams } from './QueryParams.js';
import { Reply } from './Reply.js';
import { HttpProblem } from './HttpProblem.js';
import type { BodyParser } from './parseBody.js';
import { authenticate } from './authenticate.js';

const DEFAULT_DATES = new WireDates('XZWO');
const ISO_DATES = new WireDates('ISO-8601');

/** The mandatory `version` query parameter: missing, not an integer, or not this operation's → 400. */
export function checkVersion(ctx: Context, expected: number): void {
  const raw = ctx.query['version'];
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

/** Mounts every operation of the table: version → identity → permissions → body → handler → reply. */
export function operationRouter({ container, operations, bodyParser, lab }: OperationRouterDeps): Router {
  const router = new Router();
  const authenticator = container.get(Authenticator);
  for (const op of operations) {
    const controller = container.get(op.controller);
    router.register(op.path, [op.method], async (ctx: Context) => {
      checkVersion(ctx, op.version);
      const labId = lab(ctx);
      const principal = await authenticate(ctx, labId, authenticator);
      const missing = missingPermissions(principal.permissions, op.permissions);
      if (missing.length > 0) {
        throw new DomainError('PERMISSION_DENIED', 'forbidden',
          `user '${principal.username}' lacks ${missing.join(', ')} for ${op.method} ${op.path}`,
          missing.map((code) => ({ rule: code, message: `permission ${code} is required` })));
      }
      const query = new QueryParams(ctx.query);
      const { body, file } = await bodyParser.parse(ctx, op.body);
      const request: OperationRequest = {
        lab: labId, principal, query, body, file, dates: dates(query), requestId: String(ctx.state['requestId']),
        header: (name) => ctx.get(name) || undefined,
      };
      writeReply(ctx, await op.handle(controller, request));
    });
  }
  return router;
}
