import { injectable } from 'inversify';
import { DomainError, StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { Role } from '../../domain/Role.js';
import { RoleRepository } from '../../domain/RoleRepository.js';

@injectable()
export class InMemoryRoleRepository extends RoleRepository {
  private readonly byLab = new Map<LabId, Map<string, Role>>();

  private lab(lab: LabId): Map<string, Role> {
    let roles = this.byLab.get(lab);
    if (!roles) this.byLab.set(lab, (roles = new Map()));
    return roles;
  }

  async list(lab: LabId): Promise<Role[]> {
    return [...this.lab(lab).values()];
  }

  async byId(lab: LabId, id: string): Promise<Role | undefined> {
    return this.lab(lab).get(id);
  }

  async byDisplayName(lab: LabId, displayName: string): Promise<Role | undefined> {
    return [...this.lab(lab).values()].find((role) => role.displayName === displayName);
  }

  async add(role: Role): Promise<void> {
    const roles = this.lab(role.lab);
    if (role.version !== 0 || roles.has(role.id)) throw new StaleVersionError('Role', role.id);
    if ([...roles.values()].some((other) => other.displayName === role.displayName)) {
      throw DomainError.conflict('ROLE_DISPLAY_NAME_TAKEN', `a role named '${role.displayName}' already exists`);
    }
    roles.set(role.id, Role.restore(role.lab, role.id, role.displayName, role.permissions, 1));
  }

  async remove(role: Role): Promise<void> {
    const roles = this.lab(role.lab);
    if (roles.get(role.id)?.version !== role.version) throw new StaleVersionError('Role', role.id);
    roles.delete(role.id);
  }
}
