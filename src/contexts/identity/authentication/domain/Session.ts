import type { LabId } from '../../../../shared/domain/LabId.js';

/** A server-side login session, named by the JSESSIONID cookie. It ends when idle for too long. */
export interface Session {
  readonly id: string;
  readonly lab: LabId;
  readonly userId: string;
  /** The name the user logged in with. */
  readonly username: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
}

/** Whether the session has been idle for `idleMs` or longer at `now`. */
export function isIdle(session: Session, now: Date, idleMs: number): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= idleMs;
}
