import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LoginPolicyRepository } from '../../policies/domain/LoginPolicyRepository.js';
import type { UserAccount } from '../domain/UserAccount.js';
import { UserRepository } from '../domain/UserRepository.js';

/** The lab's users as they stand now (blocks that ran out and expired passwords already applied). */
@injectable()
export class ListUsers {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(LoginPolicyRepository) private readonly loginPolicies: LoginPolicyRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId): Promise<UserAccount[]> {
    return this.unitOfWork.read(async () => {
      const [users, policy] = [await this.users.list(lab), await this.loginPolicies.get(lab)];
      const now = this.clock.now();
      for (const user of users) user.refresh(now, policy);
      return users;
    });
  }
}
