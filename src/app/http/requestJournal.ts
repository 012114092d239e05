import type { Middleware } from 'koa';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import { operationOf, type AppliedFault, type FaultRules, type RequestJournal } from '../../contexts/control/index.js';
import { basicUsername } from './authenticate.js';
import { isGatewayPath } from './faultInjection.js';
import type { LiveForwarding } from './liveForwarding.js';

/**
 * Records every gateway API request (the `/api/` and `/app/` paths) in the lab's journal once it is answered:
 * placed outside the error boundary, so the status is the one sent, errors and injected faults included. A
 * request that got no answer (dropped, timed out, the client left) is recorded without a status. A request
 * another process of the same server forwarded here (signed) is in that process's journal, not here.
 */
export function requestJournal(
  journal: RequestJournal,
  faults: FaultRules,
  forwarding?: Pick<LiveForwarding, 'claimsForwarded' | 'verified'>,
  defaultLab: LabId = DEFAULT_LAB,
): Middleware {
  const recorded: Middleware = async (ctx, next) => {
    const lab = (ctx.state['lab'] as LabId | undefined) ?? defaultLab;
    const time = journal.now();
    const started = process.hrtime.bigint();
    const gatewayFaults = faults.gatewayFaults(lab);
    // a gateway fault that began or ended just now is in force for this request
    const settling = faults.unsettled();
    if (settling) await settling;
    try {
      await next();
    } finally {
      const state = ctx.state as { operation?: string; user?: string; fault?: AppliedFault; requestId?: string };
      const answered = ctx.respond !== false && !ctx.req.socket.destroyed;
      const operation =
        state.operation === undefined
          ? undefined
          : operationOf(state.operation.slice(state.operation.indexOf(' ') + 1));
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      journal.record(lab, {
        time,
        method: ctx.method,
        path: ctx.path,
        operation,
        status: answered ? ctx.status : undefined,
        user: state.user ?? basicUsername(ctx.get('authorization')),
        latencyMs: Math.round(ms * 10) / 10,
        requestId: String(state.requestId ?? ''),
        fault: state.fault,
        gatewayFaults: gatewayFaults && gatewayFaults.length > 0 ? gatewayFaults : undefined,
      });
    }
  };
  // a request another process of the store forwarded here is in that process's journal
  const forwardedOrRecorded: Middleware = async (ctx, next) =>
    (await forwarding!.verified(ctx)) ? next() : recorded(ctx, next);
  return (ctx, next) => {
    if (!isGatewayPath(ctx.path)) return next();
    return forwarding?.claimsForwarded(ctx) ? forwardedOrRecorded(ctx, next) : recorded(ctx, next);
  };
}
