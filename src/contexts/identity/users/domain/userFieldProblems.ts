import type { ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { ACCOUNT_STATES } from './AccountStates.js';
import { isValidUsername } from './isValidUsername.js';
import { PASSWORD_CHANGE_VALUES } from './PasswordChange.js';
import type { UserAccountProps } from './UserAccountProps.js';

const CONTROL = /[\u0000-\u001f\u007f]/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** What is wrong with the form of a user's own fields: display name, e-mail address, state, password change, username. */
export function userFieldProblems(
  p: Pick<UserAccountProps, 'displayName' | 'emailAddress' | 'state' | 'passwordChange' | 'localUsername'>,
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const add = (field: string, rule: string, message: string) => details.push({ field, rule, message });
  if (p.displayName.trim() === '' || p.displayName.length > 128 || CONTROL.test(p.displayName)) {
    add('displayName', 'length', 'displayName must be 1 to 128 characters without control characters');
  }
  if (
    p.emailAddress.length > 254 ||
    (p.emailAddress !== '' && (!EMAIL.test(p.emailAddress) || CONTROL.test(p.emailAddress)))
  ) {
    add('emailAddress', 'isEmail', 'emailAddress must be empty or an e-mail address');
  }
  if (!(ACCOUNT_STATES as readonly string[]).includes(p.state))
    add('state', 'isIn', `state must be one of ${ACCOUNT_STATES.join(', ')}`);
  if (!(PASSWORD_CHANGE_VALUES as readonly string[]).includes(p.passwordChange)) {
    add('passwordChange', 'isIn', `passwordChange must be one of ${PASSWORD_CHANGE_VALUES.join(', ')}`);
  }
  if (p.localUsername !== undefined && !isValidUsername(p.localUsername)) {
    add(
      'localUsername',
      'username',
      'localUsername must be 1 to 64 characters without whitespace, colon or control characters',
    );
  }
  return details;
}
