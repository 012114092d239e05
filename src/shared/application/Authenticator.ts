import type { LabId } from '../domain/LabId.js';
import type { Principal } from '../domain/Principal.js';
import { DomainError } from '../domain/DomainError.js';

export interface AuthenticatedSession {
  readonly principal: Principal;
  readonly sessionId: string;
}

/**
 * How the HTTP adapter learns who is calling. The identity context implements it: credentials are checked
 * against the login policy (delays, blocking, expiry), sessions expire when idle.
 * Failures throw a DomainError of kind 'unauthenticated'.
 */
export abstract class Authenticator {
  abstract login(lab: LabId, username: string, password: string): Promise<AuthenticatedSession>;
  /** The session's principal, or undefined when the id is unknown, expired or its user can no longer log in. */
  abstract resume(lab: LabId, sessionId: string): Promise<Principal | undefined>;
  abstract endAllSessions(): void;
  /**
   * The principal of a user another process sharing this store authenticated a moment ago (it forwards the
   * request, signed): the user as stored now, undefined when it no longer exists or may not log in. An
   * authenticator with no store shared between processes trusts nobody else's.
   */
  async vouched(_lab: LabId, _userId: string, _username: string): Promise<Principal | undefined> {
    return undefined;
  }

  /**
   * A session of an active user of the lab, opened without its password and outside the login policy: for gwsim's
   * own work as that user (a scenario's requests as the lab's administrator), never for a client's request.
   */
  openSession(_lab: LabId, _username: string): Promise<AuthenticatedSession> {
    return Promise.reject(
      DomainError.unavailable('SESSIONS_UNAVAILABLE', 'this authenticator cannot open a session without credentials'),
    );
  }
}
