import type { Middleware } from 'koa';
import { DomainError } from '../../shared/domain/DomainError.js';
import type { LabScope } from '../../shared/application/LabScope.js';
import { decodePathSegment } from './parseBody.js';
import type { LabNamer } from './labPreparer.js';

/** `/labs/{lab}/api/…` and `/labs/{lab}/app/…`: a lab's gateway API, the rest of the path as the default lab's. */
const LAB_PATH = /^\/labs\/([^/]+)(\/(?:api|app)(?:\/.*)?)$/;

/**
 * Serves every lab's gateway API under `/labs/{lab}`: the prefix names the lab, as a control path's `{lab}` does
 * (labNamer: a 404 LAB_NOT_FOUND naming `lab` when it names none; a 400 MALFORMED_ENCODING naming `lab`
 * when it is not percent-encoded UTF-8), the rest of the path is the operation's, and everything after runs as work
 * of that lab (`ctx.state.lab`, and LabScope for the ports that read the lab in progress, such as the Clock). Paths
 * without the prefix are the default lab's. Its refusals are thrown: an error boundary in front of it answers them.
 */
export function labRouting(named: LabNamer, scope: LabScope): Middleware {
  const routed: Middleware = async (ctx, next) => {
    const match = LAB_PATH.exec(ctx.path);
    if (!match)
      throw new DomainError(
        'NOT_FOUND',
        'not_found',
        `${ctx.path.slice(0, 80)} is not a lab's API: use /labs/{lab}/api/… or /labs/{lab}/app/…`,
      );
    const lab = await named(decodePathSegment(match[1]!, 'lab'));
    ctx.state['lab'] = lab;
    ctx.path = match[2]!;
    await scope.run(lab, next);
  };
  // a path of the default lab passes on with no promise of its own
  return (ctx, next) => (ctx.path.startsWith('/labs/') ? routed(ctx, next) : next());
}
