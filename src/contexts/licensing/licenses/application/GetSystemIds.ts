import { injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { systemIdsOf, type SystemId } from '../domain/SystemIds.js';

/** licenses/systemIds/get: the lab gateway's device ids (stable per lab). */
@injectable()
export class GetSystemIds {
  execute(lab: LabId): SystemId[] {
    return systemIdsOf(lab);
  }
}
