import { inject, injectable } from 'inversify';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { StartupTask } from '../../../../shared/application/StartupTask.js';
import type { RoleRemoved } from '../../roles/domain/RoleEvents.js';
import type { UserAccountStateChanged, UserPasswordChanged, UserRemoved } from '../../users/domain/UserEvents.js';
import { SessionRepository } from '../domain/SessionRepository.js';
import { VerifiedCredentials } from '../domain/VerifiedCredentials.js';

/**
 * A user's sessions end at once when the account stops granting what they were opened with: the user is
 * removed, becomes BLOCKED or DISABLED, or its password changes (whoever changed it logs in again with the
 * new one). Its verified credentials go on any of those and on every other change of its account state, and
 * a lab's all go when one of its roles is removed. Subscribed at start-up.
 */
@injectable()
export class EndSessionsOnAccountChange extends StartupTask {
  readonly name = 'end the sessions of removed, blocked, disabled users and of changed passwords';
  private subscribed = false;

  constructor(
    @inject(EventBus) private readonly events: EventBus,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(VerifiedCredentials) private readonly credentials: VerifiedCredentials,
  ) {
    super();
  }

  async run(): Promise<void> {
    if (this.subscribed) return;
    this.subscribed = true;
    const end = (event: { lab: UserRemoved['lab']; userId: string }): void => {
      this.credentials.forgetUser(event.lab, event.userId);
      this.sessions.removeAllOf(event.lab, event.userId);
    };
    this.events.subscribe<UserRemoved>('UserRemoved', end);
    this.events.subscribe<UserPasswordChanged>('UserPasswordChanged', end);
    this.events.subscribe<UserAccountStateChanged>('UserAccountStateChanged', (event) => {
      if (event.to === 'BLOCKED' || event.to === 'DISABLED') end(event);
      else this.credentials.forgetUser(event.lab, event.userId);
    });
    this.events.subscribe<RoleRemoved>('RoleRemoved', (event) => {
      this.credentials.forgetLab(event.lab);
    });
  }
}
