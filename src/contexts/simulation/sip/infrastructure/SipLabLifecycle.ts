import { inject, injectable } from 'inversify';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { SocketSipListening } from './SocketSipListening.js';
import { SimulatedTrunkLabs } from './trunks/SimulatedTrunkLabs.js';

/**
 * A removed lab's listeners close (its ports are free for others) and its simulated trunks go; a lab whose stored
 * state moved follows its SIP setting again.
 */
@injectable()
export class SipLabLifecycle extends LabLifecycle {
  readonly name = 'SIP listeners';

  constructor(
    @inject(SocketSipListening) private readonly listening: SocketSipListening,
    @inject(SimulatedTrunkLabs) private readonly simulated: SimulatedTrunkLabs,
  ) {
    super();
  }

  async initialize(): Promise<void> {
    // a new lab listens once its SIP is switched on
  }

  async remove(lab: LabId): Promise<void> {
    await this.listening.forget(lab);
    this.simulated.forget(lab);
  }

  override async reload(lab: LabId): Promise<void> {
    await this.listening.follow(lab).catch(() => undefined);
  }
}
