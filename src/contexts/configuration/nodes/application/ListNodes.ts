import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type { Node } from '../domain/Node.js';
import { NodeMapper } from '../domain/NodeMapper.js';
import { NodeAccess } from './NodeAccess.js';

/** Every node of the working configuration, of every node sort (by sort, then display name). */
@injectable()
export class ListNodes {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  async execute(lab: LabId): Promise<Node[]> {
    const graph = await this.nodes.graph(lab);
    return graph.ofSorts(NODE_SORTS).map((object) => NodeMapper.read(graph, object));
  }
}
