import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import type { RoutingDomain } from '../domain/RoutingDomain.js';
import { RoutingDomainMapper } from '../domain/RoutingDomainMapper.js';
import { referencedNodes } from '../domain/RoutingReferences.js';
import { refuseInvalid, refuseNameTaken, unchanged } from '../../graph/application/viewWrites.js';

export interface SetRoutingDomainRequest {
  /** A new name; undefined keeps the name. */
  readonly displayName?: string;
  /** Node ids in either shape, added to the current source nodes (the union, as the real product observes). */
  readonly sourceNodes: readonly string[];
}

/** Renames a routing domain and/or adds source nodes; routes are kept. A set that changes nothing writes nothing. */
@injectable()
export class SetRoutingDomain {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, routingDomain: string, request: SetRoutingDomainRequest): Promise<RoutingDomain> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const current = resolveObject(graph, routingDomain, ['TELRT_STACK'], 'Routing domain');
      const domain = RoutingDomainMapper.fromObject(current);
      if (request.displayName !== undefined) domain.rename(request.displayName);
      domain.addSourceNodes(referencedNodes(graph, request.sourceNodes, 'sourceNodes'));
      refuseNameTaken(graph, 'TELRT_STACK', domain.displayName, domain.id, 'routing domain');
      const object = RoutingDomainMapper.toObject(lab, domain, current);
      refuseInvalid([object], graph);
      if (unchanged(current, object)) return domain;
      await this.working.beforeChange(lab);
      await this.working.save(object);
      return domain;
    });
  }
}
