import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { objectNotFound, requireObjectId } from './objectIds.js';

/** One object of the working configuration by id (either shape); also serves note/get. */
@injectable()
export class GetObject {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
  ) {}

  execute(lab: LabId, idText: string): Promise<ConfigObject> {
    const id = requireObjectId(idText);
    return this.unitOfWork.read(async () => {
      const object = await this.objects.find(lab, id);
      if (!object) throw objectNotFound(id);
      return object;
    });
  }
}
