import { inject, injectable } from 'inversify';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { StartupTask } from '../../../../shared/application/StartupTask.js';
import type { UserAccountStateChanged } from '../../users/domain/UserEvents.js';
import { SessionStore } from '../domain/SessionStore.js';

/** The sessions of a user whose account becomes BLOCKED or DISABLED end at once (subscribed at start-up). */
@injectable()
export class EndSessionsOnUserLockedOut extends StartupTask {
  readonly name = 'end sessions of blocked and disabled users';
  private unsubscribe: (() => void) | undefined;

  constructor(
    @inject(EventBus) private readonly events: EventBus,
    @inject(SessionStore) private readonly sessions: SessionStore,
  ) {
    super();
  }

  async run(): Promise<void> {
    this.unsubscribe ??= this.events.subscribe<UserAccountStateChanged>('UserAccountStateChanged', (event) => {
      if (event.to === 'BLOCKED' || event.to === 'DISABLED') this.sessions.removeAllOf(event.lab, event.userId);
    });
  }
}
