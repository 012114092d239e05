import type { LabId } from '../../../../shared/domain/LabId.js';
import type { LoginPolicy } from './LoginPolicy.js';

/**
 * Where the rest of identity reads a lab's login policy (the defaults until set). Served by LoginPolicySetting,
 * over the per-lab settings store; the policy's own use cases use that for versions.
 */
export abstract class LoginPolicyRepository {
  abstract get(lab: LabId): Promise<LoginPolicy>;
}
