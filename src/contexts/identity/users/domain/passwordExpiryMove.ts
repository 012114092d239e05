import type { LoginPolicy } from '../../policies/domain/LoginPolicy.js';
import type { AccountState } from './AccountStates.js';
import type { UserAccountProps } from './UserAccountProps.js';

/**
 * Whether the local password is past the policy's age. Never for directory logins, and never for the built-in
 * administrator: it is the operator's way back in (its password comes from configuration), and an expired
 * administrator could not change its own password through the API.
 */
function passwordExpired(p: UserAccountProps, now: Date, policy: LoginPolicy): boolean {
  if (p.builtIn || !p.loginLocally || !p.passwordChangedAt) return false;
  const expiry = policy.expiryOf(p.passwordChangedAt);
  return expiry !== undefined && expiry.getTime() <= now.getTime();
}

/**
 * The state the password's age moves the account to at `now`: a password past its age expires an active account,
 * an expired password under a relaxed policy is valid again; undefined when the age moves nothing.
 */
export function passwordExpiryMove(p: UserAccountProps, now: Date, policy: LoginPolicy): AccountState | undefined {
  const expired = passwordExpired(p, now, policy);
  if (p.state === 'ACTIVE' && expired) return 'PASSWORD_EXPIRED';
  if (p.state === 'PASSWORD_EXPIRED' && !expired) return 'ACTIVE';
  return undefined;
}
