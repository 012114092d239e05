import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import { LoginPolicy } from '../../domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../../domain/LoginPolicyRepository.js';
import { LoginPolicyRecord } from './LoginPolicyRecord.js';

@injectable()
export class TypeOrmLoginPolicyRepository extends TypeOrmRepository implements LoginPolicyRepository {
  async get(lab: LabId): Promise<LoginPolicy> {
    const r = await this.records(LoginPolicyRecord).findOneBy({ labId: lab });
    if (!r) return LoginPolicy.initial(lab);
    return LoginPolicy.restore(lab, {
      minLoginDelay: r.minLoginDelay, maxLoginDelay: r.maxLoginDelay, attemptsUntilBlocked: r.attemptsUntilBlocked,
      showLoginFailureMessage: r.showLoginFailureMessage, passwordExpiration: r.passwordExpiration,
      passwordExpirationWarning: r.passwordExpirationWarning, maxObsoletePasswords: r.maxObsoletePasswords,
      passwordUnchangeableMinutes: r.passwordUnchangeableMinutes,
    }, r.version);
  }

  async save(policy: LoginPolicy): Promise<void> {
    const record = new LoginPolicyRecord();
    Object.assign(record, { ...policy.values, labId: policy.lab, version: policy.version + 1 });
    if (policy.version === 0) {
      const inserted = await this.records(LoginPolicyRecord).createQueryBuilder().insert().values(record).orIgnore().returning('lab_id').execute();
      if ((inserted.raw as unknown[]).length === 0) throw new StaleVersionError('Login policy', policy.lab);
      return;
    }
    const { labId, ...changes } = record;
    const result = await this.records(LoginPolicyRecord).update({ labId, version: policy.version }, changes);
    if (result.affected !== 1) throw new StaleVersionError('Login policy', policy.lab);
  }
}
