import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LoginPolicy } from '../domain/LoginPolicy.js';
import { LoginPolicySetting } from './LoginPolicySetting.js';

/** The lab's login policy with its version (0 while it is the defaults). */
@injectable()
export class GetLoginPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(LoginPolicySetting) private readonly policies: LoginPolicySetting,
  ) {}

  execute(lab: LabId): Promise<Versioned<LoginPolicy>> {
    return this.unitOfWork.read(() => this.policies.read(lab));
  }
}
