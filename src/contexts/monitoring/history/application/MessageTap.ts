import type { LabId } from '../../../../shared/domain/LabId.js';
import type { SipMessageEntry } from '../domain/MonitorRecords.js';

/**
 * Another hearer of the SIP messages the simulator records (a port, multi-bound, which the simulation context
 * implements: the lab's capture sent to a HEP collector). The sinks hand it each batch as it is recorded, before the
 * monitor's own settings and faults decide what is kept: a tap takes what it wants and returns at once (it may only
 * enqueue). `wants` is asked as often as the sinks' `keepsMessages` (so the simulator builds the messages when a tap
 * wants them, the monitor's SIP flow recording off too): it must answer from memory.
 */
export abstract class MessageTap {
  abstract wants(lab: LabId): boolean;
  abstract copy(lab: LabId, messages: readonly SipMessageEntry[]): void;
}
