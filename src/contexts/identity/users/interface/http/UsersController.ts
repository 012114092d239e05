import { inject, injectable } from 'inversify';
import { validateDto } from '../../../../../app/http/validateDto.js';
import type { OperationRequest } from '../../../../../app/http/Operation.js';
import { Reply } from '../../../../../app/http/Reply.js';
import { AddUser } from '../../application/AddUser.js';
import { ChangePassword } from '../../application/ChangePassword.js';
import { ListUsers } from '../../application/ListUsers.js';
import { RemoveUser } from '../../application/RemoveUser.js';
import { PASSWORD_CHANGE_VALUES } from '../../domain/PasswordChange.js';
import { AddUserDto } from './AddUserDto.js';
import { userView } from './userView.js';

@injectable()
export class UsersController {
  constructor(
    @inject(ListUsers) private readonly listUsers: ListUsers,
    @inject(AddUser) private readonly addUser: AddUser,
    @inject(RemoveUser) private readonly removeUser: RemoveUser,
    @inject(ChangePassword) private readonly changePassword: ChangePassword,
  ) {}

  async get(request: OperationRequest) {
    return (await this.listUsers.execute(request.lab)).map((user) => userView(user, request.dates));
  }

  async add(request: OperationRequest) {
    const dto = validateDto(AddUserDto, request.body);
    const localUsername = dto.localUsername ?? undefined;
    const ldapAuthentications = (dto.ldapAuthentications ?? []).map((link) => ({ name: link.name, ldapAuthorityId: link.ldapAuthorityId }));
    const user = await this.addUser.execute(request.lab, {
      displayName: dto.displayName ?? undefined,
      emailAddress: dto.emailAddress ?? undefined,
      enabled: dto.enabled ?? true,
      loginLocally: dto.loginLocally ?? localUsername !== undefined,
      localUsername,
      localPassword: dto.localPassword ?? undefined,
      ldapLogin: dto.ldapLogin ?? ldapAuthentications.length > 0,
      ldapAuthentications,
      passwordChange: dto.passwordChange ?? 'NOT_NECESSARY',
      roleIds: dto.roleIds ?? [],
    });
    return userView(user, request.dates);
  }

  /** The specification answers an empty 200 (the real product sends the removed user; the specification wins). */
  async remove(request: OperationRequest) {
    await this.removeUser.execute(request.lab, request.query.string('user'));
    return Reply.empty();
  }

  async changePasswordOf(request: OperationRequest) {
    const { query } = request;
    const user = await this.changePassword.execute(request.lab, {
      user: query.string('user'),
      oldPassword: query.string('oldPassword'),
      newPassword: query.string('newPassword'),
      passwordChange: query.optionalEnum('passwordChange', PASSWORD_CHANGE_VALUES) ?? 'NOT_NECESSARY',
    });
    return Reply.text(`Password of user '${user.localUsername ?? user.displayName}' changed`);
  }
}
