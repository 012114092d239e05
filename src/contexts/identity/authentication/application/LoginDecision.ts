import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { AuthenticationError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LdapDirectory } from '../../directory/domain/LdapDirectory.js';
import type { LoginPolicy } from '../../policies/domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../../policies/domain/LoginPolicyRepository.js';
import { describeInstant } from '../../users/domain/describeInstant.js';
import { PasswordHasher } from '../../users/domain/PasswordHasher.js';
import type { UserAccount } from '../../users/domain/UserAccount.js';
import { UserRepository } from '../../users/domain/UserRepository.js';
import { findLoginUser } from './findLoginUser.js';

interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly retryAfterSeconds?: number;
}

/** What a login attempt comes to: the user let in (as stored after the attempt), or the error that refuses it. */
export type LoginVerdict =
  | { readonly admitted: UserAccount; readonly local: boolean; readonly policy: LoginPolicy }
  | {
      readonly refused: AuthenticationError;
      /** The user whose password was checked and the outcome recorded (its remembered logins are no longer good). */
      readonly recordedFor?: string;
    };

function secondsUntil(instant: Date, now: Date): number {
  return Math.max(1, Math.ceil((instant.getTime() - now.getTime()) / 1000));
}

/**
 * Whether a login attempt may pass, by the lab's login policy, in this order: unknown name (a dummy hash is
 * verified, so it costs what a known one does), disabled, blocked (refused even with the right password,
 * Retry-After until the block ends), too soon after a failure (refused without looking at the password,
 * Retry-After), the password itself (a failure is counted and may block), an expired password. A success resets
 * the failure count, records lastLogin and rehashes a hash weaker than the configured cost. The caller serialises
 * the attempts on one user, so parallel guesses cannot outrun the delays.
 */
@injectable()
export class LoginDecision {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(LoginPolicyRepository) private readonly loginPolicies: LoginPolicyRepository,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(LdapDirectory) private readonly directory: LdapDirectory,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  async decide(lab: LabId, username: string, password: string): Promise<LoginVerdict> {
    const { user, policy } = await this.unitOfWork.read(async () => ({
      user: await findLoginUser(this.users, lab, username),
      policy: await this.loginPolicies.get(lab),
    }));
    const now = this.clock.now();
    if (!user) {
      await this.hasher.verifyDummy(password);
      return { refused: this.refuse(policy, { code: 'INVALID_CREDENTIALS', message: 'wrong username or password' }) };
    }
    user.refresh(now, policy);
    if (user.state === 'DISABLED') {
      await this.hasher.verifyDummy(password);
      return { refused: this.refuse(policy, this.disabled(username)) };
    }
    if (user.state === 'BLOCKED') return { refused: this.refuse(policy, this.blocked(username, user, now)) };
    const next = user.nextAttemptAllowedAt(policy);
    if (next && now.getTime() < next.getTime()) {
      return {
        refused: this.refuse(policy, {
          code: 'LOGIN_DELAYED',
          retryAfterSeconds: secondsUntil(next, now),
          message: `after ${user.failedLogins} failed login(s), '${username}' may try again from ${describeInstant(next)}`,
        }),
      };
    }
    const verified = await this.verify(user, username, password);
    const rehash =
      verified.local && verified.ok && this.hasher.needsRehash(user.passwordHash!)
        ? await this.hasher.hash(password)
        : undefined;
    const outcome = await this.record(lab, user.id, username, policy, verified, rehash);
    if (outcome.refusal || !outcome.user)
      return { refused: this.refuse(policy, outcome.refusal!), recordedFor: user.id };
    return { admitted: outcome.user, local: verified.local, policy };
  }

  /**
   * The refusal of a login that passed a moment ago, when its user has been removed, blocked or disabled since
   * (undefined while it may still log in).
   */
  async revoked(
    lab: LabId,
    userId: string,
    username: string,
    policy: LoginPolicy,
  ): Promise<AuthenticationError | undefined> {
    const still = await this.unitOfWork.read(() => this.users.byId(lab, userId));
    if (still && still.state !== 'BLOCKED' && still.state !== 'DISABLED') return undefined;
    return this.refuse(
      policy,
      !still
        ? { code: 'INVALID_CREDENTIALS', message: 'wrong username or password' }
        : still.state === 'DISABLED'
          ? this.disabled(username)
          : this.blocked(username, still, this.clock.now()),
    );
  }

  /** Records the attempt on the user as stored now: a failure counted (it may block), or a success. */
  private record(
    lab: LabId,
    userId: string,
    username: string,
    policy: LoginPolicy,
    verified: { ok: boolean; local: boolean },
    rehash: string | undefined,
  ): Promise<{ refusal?: Refusal; user?: UserAccount }> {
    return this.unitOfWork.write(lab, async (): Promise<{ refusal?: Refusal; user?: UserAccount }> => {
      const current = await this.users.byId(lab, userId);
      if (!current) return { refusal: { code: 'INVALID_CREDENTIALS', message: 'wrong username or password' } };
      const at = this.clock.now();
      current.refresh(at, policy);
      let refusal: Refusal | undefined;
      if (current.state === 'DISABLED') refusal = this.disabled(username);
      else if (!verified.ok) {
        current.recordFailedLogin(at, policy);
        const delay = policy.delayAfter(current.failedLogins);
        refusal =
          current.state === 'BLOCKED'
            ? this.blocked(username, current, at)
            : {
                code: 'INVALID_CREDENTIALS',
                message: 'wrong username or password',
                ...(delay > 0 ? { retryAfterSeconds: delay } : {}),
              };
      } else if (current.state === 'BLOCKED') refusal = this.blocked(username, current, at);
      else if (current.state === 'PASSWORD_EXPIRED' && verified.local) {
        refusal = {
          code: 'PASSWORD_EXPIRED',
          message: `the password of '${username}' has expired; an administrator must set a new one (users/changePassword)`,
        };
      } else {
        current.recordSuccessfulLogin(at, verified.local ? 'local' : 'directory');
        if (rehash) current.rehash(rehash);
      }
      await this.users.save(current);
      await this.events.publish(current.pullEvents());
      return refusal ? { refusal } : { user: current };
    });
  }

  private async verify(
    user: UserAccount,
    username: string,
    password: string,
  ): Promise<{ ok: boolean; local: boolean }> {
    if (user.logsInLocallyAs(username))
      return { ok: await this.hasher.verify(password, user.passwordHash!), local: true };
    // A directory bind costs a round trip; spend what a local check costs so the two cannot be told apart.
    await this.hasher.verifyDummy(password);
    for (const link of user.directoryLoginsAs(username)) {
      if (await this.directory.verify(link.ldapAuthorityId, link.name, password)) return { ok: true, local: false };
    }
    return { ok: false, local: false };
  }

  private disabled(username: string): Refusal {
    return { code: 'USER_DISABLED', message: `user '${username}' is disabled` };
  }

  private blocked(username: string, user: UserAccount, now: Date): Refusal {
    const until = user.blockedUntil!;
    return {
      code: 'ACCOUNT_BLOCKED',
      retryAfterSeconds: secondsUntil(until, now),
      message: `user '${username}' is blocked after too many failed logins until ${describeInstant(until)}`,
    };
  }

  /** With showLoginFailureMessage off, every refusal reads the same (only Retry-After still tells when to retry). */
  private refuse(policy: LoginPolicy, refusal: Refusal): AuthenticationError {
    return policy.values.showLoginFailureMessage
      ? new AuthenticationError(refusal.code, refusal.message, refusal.retryAfterSeconds)
      : new AuthenticationError('AUTHENTICATION_FAILED', 'authentication failed', refusal.retryAfterSeconds);
  }
}
