import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import { NODE_SORTS, TRANSPORT_CONNECTION_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type { TransportConnection } from '../domain/TransportConnection.js';
import { NODE_CONNECTIONS_SLOT, TransportConnectionMapper } from '../domain/TransportConnectionMapper.js';

export interface NodeConnection {
  readonly connection: TransportConnection;
  /** 1 for the node's first connection, in the order the node lists them. */
  readonly priority: number;
}

/** The transport connections of a node (id or display name), in the node's order. */
@injectable()
export class ListNodeTransportConnections {
  constructor(@inject(ConfigurationReader) private readonly reader: ConfigurationReader) {}

  async execute(lab: LabId, nodeText: string): Promise<NodeConnection[]> {
    const graph = await this.reader.working(lab);
    const node = resolveObject(graph, nodeText, NODE_SORTS, 'Node');
    return node
      .referencesIn(NODE_CONNECTIONS_SLOT)
      .map((id) => graph.get(id))
      .filter((object) => object !== undefined && TRANSPORT_CONNECTION_SORTS.includes(object.sort))
      .map((object, index) => ({
        connection: TransportConnectionMapper.fromGraph(graph, object!),
        priority: index + 1,
      }));
  }
}
