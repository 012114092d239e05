import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LdapDirectory } from '../../directory/domain/LdapDirectory.js';
import { PasswordPolicyRepository } from '../../policies/domain/PasswordPolicyRepository.js';
import { RolePermissions } from '../../roles/application/RolePermissions.js';
import { PasswordHasher } from '../domain/PasswordHasher.js';
import type { PasswordChange } from '../domain/PasswordChange.js';
import type { LdapLink } from '../domain/LdapLink.js';
import type { NewUser } from '../domain/NewUser.js';
import { UserAccount } from '../domain/UserAccount.js';
import { UserRepository } from '../domain/UserRepository.js';

export interface AddUserCommand {
  readonly displayName: string | undefined;
  readonly emailAddress: string | undefined;
  readonly enabled: boolean;
  readonly loginLocally: boolean;
  readonly localUsername: string | undefined;
  readonly localPassword: string | undefined;
  readonly ldapLogin: boolean;
  readonly ldapAuthentications: readonly LdapLink[];
  readonly passwordChange: PasswordChange;
  readonly roleIds: readonly string[];
}

/**
 * Creates a user. Checks, in this order: the shape (400), the password against the password policy (400,
 * every broken rule), the roles and directory authorities it names (404), that none of its login names is
 * taken (409). The password is hashed outside the write unit, then everything is checked again inside it.
 */
@injectable()
export class AddUser {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(PasswordPolicyRepository) private readonly passwordPolicies: PasswordPolicyRepository,
    @inject(RolePermissions) private readonly roles: RolePermissions,
    @inject(LdapDirectory) private readonly directory: LdapDirectory,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute(lab: LabId, command: AddUserCommand): Promise<UserAccount> {
    const draft = this.draft(command);
    // Fails fast on the shape before any hashing work (a stand-in hash: the password itself is checked below).
    UserAccount.create(
      lab,
      { ...draft, passwordHash: command.loginLocally ? 'not-hashed-yet' : undefined },
      this.clock.now(),
    );
    await this.unitOfWork.read(() => this.check(lab, command, draft));
    const passwordHash = command.loginLocally ? await this.hasher.hash(command.localPassword!) : undefined;
    return this.unitOfWork.write(lab, async () => {
      await this.check(lab, command, draft);
      const user = UserAccount.create(lab, { ...draft, passwordHash }, this.clock.now());
      await this.users.save(user);
      await this.events.publish(user.pullEvents());
      return user;
    });
  }

  private draft(command: AddUserCommand): NewUser {
    const roleIds = [...new Set(command.roleIds)];
    const displayName = command.displayName ?? command.localUsername ?? command.ldapAuthentications[0]?.name ?? '';
    return {
      id: this.ids.uuid(),
      displayName,
      emailAddress: command.emailAddress ?? '',
      enabled: command.enabled,
      loginLocally: command.loginLocally,
      localUsername: command.localUsername,
      passwordHash: undefined,
      passwordChange: command.passwordChange,
      ldapLogin: command.ldapLogin,
      ldapUsers: command.ldapAuthentications,
      roleIds,
    };
  }

  private async check(lab: LabId, command: AddUserCommand, draft: NewUser): Promise<void> {
    const loginNames = [
      ...new Set([
        ...(draft.localUsername !== undefined ? [draft.localUsername] : []),
        ...draft.ldapUsers.map((l) => l.name),
      ]),
    ];
    if (command.loginLocally) {
      if (command.localPassword === undefined || command.localPassword === '') {
        throw DomainError.invalid('VALIDATION_FAILED', 'localPassword is required when loginLocally is true', [
          { field: 'localPassword', rule: 'required', message: 'localPassword is required when loginLocally is true' },
        ]);
      }
      // The policy names its subject `password`; the request's field is `localPassword`.
      const details = (await this.passwordPolicies.get(lab))
        .violations(command.localPassword, loginNames)
        .map((detail) => ({ ...detail, field: 'localPassword' }));
      if (details.length > 0) {
        throw DomainError.invalid(
          'PASSWORD_POLICY_VIOLATED',
          `localPassword does not comply with the password policy: ${details.map((d) => d.message).join('; ')}`,
          details,
        );
      }
    }
    const unknownRoles = await this.roles.unknown(lab, draft.roleIds);
    if (unknownRoles.length > 0) {
      throw new DomainError(
        'ROLE_NOT_FOUND',
        'not_found',
        `no role has the id ${unknownRoles.map((id) => `'${id}'`).join(', ')}`,
        unknownRoles.map((id) => ({ field: 'roleIds', rule: 'exists', message: `role '${id}' does not exist` })),
      );
    }
    const unknownAuthorities = [...new Set(draft.ldapUsers.map((l) => l.ldapAuthorityId))].filter(
      (id) => !this.directory.authority(id),
    );
    if (unknownAuthorities.length > 0) {
      throw new DomainError(
        'LDAP_AUTHORITY_NOT_FOUND',
        'not_found',
        `no directory authority has the id ${unknownAuthorities.map((id) => `'${id}'`).join(', ')} (see users/ldapAuthorities/get)`,
        unknownAuthorities.map((id) => ({
          field: 'ldapAuthentications.ldapAuthorityId',
          rule: 'exists',
          message: `directory authority '${id}' does not exist`,
        })),
      );
    }
    for (const name of loginNames) {
      const taken = (await this.users.byLocalUsername(lab, name)) ?? (await this.users.byDirectoryName(lab, name))[0];
      if (taken) {
        throw DomainError.conflict('USERNAME_TAKEN', `the login name '${name}' is already used by another user`, [
          {
            field: name === draft.localUsername ? 'localUsername' : 'ldapAuthentications.name',
            rule: 'unique',
            message: `'${name}' is taken`,
          },
        ]);
      }
    }
  }
}
