import { requestShape } from '../../../../../shared/interface/http/fieldShapes.js';
import { LOGIN_POLICY_FIELDS } from '../../domain/LoginPolicy.js';
import { PASSWORD_POLICY_FIELDS } from '../../domain/PasswordPolicy.js';

/**
 * The policies on the wire, made from their field lists: `PasswordPolicyDto`/`LoginPolicyDto` validate a set's
 * body (types as sent; bounds and cross-field rules are the domain's), `PasswordPolicy`/`LoginPolicy` describe
 * the answers (the specification's names; every field present).
 */
export const PasswordPolicyDto = requestShape('PasswordPolicy', PASSWORD_POLICY_FIELDS);

export const LoginPolicyDto = requestShape('LoginPolicy', LOGIN_POLICY_FIELDS);
