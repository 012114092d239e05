import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { LinkStatus } from '../domain/StandbyRoles.js';
import { ChangeHotStandbyRoles } from './ChangeHotStandbyRoles.js';

/**
 * The simulated link between the two systems of a lab's pair, for fault injection: linkDown makes an enabled
 * standby take the active role from the main system (the role state machine's LINK_DOWN transition), linkUp
 * brings the link back with the active side kept. Each transition raises HotStandbyRoleChanged; the same call
 * twice changes nothing. Answers the link status afterwards.
 */
@injectable()
export class StandbyLink {
  constructor(@inject(ChangeHotStandbyRoles) private readonly change: ChangeHotStandbyRoles) {}

  async linkDown(lab: LabId): Promise<LinkStatus> {
    return (await this.change.apply(lab, (roles, at) => roles.linkDown(at))).link;
  }

  async linkUp(lab: LabId): Promise<LinkStatus> {
    return (await this.change.apply(lab, (roles, at) => roles.linkUp(at))).link;
  }
}
