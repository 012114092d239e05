import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { resolveObject } from '../../graph/domain/GraphView.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { planNodeRemoval } from '../domain/NodeRemoval.js';

/** nodes/remove: the node and its wizard sub-graph that nothing else references; force removes a referenced node. */
@injectable()
export class RemoveNode {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(lab: LabId, nodeText: string, force: boolean): Promise<readonly string[]> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const node = resolveObject(graph, nodeText, NODE_SORTS, 'Node');
      const plan = planNodeRemoval(graph, node, force);
      await this.working.beforeChange(lab);
      await this.working.remove(lab, plan.ids);
      return plan.ids;
    });
  }
}
