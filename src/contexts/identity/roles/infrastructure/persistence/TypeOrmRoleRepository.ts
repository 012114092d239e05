import { injectable } from 'inversify';
import { DomainError, StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import { holdsNul } from '../../../users/infrastructure/persistence/holdsNul.js';
import { uniqueViolation } from '../../../users/infrastructure/persistence/uniqueViolation.js';
import type { Role } from '../../domain/Role.js';
import { RoleRepository } from '../../domain/RoleRepository.js';
import { RoleMapper } from './RoleMapper.js';
import { RoleRecord } from './RoleRecord.js';

@injectable()
export class TypeOrmRoleRepository extends TypeOrmRepository implements RoleRepository {
  async list(lab: LabId): Promise<Role[]> {
    const records = await this.records(RoleRecord).find({ where: { labId: lab }, order: { ordinal: 'ASC' } });
    return records.map(RoleMapper.toDomain);
  }

  async byId(lab: LabId, id: string): Promise<Role | undefined> {
    if (holdsNul(id)) return undefined;
    const record = await this.records(RoleRecord).findOneBy({ labId: lab, id });
    return record ? RoleMapper.toDomain(record) : undefined;
  }

  async byDisplayName(lab: LabId, displayName: string): Promise<Role | undefined> {
    if (holdsNul(displayName)) return undefined;
    const record = await this.records(RoleRecord).findOneBy({ labId: lab, displayName });
    return record ? RoleMapper.toDomain(record) : undefined;
  }

  async add(role: Role): Promise<void> {
    if (role.version !== 0) throw new StaleVersionError('Role', role.id);
    try {
      await this.records(RoleRecord).insert(RoleMapper.toRecord(role));
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'identity_role_display_name_key') {
        throw DomainError.conflict('ROLE_DISPLAY_NAME_TAKEN', `a role named '${role.displayName}' already exists`);
      }
      if (constraint !== undefined) throw new StaleVersionError('Role', role.id);
      throw error;
    }
  }

  async remove(role: Role): Promise<void> {
    const result = await this.records(RoleRecord).delete({ labId: role.lab, id: role.id, version: role.version });
    if (result.affected !== 1) throw new StaleVersionError('Role', role.id);
  }
}
