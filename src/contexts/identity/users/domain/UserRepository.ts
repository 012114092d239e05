import type { LabId } from '../../../../shared/domain/LabId.js';
import type { UserAccount } from './UserAccount.js';

export abstract class UserRepository {
  /** The lab's users in the order they were added. */
  abstract list(lab: LabId): Promise<UserAccount[]>;
  abstract byId(lab: LabId, id: string): Promise<UserAccount | undefined>;
  abstract byLocalUsername(lab: LabId, username: string): Promise<UserAccount | undefined>;
  /** Users with a directory login of that name (in any authority). */
  abstract byDirectoryName(lab: LabId, name: string): Promise<UserAccount[]>;
  /** Users holding the role. */
  abstract withRole(lab: LabId, roleId: string): Promise<UserAccount[]>;
  /**
   * Inserts a new account (version 0) or updates one still at the version it was read with; throws
   * StaleVersionError otherwise, and a USERNAME_TAKEN conflict when another account has its local username.
   */
  abstract save(user: UserAccount): Promise<void>;
  /** Deletes the account if it is still at the version read; throws StaleVersionError otherwise. */
  abstract remove(user: UserAccount): Promise<void>;
}
