import type { LabId } from '../../../../shared/domain/LabId.js';
import type { PasswordPolicy } from './PasswordPolicy.js';

export abstract class PasswordPolicyRepository {
  /** The lab's password policy; the defaults (version 0) when never set. */
  abstract get(lab: LabId): Promise<PasswordPolicy>;
  /** Stores it if nobody saved another version in between; throws StaleVersionError otherwise. */
  abstract save(policy: PasswordPolicy): Promise<void>;
}
