import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import { PasswordPolicy } from '../../domain/PasswordPolicy.js';
import { PasswordPolicyRepository } from '../../domain/PasswordPolicyRepository.js';
import { PasswordPolicyRecord } from './PasswordPolicyRecord.js';

@injectable()
export class TypeOrmPasswordPolicyRepository extends TypeOrmRepository implements PasswordPolicyRepository {
  async get(lab: LabId): Promise<PasswordPolicy> {
    const r = await this.records(PasswordPolicyRecord).findOneBy({ labId: lab });
    if (!r) return PasswordPolicy.initial(lab);
    return PasswordPolicy.restore(lab, {
      minLength: r.minLength, maxLength: r.maxLength, minDigits: r.minDigits, minCharacters: r.minCharacters,
      minLowerCase: r.minLowerCase, minUpperCase: r.minUpperCase, minSpecial: r.minSpecial, constraintAreas: r.constraintAreas,
      patterns: r.patterns, blacklist: r.blacklist.map((value) => ({ value })), addUsernameToBlacklist: r.addUsernameToBlacklist,
    }, r.version);
  }

  async save(policy: PasswordPolicy): Promise<void> {
    const record = new PasswordPolicyRecord();
    Object.assign(record, { ...policy.values, labId: policy.lab, blacklist: policy.values.blacklist.map((item) => item.value), version: policy.version + 1 });
    if (policy.version === 0) {
      const inserted = await this.records(PasswordPolicyRecord).createQueryBuilder().insert().values(record).orIgnore().returning('lab_id').execute();
      if ((inserted.raw as unknown[]).length === 0) throw new StaleVersionError('Password policy', policy.lab);
      return;
    }
    const { labId, ...changes } = record;
    const result = await this.records(PasswordPolicyRecord).update({ labId, version: policy.version }, changes);
    if (result.affected !== 1) throw new StaleVersionError('Password policy', policy.lab);
  }
}
