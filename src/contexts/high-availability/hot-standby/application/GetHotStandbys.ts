import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { HotStandby } from '../domain/HotStandby.js';
import { HotStandbys } from './HotStandbys.js';

/** Every hot standby object of the working configuration, or the one `id` names (404 when none). */
@injectable()
export class GetHotStandbys {
  constructor(@inject(HotStandbys) private readonly hotStandbys: HotStandbys) {}

  async execute(lab: LabId, id?: string): Promise<HotStandby[]> {
    if (id !== undefined) return [await this.hotStandbys.find(lab, id)];
    return this.hotStandbys.all(lab);
  }
}
