import type { Middleware } from 'koa';
import type { OperationDefinition } from '../../shared/interface/http/Operation.js';
import { SPECIFIED_OPERATIONS } from '../specifiedOperations.js';
import { errorBody } from './errorBoundary.js';
import { servedMethods } from './operationRouter.js';

/**
 * Answers a request nothing after it answered, in the error shape: 501 NOT_SIMULATED for an operation of the
 * specification this simulator does not serve yet, 405 METHOD_NOT_ALLOWED (with Allow) for a path served or
 * specified with other methods, else 404 NO_SUCH_OPERATION.
 */
export function noSuchOperation(operations: readonly OperationDefinition[]): Middleware {
  const methodsAt = servedMethods(operations);
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body) return;
    const allowed = methodsAt(ctx.path);
    const requestId = String(ctx.state['requestId']);
    const specified = SPECIFIED_OPERATIONS.filter((op) => op.path === ctx.path);
    const unserved = specified.find((op) => op.method === ctx.method && !allowed.includes(op.method));
    if (unserved) {
      ctx.status = 501;
      ctx.state['operation'] = `${unserved.method} ${unserved.path}`;
      ctx.state['errorCode'] = 'NOT_SIMULATED';
      ctx.body = errorBody(
        501,
        'NOT_SIMULATED',
        `${unserved.method} ${unserved.path} (area '${unserved.area}') is an operation of the specification that this simulator does not serve yet`,
        requestId,
        [{ field: 'operation', rule: 'notSimulated', message: `area '${unserved.area}' is not simulated yet` }],
      );
      return;
    }
    for (const op of specified) if (!allowed.includes(op.method)) allowed.push(op.method);
    if (allowed.length > 0) {
      ctx.status = 405;
      ctx.set('Allow', allowed.join(', '));
      ctx.state['errorCode'] = 'METHOD_NOT_ALLOWED';
      ctx.body = errorBody(
        405,
        'METHOD_NOT_ALLOWED',
        `${ctx.method} is not allowed on ${ctx.path}; use ${allowed.join(' or ')}`,
        requestId,
      );
    } else {
      ctx.status = 404;
      ctx.state['errorCode'] = 'NO_SUCH_OPERATION';
      ctx.body = errorBody(404, 'NO_SUCH_OPERATION', `there is no operation ${ctx.method} ${ctx.path}`, requestId);
    }
  };
}
