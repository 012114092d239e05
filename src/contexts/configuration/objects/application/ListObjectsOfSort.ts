import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';

/** The objects of one sort, ordered by display name. */
@injectable()
export class ListObjectsOfSort {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, sort: ObjectSort): Promise<ConfigObject[]> {
    return this.unitOfWork.read(() => this.objects.list(lab, sort));
  }
}
