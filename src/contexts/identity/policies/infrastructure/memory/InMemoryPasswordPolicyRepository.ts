import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { PasswordPolicy, type PasswordPolicyValues } from '../../domain/PasswordPolicy.js';
import { PasswordPolicyRepository } from '../../domain/PasswordPolicyRepository.js';

@injectable()
export class InMemoryPasswordPolicyRepository extends PasswordPolicyRepository {
  private readonly byLab = new Map<LabId, { values: PasswordPolicyValues; version: number }>();

  async get(lab: LabId): Promise<PasswordPolicy> {
    const stored = this.byLab.get(lab);
    return stored ? PasswordPolicy.restore(lab, stored.values, stored.version) : PasswordPolicy.initial(lab);
  }

  async save(policy: PasswordPolicy): Promise<void> {
    const current = this.byLab.get(policy.lab)?.version ?? 0;
    if (current !== policy.version) throw new StaleVersionError('Password policy', policy.lab);
    this.byLab.set(policy.lab, { values: policy.values, version: policy.version + 1 });
  }
}
