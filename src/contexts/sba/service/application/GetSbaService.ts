import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { SbaService } from '../domain/SbaService.js';
import { SbaServiceSetting } from './SbaServiceSetting.js';

/** The lab's SBA service with its version (the ETag of the option reads; 0 while never saved), (options, key material, state) for the reads; the answers decide what is shown. */
@injectable()
export class GetSbaService {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SbaServiceSetting) private readonly services: SbaServiceSetting,
  ) {}

  execute(lab: LabId): Promise<Versioned<SbaService>> {
    return this.unitOfWork.read(() => this.services.read(lab));
  }
}
