import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { UserAccount } from '../domain/UserAccount.js';
import type { UserRepository } from '../domain/UserRepository.js';

/**
 * The user `key` names: its id, else its local username, else its display name when exactly one user has it.
 * Throws USER_NOT_FOUND (404) or AMBIGUOUS_USER (409). Works inside the caller's unit of work.
 */
export async function findUser(users: UserRepository, lab: LabId, key: string): Promise<UserAccount> {
  const found = (await users.byId(lab, key)) ?? (await users.byLocalUsername(lab, key));
  if (found) return found;
  const named = (await users.list(lab)).filter((user) => user.displayName === key);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    throw DomainError.conflict(
      'AMBIGUOUS_USER',
      `${named.length} users are named '${key}'; name the user by id or local username`,
    );
  }
  throw DomainError.notFound('User', key);
}
