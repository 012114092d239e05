import { inject, injectable } from 'inversify';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { AddRole } from '../../application/AddRole.js';
import { ListRoles } from '../../application/ListRoles.js';
import { RemoveRole } from '../../application/RemoveRole.js';
import { RoleDto } from './RoleDto.js';
import { RoleView } from './RoleView.js';

@injectable()
export class RolesController {
  constructor(
    @inject(ListRoles) private readonly listRoles: ListRoles,
    @inject(AddRole) private readonly addRole: AddRole,
    @inject(RemoveRole) private readonly removeRole: RemoveRole,
  ) {}

  async get(request: OperationRequest): Promise<RoleView[]> {
    return (await this.listRoles.execute(request.lab)).map((role) => RoleView.of(role));
  }

  async add(request: OperationRequest): Promise<RoleView> {
    const dto = validateDto(RoleDto, request.body);
    const role = await this.addRole.execute(request.lab, {
      id: dto.id,
      displayName: dto.displayName ?? dto.id,
      permissions: { ...dto.permissions },
    });
    return RoleView.of(role);
  }

  async remove(request: OperationRequest): Promise<RoleView[]> {
    return (await this.removeRole.execute(request.lab, request.query.string('role'))).map((role) => RoleView.of(role));
  }
}
