import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { NetworkFaults } from '../../network/application/NetworkFaults.js';
import { SessionTransports } from '../../calls/application/SessionTransports.js';
import type { Scheduler } from '../../calls/domain/Scheduler.js';
import type { SessionTransport } from '../../calls/domain/SessionTransport.js';
import { ImpairedTransport } from '../../network/infrastructure/ImpairedTransport.js';
import { SyntheticTransport } from '../../synthetic/infrastructure/SyntheticTransport.js';
import { RealAndSimulatedTransport } from './RealAndSimulatedTransport.js';
import { SipLabs } from './SipLabs.js';

/**
 * Every lab's transport: real SIP on the lab's listeners (when switched on) beside its synthetic traffic, the
 * whole behind the network its gateway faults leave — so a node down or a trunk refusing breaks real calls as it
 * breaks synthetic ones, and a synthetic call may reach a real far end and a real caller a simulated one.
 */
@injectable()
export class LabTransports extends SessionTransports {
  constructor(
    @inject(NetworkFaults) private readonly network: NetworkFaults,
    @inject(SipLabs) private readonly sip: SipLabs,
  ) {
    super();
  }

  create(lab: LabId, scheduler: Scheduler): SessionTransport {
    return new ImpairedTransport(
      scheduler,
      () => this.network.of(lab),
      (wrapped) => {
        const simulated = new SyntheticTransport(wrapped, (node) =>
          this.sip.farEnd(lab, node) === 'answering' ? 'answer' : 'profile',
        );
        return new RealAndSimulatedTransport(this.sip.transportFor(lab, wrapped), simulated);
      },
    );
  }
}
