import type { Context, Middleware, Next } from 'koa';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import type { Authenticator } from '../../shared/application/Authenticator.js';
import type { OperationDefinition } from '../../shared/interface/http/Operation.js';
import { MAX_FAULT_MS, operationOf, type FaultRules } from '../../contexts/control/index.js';
import { basicUsername, sessionCookie } from './authenticate.js';
import { errorBody } from './errorBoundary.js';
import type { LiveForwarding } from './liveForwarding.js';

/** The gateway's own URL space: the paths fault rules and the journal apply to (never /_sim/..., /openapi.json). */
export function isGatewayPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/app/');
}

/**
 * Waits `ms`, or less when the client closes the connection first: true when the wait ran its course, false
 * when the connection closed (nothing more can be answered). The socket listener is always removed.
 */
export function waitUnlessClosed(ctx: Context, ms: number): Promise<boolean> {
  const socket = ctx.req.socket;
  if (socket.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (alive: boolean) => {
      clearTimeout(timer);
      socket.off('close', onClose);
      resolve(alive);
    };
    const onClose = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    socket.once('close', onClose);
  });
}

/** The user a request names, for rules that match a user: its Basic credentials' name, else its session's user. */
async function claimedUser(ctx: Context, lab: LabId, authenticator: Authenticator): Promise<string | undefined> {
  const named = basicUsername(ctx.get('authorization'));
  if (named !== undefined) return named;
  const sessionId = sessionCookie(ctx.get('cookie'));
  if (!sessionId) return undefined;
  try {
    return (await authenticator.resume(lab, sessionId))?.username;
  } catch {
    return undefined;
  }
}

export interface FaultInjectionOptions {
  /** How long a timeout fault holds a request at most before it closes the connection (default five minutes). */
  readonly timeoutCapMs?: number;
  readonly lab?: LabId;
  /** Requests forwarded by another process of the store were faulted there (never twice). */
  readonly forwarding?: Pick<LiveForwarding, 'claimsForwarded' | 'verified'>;
}

/**
 * Koa middleware around the operation router: asks the control context which fault (if any) a gateway request
 * gets and applies it — latency first (a real timer; it ends early when the client leaves), then the answer
 * instead of the operation: a status with a body, a dropped connection, a truncated JSON body, or a request held
 * until the client gives up (or the cap; then the connection is closed). A latency alone lets the operation run.
 * What was applied goes to `ctx.state.fault` for the journal. Without rules it costs one map read.
 */
export function faultInjection(
  faults: FaultRules,
  authenticator: Authenticator,
  operations: readonly OperationDefinition[],
  options: FaultInjectionOptions = {},
): Middleware {
  const defaultLab = options.lab ?? DEFAULT_LAB;
  const timeoutCapMs = options.timeoutCapMs ?? MAX_FAULT_MS;
  const served = new Set(operations.filter((op) => !op.control).map((op) => `${op.method} ${op.path}`));
  const faulted = async (ctx: Context, next: Next, lab: LabId): Promise<void> => {
    if (options.forwarding?.claimsForwarded(ctx) && (await options.forwarding.verified(ctx))) return next();
    const user = faults.needsUser(lab) ? await claimedUser(ctx, lab, authenticator) : undefined;
    const decision = faults.choose(lab, { method: ctx.method, path: ctx.path, operation: operationOf(ctx.path), user });
    if (!decision) return next();
    ctx.state['fault'] = decision.applied;
    const answer = decision.answer;
    if (answer) {
      const key = `${ctx.method} ${ctx.path}`;
      if (served.has(key)) ctx.state['operation'] = key;
    }
    if (decision.latencyMs > 0 && !(await waitUnlessClosed(ctx, decision.latencyMs))) {
      ctx.respond = false;
      return;
    }
    if (!answer) return next();
    const ruleId = decision.applied.ruleId;
    const requestId = String(ctx.state['requestId']);
    switch (answer.kind) {
      case 'status': {
        ctx.status = answer.status;
        ctx.type = 'application/json';
        if (answer.body !== undefined) {
          ctx.body = JSON.stringify(answer.body);
        } else {
          const message = `fault rule ${ruleId} answered ${answer.status} instead of ${ctx.method} ${ctx.path}`;
          ctx.body = errorBody(answer.status, 'FAULT_INJECTED', message, requestId, [
            { field: 'fault', rule: ruleId, message: 'an injected fault' },
          ]);
          ctx.state['errorCode'] = 'FAULT_INJECTED';
        }
        return;
      }
      case 'malformedBody': {
        // JSON cut short: an object opened and never closed
        ctx.status = 200;
        ctx.type = 'application/json';
        ctx.body = `{"faultInjected":{"ruleId":${JSON.stringify(ruleId)},"requestId":${JSON.stringify(requestId)},"note":"this body is cut sh`;
        return;
      }
      case 'drop':
        ctx.respond = false;
        ctx.req.socket.destroy();
        return;
      case 'timeout': {
        const clientStayed = await waitUnlessClosed(ctx, timeoutCapMs);
        ctx.respond = false;
        if (clientStayed) ctx.req.socket.destroy();
        return;
      }
    }
  };
  // a lab without API rules passes the request on with no promise of its own
  return (ctx, next) => {
    const lab = (ctx.state['lab'] as LabId | undefined) ?? defaultLab;
    return faults.mayFault(lab) && isGatewayPath(ctx.path) ? faulted(ctx, next, lab) : next();
  };
}
