import { inject, injectable } from 'inversify';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { StartupTask } from '../../../../shared/application/StartupTask.js';
import type { UserRemoved } from '../../users/domain/UserEvents.js';
import { SessionStore } from '../domain/SessionStore.js';

/** A removed user's sessions end at once (subscribed at start-up). */
@injectable()
export class EndSessionsOnUserRemoved extends StartupTask {
  readonly name = 'end sessions of removed users';
  private unsubscribe: (() => void) | undefined;

  constructor(
    @inject(EventBus) private readonly events: EventBus,
    @inject(SessionStore) private readonly sessions: SessionStore,
  ) {
    super();
  }

  async run(): Promise<void> {
    this.unsubscribe ??= this.events.subscribe<UserRemoved>('UserRemoved', (event) => {
      this.sessions.removeAllOf(event.lab, event.userId);
    });
  }
}
