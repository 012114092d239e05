import { constantTimeEquals } from '@gwsim/secret-hash';
import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError, StaleVersionError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { formatXzwo } from '../../../../shared/interface/http/WireDates.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LoginPolicyRepository } from '../../policies/domain/LoginPolicyRepository.js';
import { PasswordPolicyRepository } from '../../policies/domain/PasswordPolicyRepository.js';
import { PasswordHasher } from '../domain/PasswordHasher.js';
import type { PasswordChange } from '../domain/PasswordChange.js';
import type { UserAccount } from '../domain/UserAccount.js';
import { UserRepository } from '../domain/UserRepository.js';
import { findUser } from './findUser.js';

export interface ChangePasswordCommand {
  readonly user: string;
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly passwordChange: PasswordChange;
}

/**
 * Changes a user's local password. Refused when the last change is more recent than passwordUnchangeableMinutes
 * (409), when oldPassword is wrong (400), and when the new password breaks the password policy, equals the
 * current one or one of the maxObsoletePasswords earlier ones (400, every broken rule named). Hashing and
 * verification run outside the write unit; the write refuses a user changed meanwhile (409, retry).
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
      throw DomainError.invalid('NO_LOCAL_LOGIN', `user '${user.displayName}' logs in through a directory and has no local password`,
        [{ field: 'user', rule: 'loginLocally', message: 'the user has no local password' }]);
    }
    const changeableFrom = loginPolicy.changeableFrom(user.passwordChangedAt);
    if (now.getTime() < changeableFrom.getTime()) {
      throw DomainError.conflict('PASSWORD_CHANGED_TOO_RECENTLY',
        `the password of '${user.displayName}' cannot change again before ${formatXzwo(changeableFrom)} (passwordUnchangeableMinutes is ${loginPolicy.values.passwordUnchangeableMinutes})`,
        [{ field: 'newPassword', rule: 'passwordUnchangeableMinutes', message: `changeable from ${formatXzwo(changeableFrom)}` }]);
    }
    if (!(await this.hasher.verify(command.oldPassword, hash))) {
      throw DomainError.invalid('WRONG_OLD_PASSWORD', 'oldPassword is not the current password of the user',
        [{ field: 'oldPassword', rule: 'matchesCurrent', message: 'oldPassword is not the current password' }]);
    }
    const details: ErrorDetail[] = passwordPolicy.violations(command.newPassword, user.loginNames)
      .map((detail) => ({ ...detail, field: 'newPassword' }));
    // Compared as the hash sees them (NFC), so a decomposed spelling of the current password is the current password.
    if (constantTimeEquals(command.newPassword.normalize('NFC'), command.oldPassword.normalize('NFC'))) {
      details.push({ field: 'newPassword', rule: 'differentFromCurrent', message: 'the new password must differ from the current one' });
    } else {
      const remembered = loginPolicy.values.maxObsoletePasswords;
      for (const earlier of user.passwordHashesToAvoid(remembered).slice(1)) {
        if (await this.hasher.verify(command.newPassword, earlier)) {
          details.push({ field: 'newPassword', rule: 'maxObsoletePasswords', message: `the new password must not be one of the last ${remembered} passwords` });
          break;
        }
      }
    }
    if (details.length > 0) {
      throw DomainError.invalid('PASSWORD_POLICY_VIOLATED',
        `the new password is refused: ${details.map((d) => d.message).join('; ')}`, details);
    }
    const newHash = await this.hasher.hash(command.newPassword);
    return this.unitOfWork.write(lab, async () => {
      const current = await this.users.byId(lab, user.id);
      if (!current) throw DomainError.notFound('User', command.user);
      if (current.version !== user.version) throw new StaleVersionError('User', command.user);
      current.changePassword(newHash, this.clock.now(), command.passwordChange);
      await this.users.save(current);
      await this.events.publish(current.pullEvents());
      return current;
    });
  }
}
