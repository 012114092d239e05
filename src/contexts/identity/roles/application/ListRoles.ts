import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { Role } from '../domain/Role.js';
import { RoleRepository } from '../domain/RoleRepository.js';

/** The lab's custom roles, in the order they were added. */
@injectable()
export class ListRoles {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(RoleRepository) private readonly roles: RoleRepository,
  ) {}

  execute(lab: LabId): Promise<Role[]> {
    return this.unitOfWork.read(() => this.roles.list(lab));
  }
}
