import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Side } from '../domain/StandbyRoles.js';
import { StandbyRolesSetting } from './StandbyRolesSetting.js';

/** Which system of the lab's hot standby pair holds the active role (MAIN on a lab that never changed it). For the simulator. */
export abstract class ActiveSide {
  abstract of(lab: LabId): Promise<Side>;
}

/** ActiveSide read from the role state machine in the settings store. */
@injectable()
export class StoredActiveSide extends ActiveSide {
  constructor(
    @inject(StandbyRolesSetting) private readonly roles: StandbyRolesSetting,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {
    super();
  }

  of(lab: LabId): Promise<Side> {
    return this.unitOfWork.read(async () => (await this.roles.get(lab)).activeSide);
  }
}
