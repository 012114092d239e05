import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Node, PortKind } from '../domain/Node.js';
import { networkOf, sipPortHolder } from '../domain/NodePorts.js';
import { NodeAccess } from './NodeAccess.js';

/** nodes/port/set and nodes/tlsPort/set: refused (409) while another listener on the node's network holds the port. */
@injectable()
export class SetNodePort {
  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  execute(lab: LabId, nodeText: string, kind: PortKind, port: number): Promise<Node> {
    return this.nodes.change(lab, nodeText, (node, graph) => {
      const transport = node.transport;
      const network = networkOf(graph, transport.networkControllerId);
      node.setPort(kind, port, (candidate) => sipPortHolder(graph, network, candidate, new Set([transport.id])));
    });
  }
}
