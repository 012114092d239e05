import { injectable } from 'inversify';
import { AuthenticationError } from '../../src/shared/domain/DomainError.js';
import type { LabId } from '../../src/shared/domain/LabId.js';
import type { PermissionSet } from '../../src/shared/domain/Permission.js';
import type { Principal } from '../../src/shared/domain/Principal.js';
import { Authenticator, type AuthenticatedSession } from '../../src/shared/application/Authenticator.js';
import { constantTimeEquals } from '@gwsim/secret-hash';

/**
 * A test double of the identity context for tests of the HTTP adapter alone: a fixed set of users with
 * plain passwords and permissions, sessions in a map.
 */
@injectable()
export class FixedAuthenticator extends Authenticator {
  private readonly sessions = new Map<string, Principal>();
  private counter = 0;

  constructor(private readonly users: Record<string, { password: string; permissions: PermissionSet }>) {
    super();
  }

  async login(lab: LabId, username: string, password: string): Promise<AuthenticatedSession> {
    const user = this.users[username];
    if (!user || !constantTimeEquals(user.password, password))
      throw new AuthenticationError('BAD_CREDENTIALS', 'wrong username or password');
    const principal: Principal = { lab, userId: username, username, permissions: user.permissions };
    const sessionId = `session-${(this.counter += 1)}`;
    this.sessions.set(sessionId, principal);
    return { principal, sessionId };
  }

  async resume(lab: LabId, sessionId: string): Promise<Principal | undefined> {
    const principal = this.sessions.get(sessionId);
    return principal?.lab === lab ? principal : undefined;
  }

  endAllSessions(): void {
    this.sessions.clear();
  }
}
