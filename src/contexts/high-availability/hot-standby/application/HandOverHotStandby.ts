import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ChangeHotStandbyRoles } from './ChangeHotStandbyRoles.js';

/** hotStandby/handover: the standby system takes the active role (409 HANDOVER_NOT_POSSIBLE otherwise). */
@injectable()
export class HandOverHotStandby {
  constructor(@inject(ChangeHotStandbyRoles) private readonly change: ChangeHotStandbyRoles) {}

  execute(lab: LabId, text: string): Promise<void> {
    return this.change.forObject(lab, text, (roles, at) => roles.handover(at));
  }
}
