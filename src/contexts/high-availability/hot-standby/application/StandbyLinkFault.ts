import { inject, injectable } from 'inversify';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../../shared/application/GatewayFaultSwitch.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { StandbyLink } from './StandbyLink.js';

/**
 * The gateway fault standbyLinkDown: while a rule holds it, the link between the two systems of the lab's pair is
 * down (StandbyLink.linkDown: an enabled standby takes the active role, as the real pair fails over when it loses
 * its peer); when the last such rule ends the link comes back (linkUp) and the active side keeps its role, as on
 * the real product: the role goes back to the main system only by a recover.
 */
@injectable()
export class StandbyLinkFault extends GatewayFaultSwitch {
  readonly kinds = ['standbyLinkDown'] as const;

  constructor(@inject(StandbyLink) private readonly link: StandbyLink) {
    super();
  }

  async hold(lab: LabId, faults: readonly HeldGatewayFault[]): Promise<void> {
    if (faults.length > 0) await this.link.linkDown(lab);
    else await this.link.linkUp(lab);
  }
}
