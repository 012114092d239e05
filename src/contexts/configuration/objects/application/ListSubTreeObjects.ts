import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { ObjectGraph } from './ObjectGraph.js';
import { objectNotFound, requireObjectId } from './objectIds.js';

/** The descendants of an object (the object itself excluded) that are of one sort, nearest first. */
@injectable()
export class ListSubTreeObjects {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, idText: string, sort: ObjectSort): Promise<ConfigObject[]> {
    const id = requireObjectId(idText);
    return this.unitOfWork.read(async () => {
      const graph = new ObjectGraph(await this.objects.list(lab));
      const root = graph.get(id);
      if (!root) throw objectNotFound(id);
      return graph
        .subtree(root)
        .slice(1)
        .filter((o) => o.sort === sort);
    });
  }
}
