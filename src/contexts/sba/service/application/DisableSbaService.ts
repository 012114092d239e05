import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { SbaService } from '../domain/SbaService.js';
import { ChangeSbaService } from './ChangeSbaService.js';

/** sba/disable: back to DISABLED; a disabled service stays as it is (nothing saved). */
@injectable()
export class DisableSbaService {
  constructor(@inject(ChangeSbaService) private readonly change: ChangeSbaService) {}

  async execute(lab: LabId): Promise<SbaService> {
    return (await this.change.execute(lab, (service, now) => service.disable(now))).value;
  }
}
