import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { LoginPolicy, type LoginPolicyValues } from '../../domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../../domain/LoginPolicyRepository.js';

@injectable()
export class InMemoryLoginPolicyRepository extends LoginPolicyRepository {
  private readonly byLab = new Map<LabId, { values: LoginPolicyValues; version: number }>();

  async get(lab: LabId): Promise<LoginPolicy> {
    const stored = this.byLab.get(lab);
    return stored ? LoginPolicy.restore(lab, stored.values, stored.version) : LoginPolicy.initial(lab);
  }

  async save(policy: LoginPolicy): Promise<void> {
    const current = this.byLab.get(policy.lab)?.version ?? 0;
    if (current !== policy.version) throw new StaleVersionError('Login policy', policy.lab);
    this.byLab.set(policy.lab, { values: policy.values, version: policy.version + 1 });
  }
}
