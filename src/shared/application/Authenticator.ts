import type { LabId } from '../domain/LabId.js';
import type { Principal } from '../domain/Principal.js';

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
}
