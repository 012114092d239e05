import type { DomainEvent } from '../domain/DomainEvent.js';

export type EventHandler<E extends DomainEvent = DomainEvent> = (event: E) => Promise<void> | void;

/**
 * Publishes domain events to subscribers. Inside a write unit, events wait for the commit and are dropped
 * on rollback; outside one they are delivered at once.
 */
export abstract class EventBus {
  abstract publish(events: readonly DomainEvent[]): Promise<void>;
  abstract subscribe<E extends DomainEvent>(name: E['name'], handler: EventHandler<E>): () => void;
}
