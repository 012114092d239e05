import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { PermissionSet } from '../../../../shared/domain/Permission.js';
import { BuiltInRoles } from '../domain/BuiltInRoles.js';
import type { Role } from '../domain/Role.js';
import { RoleRepository } from '../domain/RoleRepository.js';
import { unionOfPermissions } from '../domain/unionOfPermissions.js';

/** Finds roles by id among the built-in and custom ones; works inside the caller's unit of work. */
@injectable()
export class RolePermissions {
  constructor(@inject(RoleRepository) private readonly roles: RoleRepository) {}

  async role(lab: LabId, id: string): Promise<Role | undefined> {
    return BuiltInRoles.isBuiltIn(id) ? BuiltInRoles.find(lab, id) : this.roles.byId(lab, id);
  }

  /** The ids among `roleIds` that name no role. */
  async unknown(lab: LabId, roleIds: readonly string[]): Promise<string[]> {
    const unknown: string[] = [];
    for (const id of roleIds) if (!(await this.role(lab, id))) unknown.push(id);
    return unknown;
  }

  /** The union of the roles' permissions (ids naming no role grant nothing). */
  async permissionsOf(lab: LabId, roleIds: readonly string[]): Promise<PermissionSet> {
    const sets: PermissionSet[] = [];
    for (const id of roleIds) {
      const role = await this.role(lab, id);
      if (role) sets.push(role.permissions);
    }
    return unionOfPermissions(sets);
  }
}
