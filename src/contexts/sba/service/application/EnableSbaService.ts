import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { SbaService } from '../domain/SbaService.js';
import { ChangeSbaService } from './ChangeSbaService.js';

/** sba/enable: STARTING, then RUNNING with every part present, else ERROR with the reason (see SbaService.enable). */
@injectable()
export class EnableSbaService {
  constructor(@inject(ChangeSbaService) private readonly change: ChangeSbaService) {}

  async execute(lab: LabId): Promise<SbaService> {
    return (
      await this.change.execute(lab, (service, now) => {
        service.enable(now);
        return true;
      })
    ).value;
  }
}
