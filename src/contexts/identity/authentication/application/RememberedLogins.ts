import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { AuthenticatedSession } from '../../../../shared/application/Authenticator.js';
import { WallClock } from '../../../clock/index.js';
import { IdentitySnapshots } from '../../users/application/IdentitySnapshots.js';
import { VerifiedCredentials, type VerifiedLogin } from '../domain/VerifiedCredentials.js';
import { LoginSessions } from './LoginSessions.js';

/**
 * Logins that passed a moment ago (VerifiedCredentials, aging on the wall clock), so the same credentials sent
 * again are answered with the session that login opened, without a key derivation or a write: a burst of parallel
 * requests with Basic credentials costs one of each, not one per request. A remembered login stands only while
 * the user as currently stored still lets it in with no failed attempt since (any failure, block, disabling,
 * password change or removal sends it down the full path again) and its session is alive.
 */
@injectable()
export class RememberedLogins {
  constructor(
    @inject(VerifiedCredentials) private readonly credentials: VerifiedCredentials,
    @inject(LoginSessions) private readonly sessions: LoginSessions,
    @inject(IdentitySnapshots) private readonly snapshots: IdentitySnapshots,
    @inject(Clock) private readonly clock: Clock,
    @inject(WallClock) private readonly wall: WallClock,
  ) {}

  /** The login remembered for exactly these credentials, not yet expired. */
  recall(lab: LabId, username: string, password: string): VerifiedLogin | undefined {
    return this.credentials.find(lab, username, password, this.wall.now());
  }

  /** The session of a remembered login, when the login still stands (see the class). */
  async reuse(lab: LabId, login: VerifiedLogin): Promise<AuthenticatedSession | undefined> {
    const snapshot = this.snapshots.current(lab) ?? (await this.snapshots.of(lab));
    const stored = snapshot.usersById.get(login.userId);
    if (!stored) return undefined;
    const user = stored.at(this.clock.now(), snapshot.loginPolicy);
    const admitted = user.state === 'ACTIVE' || (!login.local && user.state === 'PASSWORD_EXPIRED');
    if (!admitted || user.failedLogins > 0 || (login.local && user.passwordHash !== login.passwordHash))
      return undefined;
    return this.sessions.rejoin(lab, user.id, login.sessionId);
  }

  remember(lab: LabId, username: string, password: string, login: VerifiedLogin): void {
    this.credentials.remember(lab, username, password, login, this.wall.now());
  }

  /** Forgets every remembered login of the user. */
  forget(lab: LabId, userId: string): void {
    this.credentials.forgetUser(lab, userId);
  }

  clear(): void {
    this.credentials.clear();
  }
}
