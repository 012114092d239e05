import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { RoutingDomain } from '../domain/RoutingDomain.js';
import { RoutingDomainMapper } from '../domain/RoutingDomainMapper.js';
import { referencedNodes } from '../domain/RoutingReferences.js';
import { refuseInvalid, refuseNameTaken } from '../../graph/application/viewWrites.js';

export interface AddRoutingDomainRequest {
  readonly displayName: string;
  /** Node ids in either shape. */
  readonly sourceNodes: readonly string[];
}

/** Creates a routing domain without routes; its name must be free and every source node must exist. */
@injectable()
export class AddRoutingDomain {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, request: AddRoutingDomainRequest): Promise<RoutingDomain> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const domain = RoutingDomain.create(
        this.ids.uuid(),
        request.displayName,
        referencedNodes(graph, request.sourceNodes, 'sourceNodes'),
      );
      refuseNameTaken(graph, 'TELRT_STACK', domain.displayName, domain.id, 'routing domain');
      const object = RoutingDomainMapper.toObject(lab, domain, undefined);
      refuseInvalid([object], graph);
      await this.working.beforeChange(lab);
      await this.working.save(object);
      return domain;
    });
  }
}
