import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { QueryParams } from '../../../../../shared/interface/http/QueryParams.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { SerializedAnswers } from '../../../../../shared/interface/http/SerializedAnswers.js';
import type { DateFormat } from '../../../../../shared/interface/http/WireDates.js';
import type { UserAccount } from '../../domain/UserAccount.js';
import { AddUser } from '../../application/AddUser.js';
import { ChangePassword } from '../../application/ChangePassword.js';
import { ListUsers } from '../../application/ListUsers.js';
import { RemoveUser } from '../../application/RemoveUser.js';
import { PASSWORD_CHANGE_VALUES } from '../../domain/PasswordChange.js';
import { AddUserDto } from './AddUserDto.js';
import { UserView } from './UserView.js';

/** A password query parameter exactly as sent: only a missing or empty one is refused (blanks are characters of it). */
function passwordParameter(query: QueryParams, name: string): string {
  const value = query.optionalString(name);
  if (value === undefined || value === '') {
    throw DomainError.invalid('INVALID_QUERY_PARAMETER', `query parameter '${name}' is required`, [
      { field: name, message: 'is required' },
    ]);
  }
  return value;
}

@injectable()
export class UsersController {
  private readonly views = new SerializedAnswers<readonly UserAccount[], DateFormat>();

  constructor(
    @inject(ListUsers) private readonly listUsers: ListUsers,
    @inject(AddUser) private readonly addUser: AddUser,
    @inject(RemoveUser) private readonly removeUser: RemoveUser,
    @inject(ChangePassword) private readonly changePassword: ChangePassword,
  ) {}

  /** UserView of every user, serialised once per list of users and date format (see SerializedAnswers). */
  async get(request: OperationRequest): Promise<Reply> {
    const users = await this.listUsers.execute(request.lab);
    return this.views.reply(users, request.dates.format, () => users.map((user) => UserView.of(user, request.dates)));
  }

  async add(request: OperationRequest): Promise<UserView> {
    const dto = validateDto(AddUserDto, request.body);
    const localUsername = dto.localUsername ?? undefined;
    const ldapAuthentications = (dto.ldapAuthentications ?? []).map((link) => ({
      name: link.name,
      ldapAuthorityId: link.ldapAuthorityId,
    }));
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
    return UserView.of(user, request.dates);
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
      oldPassword: query.optionalString('oldPassword'),
      newPassword: passwordParameter(query, 'newPassword'),
      passwordChange: query.optionalEnum('passwordChange', PASSWORD_CHANGE_VALUES) ?? 'NOT_NECESSARY',
      by: request.principal.userId,
    });
    return Reply.text(`Password of user '${user.localUsername ?? user.displayName}' changed`);
  }
}
