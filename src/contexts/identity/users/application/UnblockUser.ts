import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { UserRepository } from '../domain/UserRepository.js';
import { findUser } from './findUser.js';

/** What an unblock found: the user's id and whether it was blocked (an unblock of an unblocked user only resets its failure count). */
export interface UnblockOutcome {
  readonly userId: string;
  readonly displayName: string;
  readonly wasBlocked: boolean;
}

/**
 * Lifts a user's block and resets its failed-login count (an administrator's recovery; `gwsim admin unblock`).
 * The user is named by id, local username or display name; an unknown one is USER_NOT_FOUND.
 */
@injectable()
export class UnblockUser {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  execute(lab: LabId, key: string): Promise<UnblockOutcome> {
    return this.unitOfWork.write(lab, async () => {
      const user = await findUser(this.users, lab, key);
      const wasBlocked = user.unblock(this.clock.now());
      await this.users.save(user);
      await this.events.publish(user.pullEvents());
      return { userId: user.id, displayName: user.displayName, wasBlocked };
    });
  }
}
