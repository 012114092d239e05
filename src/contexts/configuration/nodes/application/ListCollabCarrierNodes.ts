import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Node } from '../domain/Node.js';
import { NodeMapper } from '../domain/NodeMapper.js';
import { NodeAccess } from './NodeAccess.js';

/** The collaboration-platform carrier nodes: TELCOLLAB_STACK nodes whose connectivity is CARRIER. */
@injectable()
export class ListCollabCarrierNodes {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  async execute(lab: LabId): Promise<Node[]> {
    const graph = await this.nodes.graph(lab);
    return graph
      .ofSort('TELCOLLAB_STACK')
      .map((object) => NodeMapper.read(graph, object))
      .filter((node) => node.isCollaborationCarrier);
  }
}
