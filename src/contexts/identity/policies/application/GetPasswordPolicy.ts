import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { PasswordPolicy } from '../domain/PasswordPolicy.js';
import { PasswordPolicySetting } from './PasswordPolicySetting.js';

/** The lab's password policy with its version (0 while it is the defaults). */
@injectable()
export class GetPasswordPolicy {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(PasswordPolicySetting) private readonly policies: PasswordPolicySetting,
  ) {}

  execute(lab: LabId): Promise<Versioned<PasswordPolicy>> {
    return this.unitOfWork.read(() => this.policies.read(lab));
  }
}
