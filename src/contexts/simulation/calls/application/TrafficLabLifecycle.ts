import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { TrafficLabs } from './TrafficLabs.js';
import { GatewayGates } from './GatewayGates.js';

/**
 * A new lab has no traffic until started; a removed lab's traffic stops and its calls in progress go; a lab whose
 * stored traffic changed through another process follows it.
 */
@injectable()
export class TrafficLabLifecycle extends LabLifecycle {
  readonly name = 'traffic';

  constructor(
    @inject(TrafficLabs) private readonly labs: TrafficLabs,
    @inject(GatewayGates) private readonly gates: GatewayGates,
  ) {
    super();
  }

  async initialize(): Promise<void> {
    // nothing: traffic starts when asked
  }

  async remove(lab: LabId): Promise<void> {
    await this.labs.forgetLab(lab);
  }

  /**
   * The lab's stored state moved (a snapshot restored, a change made through another process, the lab taken over):
   * its gates (standby side, maintenance, licenses) are read again at the next step, its engine takes the committed
   * plan when the configuration compiles it (calls in progress finish as they run), and it runs the traffic the
   * store says (started, changed, stopped; dropped when this process does not hold the lab).
   */
  override async reload(lab: LabId): Promise<void> {
    this.gates.forget(lab);
    await this.labs.follow(lab);
  }
}
