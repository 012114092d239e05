import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { nodeSubTreeObject } from '../domain/NodeSubTree.js';
import { NodeAccess } from './NodeAccess.js';

/** nodes/subTreeObject/get: the object of the node's graph an objectType selects; 404 naming objectType when it has none. */
@injectable()
export class GetNodeSubTreeObject {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  async execute(lab: LabId, nodeText: string, objectType: string): Promise<ConfigObject> {
    const { graph, object } = await this.nodes.read(lab, nodeText);
    const found = nodeSubTreeObject(graph, object, objectType);
    if (!found) {
      throw new DomainError(
        'SUB_TREE_OBJECT_NOT_FOUND',
        'not_found',
        `node '${object.displayName}' (${object.sort}) has no ${objectType} in its graph`,
        [{ field: 'objectType', rule: 'exists', message: `the node's graph has no ${objectType}` }],
      );
    }
    return found;
  }
}
