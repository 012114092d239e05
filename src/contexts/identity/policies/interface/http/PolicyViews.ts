import { responseShape } from '../../../../../shared/interface/http/fieldShapes.js';
import { LOGIN_POLICY_FIELDS } from '../../domain/LoginPolicy.js';
import { PASSWORD_POLICY_FIELDS } from '../../domain/PasswordPolicy.js';

export const PasswordPolicyView = responseShape('PasswordPolicy', PASSWORD_POLICY_FIELDS);

export const LoginPolicyView = responseShape('LoginPolicy', LOGIN_POLICY_FIELDS);

export type PasswordPolicyView = InstanceType<typeof PasswordPolicyView>;

export type LoginPolicyView = InstanceType<typeof LoginPolicyView>;
