import { injectable } from 'inversify';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { Session } from '../../domain/Session.js';
import { SessionRepository } from '../../domain/SessionRepository.js';

/** How many live sessions one user may hold; a client that logs in with Basic on every request without keeping
 * the cookie would otherwise pile up a session per request until they go idle. The least recently used go first. */
export const MAX_SESSIONS_PER_USER = 50;

@injectable()
export class InMemorySessionRepository extends SessionRepository {
  private readonly sessions = new Map<string, Session>();
  private readonly byUser = new Map<string, Set<string>>();

  add(session: Session): void {
    this.sessions.set(session.id, session);
    const key = `${session.lab}\u0000${session.userId}`;
    let ids = this.byUser.get(key);
    if (!ids) this.byUser.set(key, (ids = new Set()));
    ids.add(session.id);
    if (ids.size > MAX_SESSIONS_PER_USER) {
      const oldest = [...ids]
        .map((id) => this.sessions.get(id)!)
        .sort((a, b) => a.lastSeenAt.getTime() - b.lastSeenAt.getTime())[0]!;
      this.remove(oldest.id);
    }
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  touch(id: string, at: Date): void {
    const session = this.sessions.get(id);
    if (session && at.getTime() > session.lastSeenAt.getTime()) this.sessions.set(id, { ...session, lastSeenAt: at });
  }

  remove(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    const key = `${session.lab}\u0000${session.userId}`;
    const ids = this.byUser.get(key);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(key);
  }

  removeAllOf(lab: LabId, userId: string): number {
    return this.removeWhere((session) => session.lab === lab && session.userId === userId);
  }

  removeLab(lab: LabId): number {
    return this.removeWhere((session) => session.lab === lab);
  }

  removeIdleSince(cutoff: Date): number {
    return this.removeWhere((session) => session.lastSeenAt.getTime() < cutoff.getTime());
  }

  clear(): void {
    this.sessions.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.sessions.size;
  }

  private removeWhere(predicate: (session: Session) => boolean): number {
    let removed = 0;
    for (const [id, session] of this.sessions) {
      if (predicate(session)) {
        this.remove(id);
        removed += 1;
      }
    }
    return removed;
  }
}
