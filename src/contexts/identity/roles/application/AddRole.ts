import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { PermissionSet } from '../../../../shared/domain/Permission.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { BuiltInRoles } from '../domain/BuiltInRoles.js';
import { Role } from '../domain/Role.js';
import { RoleRepository } from '../domain/RoleRepository.js';

export interface AddRoleCommand {
  readonly id: string;
  readonly displayName: string;
  readonly permissions: PermissionSet;
}

/** Adds a custom role; ids and display names are unique among all roles of the lab, built-in ones included. */
@injectable()
export class AddRole {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(RoleRepository) private readonly roles: RoleRepository,
  ) {}

  execute(lab: LabId, command: AddRoleCommand): Promise<Role> {
    const role = Role.create(lab, command.id, command.displayName, command.permissions);
    return this.unitOfWork.write(lab, async () => {
      if (BuiltInRoles.find(lab, role.id) || (await this.roles.byId(lab, role.id))) {
        throw DomainError.conflict('ROLE_EXISTS', `a role with id '${role.id}' already exists`, [
          { field: 'id', rule: 'unique', message: `role id '${role.id}' is taken` },
        ]);
      }
      if (BuiltInRoles.find(lab, role.displayName) || (await this.roles.byDisplayName(lab, role.displayName))) {
        throw DomainError.conflict('ROLE_DISPLAY_NAME_TAKEN', `a role named '${role.displayName}' already exists`, [
          { field: 'displayName', rule: 'unique', message: `role display name '${role.displayName}' is taken` },
        ]);
      }
      await this.roles.add(role);
      return role;
    });
  }
}
