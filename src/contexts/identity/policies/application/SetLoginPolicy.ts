import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LoginPolicy, type LoginPolicyValues } from '../domain/LoginPolicy.js';
import { LoginPolicySetting } from './LoginPolicySetting.js';

/**
 * Replaces the lab's login policy; it applies to everything that happens afterwards. With `expectedVersion`
 * (an If-Match) the change is refused with STALE_VERSION when the policy is no longer at that version.
 */
@injectable()
export class SetLoginPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(LoginPolicySetting) private readonly policies: LoginPolicySetting,
  ) {}

  execute(lab: LabId, values: LoginPolicyValues, expectedVersion?: number): Promise<Versioned<LoginPolicy>> {
    const policy = LoginPolicy.of(lab, values);
    return this.unitOfWork.write(lab, async () => {
      return this.policies.save(lab, policy, expectedVersion ?? (await this.policies.versionOf(lab)));
    });
  }
}
