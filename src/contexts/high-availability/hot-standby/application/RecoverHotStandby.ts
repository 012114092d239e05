import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ChangeHotStandbyRoles } from './ChangeHotStandbyRoles.js';

/** hotStandby/recover: the main system takes the active role back (409 RECOVERY_NOT_POSSIBLE otherwise). */
@injectable()
export class RecoverHotStandby {
  constructor(@inject(ChangeHotStandbyRoles) private readonly change: ChangeHotStandbyRoles) {}

  execute(lab: LabId, text: string): Promise<void> {
    return this.change.forObject(lab, text, (roles, at) => roles.recover(at));
  }
}
