import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Principal } from '../../../../shared/domain/Principal.js';
import type { AuthenticatedSession } from '../../../../shared/application/Authenticator.js';
import { WallClock } from '../../../clock/index.js';
import { IdentitySettings } from '../../IdentitySettings.js';
import { IdentitySnapshots } from '../../users/application/IdentitySnapshots.js';
import { isIdle } from '../domain/Session.js';
import { SessionRepository } from '../domain/SessionRepository.js';

const SWEEP_INTERVAL_MS = 60_000;

/**
 * The login sessions: opened with the principal of the login, resumed by id, ended when idle for
 * sessionIdleMinutes (the idle ones are swept when a session opens, at most once a minute). Sessions live in
 * memory and age on the wall clock: a lab clock moved forward signs nobody out. Resuming one touches no store;
 * the sessions of a user end at once when it is removed, disabled or blocked (EndSessionsOn… subscribers).
 */
@injectable()
export class LoginSessions {
  private lastSweep = 0;

  constructor(
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(WallClock) private readonly wall: WallClock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(IdentitySettings) private readonly settings: IdentitySettings,
    @inject(IdentitySnapshots) private readonly snapshots: IdentitySnapshots,
  ) {}

  private get idleMs(): number {
    return this.settings.sessionIdleMinutes * 60_000;
  }

  /** Opens a session of `principal`, logged in as `username` with the stored password hash `passwordHash`; answers its id. */
  open(lab: LabId, username: string, principal: Principal, passwordHash: string | undefined): string {
    const at = this.wall.now();
    this.sweep(at);
    const sessionId = this.ids.token();
    this.sessions.add({
      id: sessionId,
      lab,
      userId: principal.userId,
      username,
      principal,
      createdAt: at,
      lastSeenAt: at,
      passwordHash,
    });
    return sessionId;
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
    const snapshot = this.snapshots.current(lab) ?? (await this.snapshots.of(lab));
    const user = snapshot.usersById.get(session.userId);
    if (!user || user.state === 'BLOCKED' || user.state === 'DISABLED' || user.passwordHash !== session.passwordHash) {
      this.sessions.remove(sessionId);
      return undefined;
    }
    this.sessions.touch(sessionId, now);
    return session.principal;
  }

  /** The session `sessionId` of the user, still alive, taken up again (undefined when it ended). */
  rejoin(lab: LabId, userId: string, sessionId: string): AuthenticatedSession | undefined {
    const now = this.wall.now();
    const session = this.sessions.get(sessionId);
    if (!session || session.lab !== lab || session.userId !== userId || isIdle(session, now, this.idleMs))
      return undefined;
    this.sessions.touch(session.id, now);
    return { principal: session.principal, sessionId: session.id };
  }

  end(sessionId: string): void {
    this.sessions.remove(sessionId);
  }

  endAll(): void {
    this.sessions.clear();
  }

  private sweep(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now.getTime();
    this.sessions.removeIdleSince(new Date(now.getTime() - this.idleMs));
  }
}
