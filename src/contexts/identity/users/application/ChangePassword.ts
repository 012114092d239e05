import { constantTimeEquals } from '@gwsim/secret-hash';
import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError, StaleVersionError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { describeInstant } from '../domain/describeInstant.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { LoginPolicy } from '../../policies/domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../../policies/domain/LoginPolicyRepository.js';
import { PasswordPolicyRepository } from '../../policies/domain/PasswordPolicyRepository.js';
import { PasswordHasher } from '../domain/PasswordHasher.js';
import type { PasswordChange } from '../domain/PasswordChange.js';
import type { UserAccount } from '../domain/UserAccount.js';
import { UserRepository } from '../domain/UserRepository.js';
import { findUser } from './findUser.js';

export interface ChangePasswordCommand {
  readonly user: string;
  /** The current password; needed (and checked) only when users change their own password. */
  readonly oldPassword: string | undefined;
  readonly newPassword: string;
  readonly passwordChange: PasswordChange;
  /**
   * The id of the user asking (who holds user-management write access, as the operation requires). When it
   * names another user than `user`, this is an administrator's reset: no old password, no minimum age, and the
   * user's block and failed-login count are lifted. Omitted: treated as the user's own change.
   */
  readonly by?: string;
}

/**
 * Changes a user's local password. A user changing its own password is refused when the last change is more
 * recent than passwordUnchangeableMinutes (409) and when oldPassword is missing or wrong (400). An administrator
 * setting another user's password gives no old password (one sent is not looked at) and is not held by the
 * minimum age; the reset also lifts the user's block and resets its failed logins (the way back in for a
 * blocked user). Either way the new password must comply with the password policy and differ from the current
 * one and the maxObsoletePasswords earlier ones (400, every broken rule named). Hashing and verification run
 * outside the write unit; the write refuses a user changed meanwhile (409, retry).
 */
@injectable()
export class ChangePassword {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(PasswordPolicyRepository) private readonly passwordPolicies: PasswordPolicyRepository,
    @inject(LoginPolicyRepository) private readonly loginPolicies: LoginPolicyRepository,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute(lab: LabId, command: ChangePasswordCommand): Promise<UserAccount> {
    const { user, passwordPolicy, loginPolicy } = await this.unitOfWork.read(async () => ({
      user: await findUser(this.users, lab, command.user),
      passwordPolicy: await this.passwordPolicies.get(lab),
      loginPolicy: await this.loginPolicies.get(lab),
    }));
    const now = this.clock.now();
    const hash = user.passwordHash;
    if (!user.loginLocally || !hash || !user.passwordChangedAt) {
      throw DomainError.invalid(
        'NO_LOCAL_LOGIN',
        `user '${user.displayName}' logs in through a directory and has no local password`,
        [{ field: 'user', rule: 'loginLocally', message: 'the user has no local password' }],
      );
    }
    const reset = command.by !== undefined && command.by !== user.id;
    if (!reset) await this.checkOwnChange(user, command, loginPolicy, now, hash);
    const details: ErrorDetail[] = passwordPolicy
      .violations(command.newPassword, user.loginNames)
      .map((detail) => ({ ...detail, field: 'newPassword' }));
    const remembered = loginPolicy.values.maxObsoletePasswords;
    // Compared as the hash sees them (NFC), so a decomposed spelling of the current password is the current password;
    // an own change has the current password at hand (oldPassword, checked), a reset asks the hash.
    const sameAsCurrent = reset
      ? await this.hasher.verify(command.newPassword, hash)
      : constantTimeEquals(command.newPassword.normalize('NFC'), command.oldPassword!.normalize('NFC'));
    if (sameAsCurrent) {
      details.push({
        field: 'newPassword',
        rule: 'differentFromCurrent',
        message: 'the new password must differ from the current one',
      });
    } else {
      for (const earlier of user.passwordHashesToAvoid(remembered).slice(1)) {
        if (await this.hasher.verify(command.newPassword, earlier)) {
          details.push({
            field: 'newPassword',
            rule: 'maxObsoletePasswords',
            message: `the new password must not be one of the last ${remembered} passwords`,
          });
          break;
        }
      }
    }
    if (details.length > 0) {
      throw DomainError.invalid(
        'PASSWORD_POLICY_VIOLATED',
        `the new password is refused: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    const newHash = await this.hasher.hash(command.newPassword);
    return this.unitOfWork.write(lab, async () => {
      const current = await this.users.byId(lab, user.id);
      if (!current) throw DomainError.notFound('User', command.user);
      if (current.version !== user.version) throw new StaleVersionError('User', command.user);
      const at = this.clock.now();
      current.changePassword(newHash, at, command.passwordChange);
      if (reset) current.unblock(at);
      await this.users.save(current);
      await this.events.publish(current.pullEvents());
      return current;
    });
  }

  /** A user's own change: the minimum age holds, and the current password must be given. */
  private async checkOwnChange(
    user: UserAccount,
    command: ChangePasswordCommand,
    loginPolicy: LoginPolicy,
    now: Date,
    hash: string,
  ): Promise<void> {
    const changeableFrom = loginPolicy.changeableFrom(user.passwordChangedAt!);
    if (now.getTime() < changeableFrom.getTime()) {
      throw DomainError.conflict(
        'PASSWORD_CHANGED_TOO_RECENTLY',
        `the password of '${user.displayName}' cannot change again before ${describeInstant(changeableFrom)} (passwordUnchangeableMinutes is ${loginPolicy.values.passwordUnchangeableMinutes})`,
        [
          {
            field: 'newPassword',
            rule: 'passwordUnchangeableMinutes',
            message: `changeable from ${describeInstant(changeableFrom)}`,
          },
        ],
      );
    }
    if (command.oldPassword === undefined || command.oldPassword === '') {
      throw DomainError.invalid('VALIDATION_FAILED', 'oldPassword is required to change your own password', [
        { field: 'oldPassword', rule: 'required', message: 'oldPassword is required to change your own password' },
      ]);
    }
    if (!(await this.hasher.verify(command.oldPassword, hash))) {
      throw DomainError.invalid('WRONG_OLD_PASSWORD', 'oldPassword is not the current password of the user', [
        { field: 'oldPassword', rule: 'matchesCurrent', message: 'oldPassword is not the current password' },
      ]);
    }
  }
}
