import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { ObjectGraph } from './ObjectGraph.js';

/** The objects of a sort that no object of the working configuration references (derived slots included). */
@injectable()
export class ListUnreferencedObjects {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, sort: ObjectSort): Promise<ConfigObject[]> {
    return this.unitOfWork.read(async () => {
      const graph = new ObjectGraph(await this.objects.list(lab));
      const referenced = graph.referencedIds();
      return graph.objects.filter((o) => o.sort === sort && !referenced.has(o.id));
    });
  }
}
