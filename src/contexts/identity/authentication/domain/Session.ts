import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Principal } from '../../../../shared/domain/Principal.js';

/**
 * A server-side login session, named by the JSESSIONID cookie. It keeps the principal it was opened with
 * (roles and role assignments do not change while it lives); it ends when idle for too long, and at once when
 * its user is removed, disabled or blocked.
 */
export interface Session {
  readonly id: string;
  readonly lab: LabId;
  readonly userId: string;
  /** The name the user logged in with. */
  readonly username: string;
  readonly principal: Principal;
  readonly createdAt: Date;
  /**
   * The user's stored local password hash as of the login (salted, so every new password has another): a session
   * outlives no password change, even one made through another process. Never leaves the process.
   */
  readonly passwordHash?: string | undefined;
  readonly lastSeenAt: Date;
}

/** Whether the session has been idle for `idleMs` or longer at `now`. */
export function isIdle(session: Session, now: Date, idleMs: number): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= idleMs;
}
