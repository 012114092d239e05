import { catalogProblems } from '../../graph/application/viewWrites.js';
import { inject, injectable } from 'inversify';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigurationReader } from '../../graph/application/ConfigurationReader.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { resolveObject, type GraphView } from '../../graph/domain/GraphView.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import type { Node } from '../domain/Node.js';
import { NodeMapper } from '../domain/NodeMapper.js';

/** A node as read: the entity, its object and the graph it was read from. */
export interface NodeRead {
  readonly graph: GraphView;
  readonly object: ConfigObject;
  readonly node: Node;
}

/**
 * How the node use cases reach the graph: reads answer from memory (ConfigurationReader); changes go through
 * the one write door, map the node to its entity, let the use case change it, and store exactly the objects the
 * entity changed, checked against the sort catalog. A change that changes nothing stores nothing.
 */
@injectable()
export class NodeAccess {
  constructor(
    @inject(ConfigurationReader) private readonly reader: ConfigurationReader,
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
  ) {}

  async read(lab: LabId, nodeText: string): Promise<NodeRead> {
    const graph = await this.reader.working(lab);
    const object = resolveObject(graph, nodeText, NODE_SORTS, 'Node');
    return { graph, object, node: NodeMapper.read(graph, object) };
  }

  async graph(lab: LabId): Promise<GraphView> {
    return this.reader.working(lab);
  }

  change(lab: LabId, nodeText: string, mutate: (node: Node, graph: GraphView) => void): Promise<Node> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveObject(graph, nodeText, NODE_SORTS, 'Node');
      const node = NodeMapper.read(graph, object);
      mutate(node, graph);
      const changed = NodeMapper.write(graph, node);
      if (changed.length === 0) return node;
      const details: ErrorDetail[] = catalogProblems(graph, changed);
      if (details.length > 0)
        throw DomainError.invalid(
          'OBJECT_INVALID',
          `the change is invalid: ${details.map((d) => d.message).join('; ')}`,
          details,
        );
      await this.working.beforeChange(lab);
      await this.working.save(...changed);
      return node;
    });
  }
}
