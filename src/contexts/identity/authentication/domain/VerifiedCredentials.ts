import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Principal } from '../../../../shared/domain/Principal.js';

/** What a login that passed leaves behind for the next requests with the same credentials. */
export interface VerifiedLogin {
  readonly userId: string;
  /** The stored hash the password was checked against (undefined for a directory login): a new password drops it. */
  readonly passwordHash: string | undefined;
  readonly local: boolean;
  readonly principal: Principal;
  readonly sessionId: string;
}

/**
 * Credentials that passed a full login a moment ago, so a client sending HTTP Basic on every request without
 * keeping the cookie does not pay a key derivation each time. Never holds a password, nor anything a password
 * can be recovered from cheaply; only successes are kept, for a short time, and a user's entries go at once when
 * its password, state or roles change or it is removed.
 */
export abstract class VerifiedCredentials {
  /** The login verified for exactly these credentials and not yet expired at `now`; compared in constant time. */
  abstract find(lab: LabId, username: string, password: string, now: Date): VerifiedLogin | undefined;
  abstract remember(lab: LabId, username: string, password: string, login: VerifiedLogin, now: Date): void;
  /** Forgets every entry of the user. */
  abstract forgetUser(lab: LabId, userId: string): void;
  /** Forgets every entry of the lab (a role went away). */
  abstract forgetLab(lab: LabId): void;
  abstract clear(): void;
  abstract get size(): number;
}
