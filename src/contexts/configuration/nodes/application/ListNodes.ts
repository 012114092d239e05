import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type { Node } from '../domain/Node.js';
import { NodeMapper } from '../domain/NodeMapper.js';
import { NodeAccess } from './NodeAccess.js';

/** A node as a listing names it. */
export interface NodeEntry {
  readonly id: string;
  readonly displayName: string;
}

/** Every node of the working configuration, of every node sort (by sort, then display name). */
@injectable()
export class ListNodes {
  /** Per working graph (shared and never changed while kept: see ConfigurationReader), its nodes' entries. */
  private readonly entriesOf = new WeakMap<GraphView, readonly NodeEntry[]>();

  constructor(@inject(NodeAccess) private readonly nodes: NodeAccess) {}

  async execute(lab: LabId): Promise<Node[]> {
    return read(await this.nodes.graph(lab));
  }

  /**
   * The id and display name of every node, in the order of `execute` (each node read and checked as there), frozen:
   * the same list while the lab's working graph is the one it was read from (nodes/get serialises it once).
   */
  async entries(lab: LabId): Promise<readonly NodeEntry[]> {
    const graph = await this.nodes.graph(lab);
    let entries = this.entriesOf.get(graph);
    if (!entries) {
      entries = Object.freeze(
        read(graph).map((node): NodeEntry => Object.freeze({ id: node.id, displayName: node.displayName })),
      );
      this.entriesOf.set(graph, entries);
    }
    return entries;
  }
}

function read(graph: GraphView): Node[] {
  return graph.ofSorts(NODE_SORTS).map((object) => NodeMapper.read(graph, object));
}
