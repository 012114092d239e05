import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LoginPolicyRepository } from '../../policies/domain/LoginPolicyRepository.js';
import type { UserAccount } from '../domain/UserAccount.js';
import { UserRepository } from '../domain/UserRepository.js';
import { findUser } from './findUser.js';

/** Removes a user named by id, local username or display name and answers it; its sessions end (UserRemoved). */
@injectable()
export class RemoveUser {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(LoginPolicyRepository) private readonly loginPolicies: LoginPolicyRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  execute(lab: LabId, key: string): Promise<UserAccount> {
    return this.unitOfWork.write(lab, async () => {
      const user = await findUser(this.users, lab, key);
      const now = this.clock.now();
      user.refresh(now, await this.loginPolicies.get(lab));
      user.pullEvents(); // the answer shows the account as it stands; only its removal is news
      user.remove(now);
      await this.users.remove(user);
      await this.events.publish(user.pullEvents());
      return user;
    });
  }
}
