import { injectable } from 'inversify';
import { DomainError, StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import type { UserAccount } from '../../domain/UserAccount.js';
import { UserRepository } from '../../domain/UserRepository.js';
import { holdsNul } from './holdsNul.js';
import { uniqueViolation } from './uniqueViolation.js';
import { UserMapper } from './UserMapper.js';
import { UserRecord } from './UserRecord.js';

@injectable()
export class TypeOrmUserRepository extends TypeOrmRepository implements UserRepository {
  async list(lab: LabId): Promise<UserAccount[]> {
    const records = await this.records(UserRecord).find({ where: { labId: lab }, order: { ordinal: 'ASC' } });
    return records.map(UserMapper.toDomain);
  }

  async byId(lab: LabId, id: string): Promise<UserAccount | undefined> {
    if (holdsNul(id)) return undefined;
    const record = await this.records(UserRecord).findOneBy({ labId: lab, id });
    return record ? UserMapper.toDomain(record) : undefined;
  }

  async byLocalUsername(lab: LabId, username: string): Promise<UserAccount | undefined> {
    if (holdsNul(username)) return undefined;
    const record = await this.records(UserRecord).findOneBy({ labId: lab, localUsername: username });
    return record ? UserMapper.toDomain(record) : undefined;
  }

  async byDirectoryName(lab: LabId, name: string): Promise<UserAccount[]> {
    if (holdsNul(name)) return [];
    return this.where('account.ldapUsers @> CAST(:probe AS jsonb)', { lab, probe: JSON.stringify([{ name }]) });
  }

  async withRole(lab: LabId, roleId: string): Promise<UserAccount[]> {
    if (holdsNul(roleId)) return [];
    return this.where('account.roleIds @> CAST(:probe AS jsonb)', { lab, probe: JSON.stringify([roleId]) });
  }

  private async where(condition: string, parameters: { lab: LabId; probe: string }): Promise<UserAccount[]> {
    const records = await this.records(UserRecord)
      .createQueryBuilder('account')
      .where('account.labId = :lab', parameters)
      .andWhere(condition, parameters)
      .orderBy('account.ordinal', 'ASC')
      .getMany();
    return records.map(UserMapper.toDomain);
  }

  async save(user: UserAccount): Promise<void> {
    const record = UserMapper.toRecord(user);
    try {
      if (user.version === 0) {
        await this.records(UserRecord).insert(record);
        return;
      }
      const { labId, id, ...changes } = record;
      const result = await this.records(UserRecord).update({ labId, id, version: user.version }, changes);
      if (result.affected !== 1) throw new StaleVersionError('User', user.id);
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'identity_user_local_username_key') {
        throw DomainError.conflict(
          'USERNAME_TAKEN',
          `the login name '${user.localUsername}' is already used by another user`,
        );
      }
      if (constraint !== undefined) throw new StaleVersionError('User', user.id);
      throw error;
    }
  }

  async remove(user: UserAccount): Promise<void> {
    const result = await this.records(UserRecord).delete({ labId: user.lab, id: user.id, version: user.version });
    if (result.affected !== 1) throw new StaleVersionError('User', user.id);
  }
}
