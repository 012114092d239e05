import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { PasswordPolicy } from '../domain/PasswordPolicy.js';
import { PasswordPolicyRepository } from '../domain/PasswordPolicyRepository.js';

@injectable()
export class GetPasswordPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(PasswordPolicyRepository) private readonly policies: PasswordPolicyRepository,
  ) {}

  execute(lab: LabId): Promise<PasswordPolicy> {
    return this.unitOfWork.read(() => this.policies.get(lab));
  }
}
