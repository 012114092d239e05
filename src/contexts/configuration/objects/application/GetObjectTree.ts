import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { ObjectGraph, type ObjectTreeNode } from './ObjectGraph.js';
import { objectNotFound, requireObjectId } from './objectIds.js';

/** An object with its descendants: everything it references, directly or through other objects. */
@injectable()
export class GetObjectTree {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, idText: string): Promise<ObjectTreeNode> {
    const id = requireObjectId(idText);
    return this.unitOfWork.read(async () => {
      const graph = new ObjectGraph(await this.objects.list(lab));
      const root = graph.get(id);
      if (!root) throw objectNotFound(id);
      return graph.tree(root);
    });
  }
}
