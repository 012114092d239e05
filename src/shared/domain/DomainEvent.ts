import type { LabId } from './LabId.js';

/** A past-tense fact raised by an aggregate, delivered to subscribers after the transaction commits. */
export interface DomainEvent {
  readonly name: string;
  readonly lab: LabId;
  readonly occurredAt: Date;
}
