import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { PasswordPolicy, type PasswordPolicyValues } from '../domain/PasswordPolicy.js';
import { PasswordPolicySetting } from './PasswordPolicySetting.js';

/**
 * Replaces the lab's password policy; it applies to everything that happens afterwards. With `expectedVersion`
 * (an If-Match) the change is refused with STALE_VERSION when the policy is no longer at that version.
 */
@injectable()
export class SetPasswordPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(PasswordPolicySetting) private readonly policies: PasswordPolicySetting,
  ) {}

  execute(lab: LabId, values: PasswordPolicyValues, expectedVersion?: number): Promise<Versioned<PasswordPolicy>> {
    const policy = PasswordPolicy.of(lab, values);
    return this.unitOfWork.write(lab, async () => {
      return this.policies.save(lab, policy, expectedVersion ?? (await this.policies.versionOf(lab)));
    });
  }
}
