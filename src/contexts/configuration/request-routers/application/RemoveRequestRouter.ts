import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { RequestRouterMapper } from '../domain/RequestRouterMapper.js';
import { resolveRouter } from './routerGraph.js';

export interface RemovedRouter {
  readonly id: string;
  /** The SIP transport and network controller its add created, removed with it. */
  readonly alsoRemoved: readonly string[];
}

/**
 * Removes a request router, and the SIP transport and network controller its add created for it once nothing
 * else uses them (objects other views or objects/set made are never removed). Refused while another object
 * refers to the router (409 REQUEST_ROUTER_REFERENCED naming it) or while it is protected.
 */
@injectable()
export class RemoveRequestRouter {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, routerText: string): Promise<RemovedRouter> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveRouter(graph, routerText);
      const referrers = graph.referrersOf(object.id).filter((r) => r.id !== object.id);
      if (referrers.length > 0) {
        throw DomainError.conflict(
          'REQUEST_ROUTER_REFERENCED',
          `request router '${object.displayName}' (${object.id}) is used by ${referrers.length} object(s)`,
          referrers.map((r) => ({
            field: 'requestRouter',
            rule: 'referenced',
            message: `${r.sort} '${r.displayName}' (${r.id}) refers to it`,
          })),
        );
      }
      if (object.common.protected) {
        throw DomainError.conflict(
          'OBJECT_PROTECTED',
          `request router '${object.displayName}' (${object.id}) is protected; set its protected parameter to "false" before removing it`,
          [{ field: 'requestRouter', rule: 'protected', message: 'the router is protected' }],
        );
      }
      const removed = new Set([object.id]);
      // objects created for the router, removed when every referrer is removed too (transport first, then its controller)
      let grew = true;
      while (grew) {
        grew = false;
        for (const candidate of [...removed].flatMap((id) => graph.get(id)?.referencedIds() ?? [])) {
          const target = graph.get(candidate);
          if (
            !target ||
            removed.has(target.id) ||
            RequestRouterMapper.createdFor(target) !== object.id ||
            target.common.protected
          )
            continue;
          if (graph.referrersOf(target.id).every((r) => removed.has(r.id))) {
            removed.add(target.id);
            grew = true;
          }
        }
      }
      await this.working.beforeChange(lab);
      await this.working.remove(lab, [...removed]);
      return { id: object.id, alsoRemoved: [...removed].filter((id) => id !== object.id) };
    });
  }
}
