import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { Clock } from '../../../../shared/domain/Clock.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { UserRepository } from '../../users/domain/UserRepository.js';
import { BuiltInRoles } from '../domain/BuiltInRoles.js';
import type { Role } from '../domain/Role.js';
import type { RoleRemoved } from '../domain/RoleEvents.js';
import { RoleRepository } from '../domain/RoleRepository.js';

/**
 * Removes a custom role named by id or display name and answers the roles that remain. Built-in roles and
 * roles still held by a user cannot be removed (409, naming the users). Publishes RoleRemoved.
 */
@injectable()
export class RemoveRole {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(RoleRepository) private readonly roles: RoleRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  execute(lab: LabId, key: string): Promise<Role[]> {
    return this.unitOfWork.write(lab, async () => {
      const builtIn = BuiltInRoles.find(lab, key);
      if (builtIn)
        throw DomainError.conflict('BUILT_IN_ROLE', `role '${builtIn.id}' is built in and cannot be removed`);
      const role = (await this.roles.byId(lab, key)) ?? (await this.roles.byDisplayName(lab, key));
      if (!role) throw DomainError.notFound('Role', key);
      const holders = await this.users.withRole(lab, role.id);
      if (holders.length > 0) {
        const names = holders.map((user) => user.localUsername ?? user.displayName);
        throw DomainError.conflict(
          'ROLE_IN_USE',
          `role '${role.id}' is still assigned to ${names.map((n) => `'${n}'`).join(', ')} (remove those users first)`,
          holders.map((user) => ({
            field: 'role',
            rule: 'assigned',
            message: `assigned to user '${user.localUsername ?? user.displayName}' (id ${user.id})`,
          })),
        );
      }
      await this.roles.remove(role);
      const removed: RoleRemoved = { name: 'RoleRemoved', lab, occurredAt: this.clock.now(), roleId: role.id };
      await this.events.publish([removed]);
      return this.roles.list(lab);
    });
  }
}
