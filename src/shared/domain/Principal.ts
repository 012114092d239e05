import type { LabId } from './LabId.js';
import type { PermissionSet } from './Permission.js';

/** Who is calling: the authenticated user of one lab and the union of its roles' permissions. */
export interface Principal {
  readonly lab: LabId;
  readonly userId: string;
  readonly username: string;
  readonly permissions: PermissionSet;
}
