import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Node } from '../domain/Node.js';
import { NodeAccess } from './NodeAccess.js';

/** nodes/enable and nodes/disable. */
@injectable()
export class SetNodeEnabled {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  execute(lab: LabId, nodeText: string, enabled: boolean): Promise<Node> {
    return this.nodes.change(lab, nodeText, (node) => {
      node.setEnabled(enabled);
    });
  }
}
