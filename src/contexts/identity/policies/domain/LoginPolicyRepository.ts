import type { LabId } from '../../../../shared/domain/LabId.js';
import type { LoginPolicy } from './LoginPolicy.js';

export abstract class LoginPolicyRepository {
  /** The lab's login policy; the defaults (version 0) when never set. */
  abstract get(lab: LabId): Promise<LoginPolicy>;
  /** Stores it if nobody saved another version in between; throws StaleVersionError otherwise. */
  abstract save(policy: LoginPolicy): Promise<void>;
}
