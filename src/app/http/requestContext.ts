import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../../shared/application/Logger.js';
import { PROBE_PATHS } from './simEndpoints.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Request id (honouring a sane X-Request-Id), a child logger made on first use (`ctx.state.logger()`), and one
 * structured line per request naming the operation, the user and the error code of an error answer; never the
 * query string (changePassword takes passwords there). The probes of orchestrators and scrapers (/_sim/health,
 * /_sim/ready, /_sim/metrics), which come every few seconds, are logged at debug level.
 */
export function requestContext(logger: Logger) {
  const logRequests = logger.isLevelEnabled('info');
  const logProbes = logger.isLevelEnabled('debug');
  const logged = async (ctx: Context, next: Next, requestId: string, probe: boolean): Promise<void> => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const state = ctx.state as { user?: string; operation?: string; errorCode?: string };
      const line = {
        requestId,
        method: ctx.method,
        path: ctx.path,
        operation: state.operation,
        user: state.user,
        status: ctx.status,
        errorCode: state.errorCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (probe) logger.debug(line, 'request');
      else logger.info(line, 'request');
    }
  };
  return (ctx: Context, next: Next): Promise<void> => {
    const incoming = ctx.get('x-request-id');
    const requestId = incoming !== '' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state['requestId'] = requestId;
    let child: Logger | undefined;
    ctx.state['logger'] = () => (child ??= logger.child({ requestId }));
    ctx.set('X-Request-Id', requestId);
    if (!logRequests && !logProbes) return next(); // logging off: no timing, no promise of its own
    const probe = PROBE_PATHS.has(ctx.path);
    return (probe ? logProbes : logRequests) ? logged(ctx, next, requestId, probe) : next();
  };
}
