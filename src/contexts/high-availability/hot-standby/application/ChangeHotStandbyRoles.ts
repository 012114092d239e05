import { inject, injectable } from 'inversify';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { StandbyRoles } from '../domain/StandbyRoles.js';
import { HotStandbys } from './HotStandbys.js';
import { StandbyRolesSetting } from './StandbyRolesSetting.js';

/**
 * The write path of the role operations: resolves the hot standby object (404), refuses a pair whose object is
 * not committed (409 HOT_STANDBY_NOT_COMMITTED), applies the change to the lab's role state machine in one write
 * unit, saves it when it raised events and publishes them.
 */
@injectable()
export class ChangeHotStandbyRoles {
  constructor(
    @inject(HotStandbys) private readonly hotStandbys: HotStandbys,
    @inject(StandbyRolesSetting) private readonly roles: StandbyRolesSetting,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async forObject(lab: LabId, text: string, change: (roles: StandbyRoles, at: Date) => void): Promise<void> {
    const hotStandby = await this.hotStandbys.find(lab, text);
    await this.unitOfWork.write(lab, async () => {
      if (!(await this.hotStandbys.committed(lab, hotStandby.id))) {
        throw DomainError.conflict(
          'HOT_STANDBY_NOT_COMMITTED',
          `hot standby object '${hotStandby.name}' (${hotStandby.id}) is not committed yet: commit the configuration first (coreConfig/commit)`,
        );
      }
      await this.apply(lab, change);
    });
  }

  /** Applies `change` to the lab's roles inside the caller's write unit (or a new one). */
  apply(lab: LabId, change: (roles: StandbyRoles, at: Date) => void): Promise<StandbyRoles> {
    return this.unitOfWork.write(lab, async () => {
      const current = await this.roles.read(lab);
      change(current.value, this.clock.now());
      const raised = current.value.pullEvents();
      if (raised.length > 0) {
        await this.roles.save(lab, current.value, current.version);
        await this.events.publish(raised);
      }
      return current.value;
    });
  }
}
