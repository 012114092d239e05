import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Node } from '../domain/Node.js';
import { NodeAccess } from './NodeAccess.js';

/** nodes/overrideHostname/set: the host name the node's SIP user agent puts in Contact and Via ('' clears it). */
@injectable()
export class SetNodeOverrideHostname {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  execute(lab: LabId, nodeText: string, hostname: string): Promise<Node> {
    return this.nodes.change(lab, nodeText, (node) => {
      node.setOverrideHostname(hostname);
    });
  }
}
