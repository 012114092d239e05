import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { PasswordPolicy, PasswordPolicyValues } from '../domain/PasswordPolicy.js';
import { PasswordPolicyRepository } from '../domain/PasswordPolicyRepository.js';

/** Replaces the lab's password policy; it applies to everything that happens afterwards. */
@injectable()
export class SetPasswordPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(PasswordPolicyRepository) private readonly policies: PasswordPolicyRepository,
  ) {}

  execute(lab: LabId, values: PasswordPolicyValues): Promise<PasswordPolicy> {
    return this.unitOfWork.write(lab, async () => {
      const policy = await this.policies.get(lab);
      policy.change(values);
      await this.policies.save(policy);
      return this.policies.get(lab);
    });
  }
}
