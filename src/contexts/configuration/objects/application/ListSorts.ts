import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import type { SortDefinition } from '../../graph/domain/catalog/SortDefinition.js';

export interface SortCount {
  readonly definition: SortDefinition;
  /** Objects of the sort in the working configuration. */
  readonly count: number;
}

/** Every sort the gateway knows, in the specification's order, with how many objects of it exist. */
@injectable()
export class ListSorts {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId): Promise<SortCount[]> {
    return this.unitOfWork.read(async () => {
      const counts = new Map<string, number>();
      for (const object of await this.objects.list(lab)) counts.set(object.sort, (counts.get(object.sort) ?? 0) + 1);
      return SortCatalog.all().map((definition) => ({ definition, count: counts.get(definition.sort) ?? 0 }));
    });
  }
}
