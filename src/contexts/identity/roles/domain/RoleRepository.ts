import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Role } from './Role.js';

/** The custom roles of each lab (built-in roles live in code, see BuiltInRoles). */
export abstract class RoleRepository {
  /** The lab's custom roles in the order they were added. */
  abstract list(lab: LabId): Promise<Role[]>;
  abstract byId(lab: LabId, id: string): Promise<Role | undefined>;
  abstract byDisplayName(lab: LabId, displayName: string): Promise<Role | undefined>;
  /**
   * Stores a new role (version 0). Throws StaleVersionError when a role with that id exists and a conflict
   * ROLE_DISPLAY_NAME_TAKEN when another role has that display name.
   */
  abstract add(role: Role): Promise<void>;
  /** Removes the role if it is still at the version read; throws StaleVersionError otherwise. */
  abstract remove(role: Role): Promise<void>;
}
