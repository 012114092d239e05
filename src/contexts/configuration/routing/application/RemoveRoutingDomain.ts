import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import type { RoutingDomain } from '../domain/RoutingDomain.js';
import { RoutingDomainMapper } from '../domain/RoutingDomainMapper.js';

/**
 * Removes a routing domain (id or display name). Refused (409 ROUTING_DOMAIN_REFERENCED, every referrer named)
 * while another object refers to it — the telephony core's defaultRoutingDomainId, a node, a profile — and
 * (409 OBJECT_PROTECTED) while it is protected; nothing changes then. Its routes go with it.
 */
@injectable()
export class RemoveRoutingDomain {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, routingDomain: string): Promise<RoutingDomain> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveObject(graph, routingDomain, ['TELRT_STACK'], 'Routing domain');
      const referrers = graph.referrersOf(object.id).filter((r) => r.id !== object.id);
      if (referrers.length > 0) {
        throw DomainError.conflict(
          'ROUTING_DOMAIN_REFERENCED',
          `routing domain '${object.displayName}' cannot be removed while ${referrers.length} object(s) refer to it: ${referrers.map((r) => `${r.sort} '${r.displayName}' (${r.id})`).join(', ')}`,
          referrers.map((r) => ({
            field: 'routingDomain',
            rule: 'referenced',
            message: `${r.sort} '${r.displayName}' (${r.id}) refers to it through ${Object.entries(r.references)
              .filter(([, ids]) => ids.includes(object.id))
              .map(([slot]) => slot)
              .join(', ')}`,
          })),
        );
      }
      if (object.common.protected) {
        throw DomainError.conflict(
          'OBJECT_PROTECTED',
          `routing domain '${object.displayName}' is protected; set its protected parameter to "false" before removing it`,
          [{ field: 'routingDomain', rule: 'protected', message: 'the routing domain is protected' }],
        );
      }
      await this.working.beforeChange(lab);
      await this.working.remove(lab, [object.id]);
      return RoutingDomainMapper.fromObject(object);
    });
  }
}
