import { inject, injectable, optional } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { AuthenticationError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Principal } from '../../../../shared/domain/Principal.js';
import { describeInstant } from '../../users/domain/describeInstant.js';
import { Authenticator, type AuthenticatedSession } from '../../../../shared/application/Authenticator.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { GWSIM_METRICS, Metrics, type CounterHandle } from '../../../../shared/application/Metrics.js';
import { LdapDirectory } from '../../directory/domain/LdapDirectory.js';
import { IdentitySettings } from '../../IdentitySettings.js';
import type { LoginPolicy } from '../../policies/domain/LoginPolicy.js';
import { LoginPolicyRepository } from '../../policies/domain/LoginPolicyRepository.js';
import { RolePermissions } from '../../roles/application/RolePermissions.js';
import { PasswordHasher } from '../../users/domain/PasswordHasher.js';
import type { UserAccount } from '../../users/domain/UserAccount.js';
import { UserRepository } from '../../users/domain/UserRepository.js';
import { IdentitySnapshots } from '../../users/application/IdentitySnapshots.js';
import { isIdle } from '../domain/Session.js';
import { WallClock } from '../../../clock/index.js';
import { SessionRepository as SessionStore } from '../domain/SessionRepository.js';
import { VerifiedCredentials, type VerifiedLogin } from '../domain/VerifiedCredentials.js';
import { KeyedMutex } from './KeyedMutex.js';

interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly retryAfterSeconds?: number;
}

const SWEEP_INTERVAL_MS = 60_000;

function secondsUntil(instant: Date, now: Date): number {
  return Math.max(1, Math.ceil((instant.getTime() - now.getTime()) / 1000));
}

/**
 * The identity context's answer to "who is calling". Every login attempt goes through the lab's login
 * policy, in this order: unknown name (a dummy hash is verified, so it costs what a known one does), disabled,
 * blocked (refused even with the right password, Retry-After until the block ends), too soon after a failure
 * (refused without looking at the password, Retry-After), the password itself (a failure is counted and may
 * block), an expired password. A success resets the failure count, records lastLogin and opens a session.
 * Attempts on one login name are serialised in the process, so parallel guesses cannot outrun the delays.
 * Sessions live in memory with the principal they were opened with; resuming one touches no store, and the
 * sessions of a user end at once when it is removed, disabled or blocked (EndSessionsOn… subscribers).
 */
@injectable()
export class IdentityAuthenticator extends Authenticator {
  private readonly gate = new KeyedMutex();
  private readonly userGate = new KeyedMutex();
  private lastSweep = 0;
  private readonly logins: CounterHandle | undefined;
  private readonly failedLogins: CounterHandle | undefined;

  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(LoginPolicyRepository) private readonly loginPolicies: LoginPolicyRepository,
    @inject(RolePermissions) private readonly roles: RolePermissions,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(LdapDirectory) private readonly directory: LdapDirectory,
    @inject(SessionStore) private readonly sessions: SessionStore,
    @inject(Clock) private readonly clock: Clock,
    /** Sessions and remembered credentials age on the wall clock: a lab clock moved forward signs nobody out. */
    @inject(WallClock) private readonly wall: WallClock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(EventBus) private readonly events: EventBus,
    @inject(IdentitySettings) private readonly settings: IdentitySettings,
    @inject(IdentitySnapshots) private readonly snapshots: IdentitySnapshots,
    @inject(VerifiedCredentials) private readonly credentials: VerifiedCredentials,
    @inject(Metrics) @optional() metrics?: Metrics,
  ) {
    super();
    this.logins = metrics?.counter(GWSIM_METRICS.logins);
    this.failedLogins = metrics?.counter(GWSIM_METRICS.failedLogins);
  }

  private get idleMs(): number {
    return this.settings.sessionIdleMinutes * 60_000;
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
    const remembered = this.credentials.find(lab, username, password, this.wall.now());
    if (remembered) {
      const reused = await this.reuse(lab, remembered);
      if (reused) return reused;
      this.credentials.forgetUser(lab, remembered.userId);
    }
    return this.gate.runExclusive(`${lab}\u0000${username}`, async () => {
      // Requests that waited here behind the login that verified these very credentials reuse its session: a
      // burst of parallel requests with Basic credentials costs one key derivation and one write, not one each.
      const verifiedMeanwhile = remembered ? undefined : this.credentials.find(lab, username, password, this.wall.now());
      if (verifiedMeanwhile) {
        const reused = await this.reuse(lab, verifiedMeanwhile);
        if (reused) return reused;
      }
      const user = await this.unitOfWork.read(() => this.findLoginUser(lab, username));
      if (!user) return this.attempt(lab, username, password);
      return this.userGate.runExclusive(`${lab}\u0000${user.id}`, () => this.attempt(lab, username, password));
    });
  }

  /**
   * Answers from memory. The session's user is looked up in the identity state held in memory (current as of the
   * lab's last write in any process: on a server that costs one revision read), so a user removed, blocked or
   * disabled, or whose password changed, through another process loses its sessions here too (in this process the
   * events end them at once).
   */
  async resume(lab: LabId, sessionId: string): Promise<Principal | undefined> {
    const session = this.sessions.get(sessionId);
    if (!session || session.lab !== lab) return undefined;
    const now = this.wall.now();
    if (isIdle(session, now, this.idleMs)) {
      this.sessions.remove(sessionId);
      return undefined;
    }
    const user = (await this.snapshots.of(lab)).usersById.get(session.userId);
    if (!user || user.state === 'BLOCKED' || user.state === 'DISABLED'
      || user.passwordHash !== session.passwordHash) {
      this.sessions.remove(sessionId);
      return undefined;
    }
    this.sessions.touch(sessionId, now);
    return session.principal;
  }

  override async vouched(lab: LabId, userId: string, username: string): Promise<Principal | undefined> {
    const snapshot = await this.snapshots.of(lab);
    const stored = snapshot.usersById.get(userId);
    if (!stored) return undefined;
    const user = stored.at(this.clock.now(), snapshot.loginPolicy);
    if (user.state === 'BLOCKED' || user.state === 'DISABLED') return undefined;
    return this.unitOfWork.read(() => this.principalOf(user, username));
  }

  /**
   * A login with credentials that passed a moment ago (VerifiedCredentials): answered with the session that login
   * opened, without a key derivation or a write, while the user as currently stored still lets it in with no failed
   * attempt since (any failure, block, disabling, password change or removal sends it down the full path again).
   */
  private async reuse(lab: LabId, login: VerifiedLogin): Promise<AuthenticatedSession | undefined> {
    const snapshot = await this.snapshots.of(lab);
    const stored = snapshot.usersById.get(login.userId);
    if (!stored) return undefined;
    const now = this.clock.now();
    const user = stored.at(now, snapshot.loginPolicy);
    const wallNow = this.wall.now();
    const admitted = user.state === 'ACTIVE' || (!login.local && user.state === 'PASSWORD_EXPIRED');
    if (!admitted || user.failedLogins > 0 || (login.local && user.passwordHash !== login.passwordHash)) return undefined;
    const session = this.sessions.get(login.sessionId);
    if (!session || session.lab !== lab || session.userId !== user.id || isIdle(session, wallNow, this.idleMs)) return undefined;
    this.sessions.touch(session.id, wallNow);
    return { principal: session.principal, sessionId: session.id };
  }

  override async openSession(lab: LabId, username: string): Promise<AuthenticatedSession> {
    const user = await this.unitOfWork.read(() => this.findLoginUser(lab, username));
    if (!user || user.state === 'BLOCKED' || user.state === 'DISABLED') {
      throw new AuthenticationError('INVALID_CREDENTIALS', `user '${username}' of lab '${lab}' does not exist or cannot log in (blocked or disabled)`);
    }
    const principal = await this.unitOfWork.read(() => this.principalOf(user, username));
    const at = this.wall.now();
    this.sweep(at);
    const sessionId = this.ids.token();
    this.sessions.add({ id: sessionId, lab, userId: principal.userId, username, principal, createdAt: at, lastSeenAt: at, passwordHash: user.passwordHash });
    return { principal, sessionId };
  }

  endAllSessions(): void {
    this.credentials.clear();
    this.sessions.clear();
  }

  private async attempt(lab: LabId, username: string, password: string): Promise<AuthenticatedSession> {
    const { user, policy } = await this.unitOfWork.read(async () => ({
      user: await this.findLoginUser(lab, username),
      policy: await this.loginPolicies.get(lab),
    }));
    const now = this.clock.now();
    if (!user) {
      await this.hasher.verifyDummy(password);
      throw this.refuse(policy, { code: 'INVALID_CREDENTIALS', message: 'wrong username or password' });
    }
    user.refresh(now, policy);
    if (user.state === 'DISABLED') {
      await this.hasher.verifyDummy(password);
      throw this.refuse(policy, this.disabled(username));
    }
    if (user.state === 'BLOCKED') throw this.refuse(policy, this.blocked(username, user, now));
    const next = user.nextAttemptAllowedAt(policy);
    if (next && now.getTime() < next.getTime()) {
      throw this.refuse(policy, {
        code: 'LOGIN_DELAYED', retryAfterSeconds: secondsUntil(next, now),
        message: `after ${user.failedLogins} failed login(s), '${username}' may try again from ${describeInstant(next)}`,
      });
    }
    const verified = await this.verify(user, username, password);
    const rehash = verified.local && verified.ok && this.hasher.needsRehash(user.passwordHash!) ? await this.hasher.hash(password) : undefined;

    const outcome = await this.unitOfWork.write(lab, async (): Promise<{ refusal?: Refusal; user?: UserAccount }> => {
      const current = await this.users.byId(lab, user.id);
      if (!current) return { refusal: { code: 'INVALID_CREDENTIALS', message: 'wrong username or password' } };
      const at = this.clock.now();
      current.refresh(at, policy);
      let refusal: Refusal | undefined;
      if (current.state === 'DISABLED') refusal = this.disabled(username);
      else if (!verified.ok) {
        current.recordFailedLogin(at, policy);
        const delay = policy.delayAfter(current.failedLogins);
        refusal = current.state === 'BLOCKED' ? this.blocked(username, current, at)
          : { code: 'INVALID_CREDENTIALS', message: 'wrong username or password', ...(delay > 0 ? { retryAfterSeconds: delay } : {}) };
      } else if (current.state === 'BLOCKED') refusal = this.blocked(username, current, at);
      else if (current.state === 'PASSWORD_EXPIRED' && verified.local) {
        refusal = { code: 'PASSWORD_EXPIRED', message: `the password of '${username}' has expired; an administrator must set a new one (users/changePassword)` };
      } else {
        current.recordSuccessfulLogin(at, verified.local ? 'local' : 'directory');
        if (rehash) current.rehash(rehash);
      }
      await this.users.save(current);
      await this.events.publish(current.pullEvents());
      return refusal ? { refusal } : { user: current };
    });
    if (outcome.refusal || !outcome.user) {
      this.credentials.forgetUser(lab, user.id);
      throw this.refuse(policy, outcome.refusal!);
    }

    const principal = await this.unitOfWork.read(() => this.principalOf(outcome.user!, username));
    const at = this.wall.now();
    this.sweep(at);
    const sessionId = this.ids.token();
    this.sessions.add({ id: sessionId, lab, userId: principal.userId, username, principal, createdAt: at, lastSeenAt: at, passwordHash: outcome.user.passwordHash });
    // The user may have been removed, blocked or disabled since the success was recorded, and the event that ends
    // its sessions may have come before this one existed: look again now that it does.
    const still = await this.unitOfWork.read(() => this.users.byId(lab, principal.userId));
    if (!still || still.state === 'BLOCKED' || still.state === 'DISABLED') {
      this.sessions.remove(sessionId);
      throw this.refuse(policy, !still ? { code: 'INVALID_CREDENTIALS', message: 'wrong username or password' }
        : still.state === 'DISABLED' ? this.disabled(username) : this.blocked(username, still, this.clock.now()));
    }
    this.credentials.remember(lab, username, password, {
      userId: principal.userId, passwordHash: verified.local ? outcome.user.passwordHash : undefined, local: verified.local, principal, sessionId,
    }, this.wall.now());
    this.logins?.inc();
    return { principal, sessionId };
  }

  /** The user that may log in with `name`: by local username, else by a directory login name. */
  private async findLoginUser(lab: LabId, name: string): Promise<UserAccount | undefined> {
    const local = await this.users.byLocalUsername(lab, name);
    if (local?.logsInLocallyAs(name)) return local;
    return (await this.users.byDirectoryName(lab, name)).find((user) => user.directoryLoginsAs(name).length > 0);
  }

  private async verify(user: UserAccount, username: string, password: string): Promise<{ ok: boolean; local: boolean }> {
    if (user.logsInLocallyAs(username)) return { ok: await this.hasher.verify(password, user.passwordHash!), local: true };
    // A directory bind costs a round trip; spend what a local check costs so the two cannot be told apart.
    await this.hasher.verifyDummy(password);
    for (const link of user.directoryLoginsAs(username)) {
      if (await this.directory.verify(link.ldapAuthorityId, link.name, password)) return { ok: true, local: false };
    }
    return { ok: false, local: false };
  }

  private async principalOf(user: UserAccount, username: string): Promise<Principal> {
    return { lab: user.lab, userId: user.id, username, permissions: await this.roles.permissionsOf(user.lab, user.roleIds) };
  }

  private disabled(username: string): Refusal {
    return { code: 'USER_DISABLED', message: `user '${username}' is disabled` };
  }

  private blocked(username: string, user: UserAccount, now: Date): Refusal {
    const until = user.blockedUntil!;
    return {
      code: 'ACCOUNT_BLOCKED', retryAfterSeconds: secondsUntil(until, now),
      message: `user '${username}' is blocked after too many failed logins until ${describeInstant(until)}`,
    };
  }

  /** With showLoginFailureMessage off, every refusal reads the same (only Retry-After still tells when to retry). */
  private refuse(policy: LoginPolicy, refusal: Refusal): AuthenticationError {
    return policy.values.showLoginFailureMessage
      ? new AuthenticationError(refusal.code, refusal.message, refusal.retryAfterSeconds)
      : new AuthenticationError('AUTHENTICATION_FAILED', 'authentication failed', refusal.retryAfterSeconds);
  }

  private sweep(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now.getTime();
    this.sessions.removeIdleSince(new Date(now.getTime() - this.idleMs));
  }
}
