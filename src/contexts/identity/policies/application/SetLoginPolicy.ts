import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LoginPolicy, LoginPolicyValues } from '../domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../domain/LoginPolicyRepository.js';

/** Replaces the lab's login policy; it applies to everything that happens afterwards. */
@injectable()
export class SetLoginPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(LoginPolicyRepository) private readonly policies: LoginPolicyRepository,
  ) {}

  execute(lab: LabId, values: LoginPolicyValues): Promise<LoginPolicy> {
    return this.unitOfWork.write(lab, async () => {
      const policy = await this.policies.get(lab);
      policy.change(values);
      await this.policies.save(policy);
      return this.policies.get(lab);
    });
  }
}
