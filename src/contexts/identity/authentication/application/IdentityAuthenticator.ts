import { inject, injectable, optional } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { AuthenticationError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Principal } from '../../../../shared/domain/Principal.js';
import { Authenticator, type AuthenticatedSession } from '../../../../shared/application/Authenticator.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { GWSIM_METRICS, Metrics, type CounterHandle } from '../../../../shared/application/Metrics.js';
import { RolePermissions } from '../../roles/application/RolePermissions.js';
import type { UserAccount } from '../../users/domain/UserAccount.js';
import { UserRepository } from '../../users/domain/UserRepository.js';
import { IdentitySnapshots } from '../../users/application/IdentitySnapshots.js';
import { findLoginUser } from './findLoginUser.js';
import { KeyedMutex } from './KeyedMutex.js';
import { LoginDecision } from './LoginDecision.js';
import { LoginSessions } from './LoginSessions.js';
import { RememberedLogins } from './RememberedLogins.js';

/**
 * The identity context's answer to "who is calling". A login is answered from a login that passed a moment ago
 * with the same credentials (RememberedLogins), else decided by the lab's login policy (LoginDecision) and, when it
 * passes, given a session (LoginSessions) and remembered. Attempts on one login name are serialised in the
 * process, then those on one user, so parallel guesses cannot outrun the delays.
 */
@injectable()
export class IdentityAuthenticator extends Authenticator {
  private readonly gate = new KeyedMutex();
  private readonly userGate = new KeyedMutex();
  private readonly logins: CounterHandle | undefined;
  private readonly failedLogins: CounterHandle | undefined;

  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(RolePermissions) private readonly roles: RolePermissions,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdentitySnapshots) private readonly snapshots: IdentitySnapshots,
    @inject(LoginDecision) private readonly decision: LoginDecision,
    @inject(LoginSessions) private readonly sessions: LoginSessions,
    @inject(RememberedLogins) private readonly remembered: RememberedLogins,
    @inject(Metrics) @optional() metrics?: Metrics,
  ) {
    super();
    this.logins = metrics?.counter(GWSIM_METRICS.logins);
    this.failedLogins = metrics?.counter(GWSIM_METRICS.failedLogins);
  }

  /**
   * Serialised per login name, then per user: a user known by several names (local and directory ones) has one
   * queue, so guesses sent in parallel under its different names cannot slip past the delays together.
   */
  async login(lab: LabId, username: string, password: string): Promise<AuthenticatedSession> {
    try {
      return await this.loginOnce(lab, username, password);
    } catch (error) {
      if (error instanceof AuthenticationError) this.failedLogins?.inc({ code: error.code });
      throw error;
    }
  }

  private async loginOnce(lab: LabId, username: string, password: string): Promise<AuthenticatedSession> {
    const remembered = this.remembered.recall(lab, username, password);
    if (remembered) {
      const reused = await this.remembered.reuse(lab, remembered);
      if (reused) return reused;
      this.remembered.forget(lab, remembered.userId);
    }
    return this.gate.runExclusive(`${lab}\u0000${username}`, async () => {
      // Requests that waited here behind the login that verified these very credentials reuse its session: a
      // burst of parallel requests with Basic credentials costs one key derivation and one write, not one each.
      const verifiedMeanwhile = remembered ? undefined : this.remembered.recall(lab, username, password);
      if (verifiedMeanwhile) {
        const reused = await this.remembered.reuse(lab, verifiedMeanwhile);
        if (reused) return reused;
      }
      const user = await this.unitOfWork.read(() => findLoginUser(this.users, lab, username));
      if (!user) return this.attempt(lab, username, password);
      return this.userGate.runExclusive(`${lab}\u0000${user.id}`, () => this.attempt(lab, username, password));
    });
  }

  resume(lab: LabId, sessionId: string): Promise<Principal | undefined> {
    return this.sessions.resume(lab, sessionId);
  }

  override async vouched(lab: LabId, userId: string, username: string): Promise<Principal | undefined> {
    const snapshot = await this.snapshots.of(lab);
    const stored = snapshot.usersById.get(userId);
    if (!stored) return undefined;
    const user = stored.at(this.clock.now(), snapshot.loginPolicy);
    if (user.state === 'BLOCKED' || user.state === 'DISABLED') return undefined;
    return this.unitOfWork.read(() => this.principalOf(user, username));
  }

  override async openSession(lab: LabId, username: string): Promise<AuthenticatedSession> {
    const user = await this.unitOfWork.read(() => findLoginUser(this.users, lab, username));
    if (!user || user.state === 'BLOCKED' || user.state === 'DISABLED') {
      throw new AuthenticationError(
        'INVALID_CREDENTIALS',
        `user '${username}' of lab '${lab}' does not exist or cannot log in (blocked or disabled)`,
      );
    }
    const principal = await this.unitOfWork.read(() => this.principalOf(user, username));
    const sessionId = this.sessions.open(lab, username, principal, user.passwordHash);
    return { principal, sessionId };
  }

  endAllSessions(): void {
    this.remembered.clear();
    this.sessions.endAll();
  }

  /** A login decided by the policy; one that passes opens a session and is remembered. */
  private async attempt(lab: LabId, username: string, password: string): Promise<AuthenticatedSession> {
    const verdict = await this.decision.decide(lab, username, password);
    if ('refused' in verdict) {
      if (verdict.recordedFor !== undefined) this.remembered.forget(lab, verdict.recordedFor);
      throw verdict.refused;
    }
    const { admitted: user, local, policy } = verdict;
    const principal = await this.unitOfWork.read(() => this.principalOf(user, username));
    const sessionId = this.sessions.open(lab, username, principal, user.passwordHash);
    // The user may have been removed, blocked or disabled since the success was recorded, and the event that ends
    // its sessions may have come before this one existed: look again now that it does.
    const revoked = await this.decision.revoked(lab, principal.userId, username, policy);
    if (revoked) {
      this.sessions.end(sessionId);
      throw revoked;
    }
    this.remembered.remember(lab, username, password, {
      userId: principal.userId,
      passwordHash: local ? user.passwordHash : undefined,
      local,
      principal,
      sessionId,
    });
    this.logins?.inc();
    return { principal, sessionId };
  }

  private async principalOf(user: UserAccount, username: string): Promise<Principal> {
    return {
      lab: user.lab,
      userId: user.id,
      username,
      permissions: await this.roles.permissionsOf(user.lab, user.roleIds),
    };
  }
}
