import type { LabId } from '../../../../shared/domain/LabId.js';
import type { PasswordPolicy } from './PasswordPolicy.js';

/**
 * Where the rest of identity reads a lab's password policy (the defaults until set). Served by
 * PasswordPolicySetting, over the per-lab settings store; the policy's own use cases use that for versions.
 */
export abstract class PasswordPolicyRepository {
  abstract get(lab: LabId): Promise<PasswordPolicy>;
}
