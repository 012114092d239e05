import { inject, injectable } from 'inversify';
import type { DomainEvent } from '../domain/DomainEvent.js';
import { EventBus, type EventHandler } from '../application/EventBus.js';
import { Logger } from '../application/Logger.js';
import { TransactionScope } from './TransactionScope.js';

/** In-process delivery; a failing subscriber is logged and never fails the publisher. */
@injectable()
export class InMemoryEventBus extends EventBus {
  private readonly handlers = new Map<string, Set<EventHandler>>();

  constructor(@inject(Logger) private readonly logger: Logger) {
    super();
  }

  async publish(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await TransactionScope.afterCommit(() => this.deliver(events));
  }

  subscribe<E extends DomainEvent>(name: E['name'], handler: EventHandler<E>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler as EventHandler);
    return () => set.delete(handler as EventHandler);
  }

  private async deliver(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const handler of this.handlers.get(event.name) ?? []) {
        try {
          await handler(event);
        } catch (error) {
          this.logger.error({ event: event.name, lab: event.lab, err: error }, 'event subscriber failed');
        }
      }
    }
  }
}
