import { injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { SessionTransports } from '../../calls/application/SessionTransports.js';
import type { Scheduler } from '../../calls/domain/Scheduler.js';
import type { SessionTransport } from '../../calls/domain/SessionTransport.js';
import { SyntheticTransport } from './SyntheticTransport.js';

/** Every lab's calls are synthetic traffic from its profile. */
@injectable()
export class SyntheticTransports extends SessionTransports {
  create(_lab: LabId, scheduler: Scheduler): SessionTransport {
    return new SyntheticTransport(scheduler);
  }
}
