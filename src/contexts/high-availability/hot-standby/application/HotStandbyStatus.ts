import { inject, injectable } from 'inversify';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { RoleFlags, Side, StandbyRoles } from '../domain/StandbyRoles.js';
import { HotStandbys } from './HotStandbys.js';
import { StandbyRolesSetting } from './StandbyRolesSetting.js';

export type SideStatus = 'UNKNOWN' | 'NOT_COMMITTED' | 'ACTIVE' | 'INACTIVE' | 'DISABLED';

export interface HotStandbyStatusValues extends RoleFlags {
  readonly linkStatus: 'UNKNOWN' | 'UP' | 'DOWN';
  readonly mainStatus: SideStatus;
  readonly standbyStatus: SideStatus;
  readonly mainLinkActive: boolean;
  readonly standbyLinkActive: boolean;
}

function sideStatus(roles: StandbyRoles, side: Side): SideStatus {
  if (roles.activeSide === side) return 'ACTIVE';
  return (side === 'MAIN' ? roles.mainEnabled : roles.standbyEnabled) ? 'INACTIVE' : 'DISABLED';
}

/** The status of a pair whose object is not committed yet: nothing runs, nothing is possible. */
export const NOT_COMMITTED_STATUS: HotStandbyStatusValues = {
  linkStatus: 'UNKNOWN',
  mainStatus: 'UNKNOWN',
  standbyStatus: 'NOT_COMMITTED',
  mainLinkActive: false,
  standbyLinkActive: false,
  handoverPossible: false,
  recoveryPossible: false,
  mainSetEnabledPossible: false,
  standbySetEnabledPossible: false,
  onlyImmediateRoleChangePossible: false,
};

/** The status a committed pair in `roles` shows. */
export function statusOf(roles: StandbyRoles): HotStandbyStatusValues {
  const up = roles.link === 'UP';
  return {
    linkStatus: roles.link,
    mainStatus: sideStatus(roles, 'MAIN'),
    standbyStatus: sideStatus(roles, 'STANDBY'),
    mainLinkActive: up,
    standbyLinkActive: up,
    ...roles.flags(),
  };
}

/**
 * hotStandby/status: NOT_COMMITTED (and every flag false) until the committed configuration holds the hot
 * standby object; then the role state machine's active side, link status and derived flags.
 */
@injectable()
export class GetHotStandbyStatus {
  constructor(
    @inject(HotStandbys) private readonly hotStandbys: HotStandbys,
    @inject(StandbyRolesSetting) private readonly roles: StandbyRolesSetting,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(lab: LabId, text: string): Promise<HotStandbyStatusValues> {
    const hotStandby = await this.hotStandbys.find(lab, text);
    return this.unitOfWork.read(async () => {
      if (!(await this.hotStandbys.committed(lab, hotStandby.id))) return NOT_COMMITTED_STATUS;
      return statusOf(await this.roles.get(lab));
    });
  }
}
