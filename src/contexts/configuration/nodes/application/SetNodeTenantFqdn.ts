import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Node } from '../domain/Node.js';
import { NodeAccess } from './NodeAccess.js';

/** nodes/tenants/fqdn/set: the FQDN of a collaboration-platform node's tenant. */
@injectable()
export class SetNodeTenantFqdn {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  execute(lab: LabId, nodeText: string, fqdn: string): Promise<Node> {
    return this.nodes.change(lab, nodeText, (node) => {
      node.setTenantFqdn(fqdn);
    });
  }
}
