import type { Middleware } from 'koa';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import { isGatewayPath } from './faultInjection.js';
import type { LabPreparer } from './labPreparer.js';

/**
 * A gateway request's lab is readied (a reset waited for, changes made through other processes of a shared server
 * applied) before the journal, the faults and the operation see it.
 */
export function labPreparation(prepare: LabPreparer): Middleware {
  return (ctx, next) => {
    if (!isGatewayPath(ctx.path)) return next();
    // undefined: the lab is ready now (the common case costs no promise)
    const preparing = prepare((ctx.state['lab'] as LabId | undefined) ?? DEFAULT_LAB);
    return preparing ? preparing.then(() => next()) : next();
  };
}
