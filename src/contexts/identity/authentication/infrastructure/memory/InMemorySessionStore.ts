import { injectable } from 'inversify';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { Session } from '../../domain/Session.js';
import { SessionStore } from '../../domain/SessionStore.js';

@injectable()
export class InMemorySessionStore extends SessionStore {
  private readonly sessions = new Map<string, Session>();

  add(session: Session): void {
    this.sessions.set(session.id, session);
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  touch(id: string, at: Date): void {
    const session = this.sessions.get(id);
    if (session && at.getTime() > session.lastSeenAt.getTime()) this.sessions.set(id, { ...session, lastSeenAt: at });
  }

  remove(id: string): void {
    this.sessions.delete(id);
  }

  removeAllOf(lab: LabId, userId: string): number {
    return this.removeWhere((session) => session.lab === lab && session.userId === userId);
  }

  removeIdleSince(cutoff: Date): number {
    return this.removeWhere((session) => session.lastSeenAt.getTime() < cutoff.getTime());
  }

  clear(): void {
    this.sessions.clear();
  }

  get size(): number {
    return this.sessions.size;
  }

  private removeWhere(predicate: (session: Session) => boolean): number {
    let removed = 0;
    for (const [id, session] of this.sessions) {
      if (predicate(session)) {
        this.sessions.delete(id);
        removed += 1;
      }
    }
    return removed;
  }
}
