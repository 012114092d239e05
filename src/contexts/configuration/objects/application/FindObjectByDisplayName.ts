import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';

/** The object of a sort with a display name (display names are unique within a sort). */
@injectable()
export class FindObjectByDisplayName {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, sort: ObjectSort, displayName: string): Promise<ConfigObject> {
    return this.unitOfWork.read(async () => {
      const found = displayName.includes('\u0000')
        ? undefined
        : await this.objects.findByDisplayName(lab, sort, displayName.trim());
      if (!found)
        throw new DomainError(
          'OBJECT_NOT_FOUND',
          'not_found',
          `no ${sort} object is named '${displayName.trim().slice(0, 255)}'`,
        );
      return found;
    });
  }
}
