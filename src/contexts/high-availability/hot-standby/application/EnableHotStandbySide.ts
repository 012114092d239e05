import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ChangeHotStandbyRoles } from './ChangeHotStandbyRoles.js';

/** hotStandby/enableMainSystem and enableStandbySystem: whether a side may take the active role. */
@injectable()
export class EnableHotStandbySide {
  constructor(@inject(ChangeHotStandbyRoles) private readonly change: ChangeHotStandbyRoles) {}

  execute(lab: LabId, text: string, side: 'MAIN' | 'STANDBY', enabled: boolean): Promise<void> {
    return this.change.forObject(lab, text, (roles, at) => roles.setEnabled(side, enabled, at));
  }
}
