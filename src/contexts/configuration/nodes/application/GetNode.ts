import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Node } from '../domain/Node.js';
import { NodeAccess } from './NodeAccess.js';

/** One node (id in either shape, or display name), for the per-node getters. */
@injectable()
export class GetNode {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  async execute(lab: LabId, nodeText: string): Promise<Node> {
    return (await this.nodes.read(lab, nodeText)).node;
  }
}
