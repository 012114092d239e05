import type { Middleware } from 'koa';
import type { LabDirectory } from '../../shared/application/LabDirectory.js';
import type { LabScope } from '../../shared/application/LabScope.js';
import { errorBody } from './errorBoundary.js';

/** `/labs/{lab}/api/…` and `/labs/{lab}/app/…`: a lab's gateway API, the rest of the path as the default lab's. */
const LAB_PATH = /^\/labs\/([^/]+)(\/(?:api|app)(?:\/.*)?)$/;

/**
 * Serves every lab's gateway API under `/labs/{lab}`: the prefix names the lab (a 404 LAB_NOT_FOUND when it
 * names none), the rest of the path is the operation's, and everything after runs as work of that lab
 * (`ctx.state.lab`, and LabScope for the ports that read the lab in progress, such as the Clock). Paths without
 * the prefix are the default lab's.
 */
export function labRouting(directory: LabDirectory, scope: LabScope): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/labs/')) return next();
    const match = LAB_PATH.exec(ctx.path);
    let name: string | undefined;
    try {
      name = match ? decodeURIComponent(match[1]!) : undefined;
    } catch {
      name = undefined;
    }
    const entry = name === undefined ? undefined : await directory.lookup(name);
    if (!match || !entry) {
      const shown = (name ?? ctx.path).slice(0, 64);
      const message = match ? `lab '${shown}' does not exist (GET /_sim/labs lists the labs)` : `${ctx.path.slice(0, 80)} is not a lab's API: use /labs/{lab}/api/… or /labs/{lab}/app/…`;
      ctx.status = 404;
      ctx.state['errorCode'] = match ? 'LAB_NOT_FOUND' : 'NOT_FOUND';
      ctx.body = errorBody(404, match ? 'LAB_NOT_FOUND' : 'NOT_FOUND', message, String(ctx.state['requestId']), match ? [{ field: 'lab', rule: 'exists', message }] : []);
      return;
    }
    ctx.state['lab'] = entry.id;
    ctx.path = match[2]!;
    await scope.run(entry.id, next);
  };
}
