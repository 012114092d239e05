import type { Middleware } from 'koa';
import type { OperationDefinition } from '../../shared/interface/http/Operation.js';
import { openApiDocumentText } from './openApiDocumentText.js';

/** The OpenAPI document of the operation table, served without authentication (it holds no state). */
export const OPENAPI_PATH = '/openapi.json';
/** The simulator's control endpoints (`/_sim/...`) in a document of their own. */
export const CONTROL_OPENAPI_PATH = '/_sim/openapi.json';

/**
 * Serves the OpenAPI documents of `operations` (GET and HEAD): the gateway's at OPENAPI_PATH, the control
 * endpoints' at CONTROL_OPENAPI_PATH. Rendered on first demand (the schema generator costs start-up time that most
 * runs never need), then kept.
 */
export function openApiEndpoints(operations: readonly OperationDefinition[]): Middleware {
  const documents = new Map<string, string>();
  return (ctx, next) => {
    const kind = ctx.path === OPENAPI_PATH ? 'gateway' : ctx.path === CONTROL_OPENAPI_PATH ? 'control' : undefined;
    if (!kind || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let document = documents.get(kind);
    if (!document) {
      document = openApiDocumentText(operations, kind);
      documents.set(kind, document);
    }
    ctx.state['operation'] = `GET ${ctx.path}`;
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = document;
    return Promise.resolve();
  };
}
