import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Scheduler } from '../domain/Scheduler.js';
import type { SessionTransport } from '../domain/SessionTransport.js';

/**
 * Which session transport a lab's engine runs on (a port, so the module chooses the adapter: synthetic traffic
 * now, real SIP on the nodes' ports later, per lab). The transport puts its events on the engine's scheduler.
 */
export abstract class SessionTransports {
  abstract create(lab: LabId, scheduler: Scheduler): SessionTransport;
}
