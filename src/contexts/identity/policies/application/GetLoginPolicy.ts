import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LoginPolicy } from '../domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../domain/LoginPolicyRepository.js';

@injectable()
export class GetLoginPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(LoginPolicyRepository) private readonly policies: LoginPolicyRepository,
  ) {}

  execute(lab: LabId): Promise<LoginPolicy> {
    return this.unitOfWork.read(() => this.policies.get(lab));
  }
}
