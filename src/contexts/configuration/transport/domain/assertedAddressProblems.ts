import type { ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { uriProblem, type UriScheme } from '../../graph/domain/SipUri.js';
import type { AssertedAddress } from './AssertedAddress.js';

const ASSERTED: readonly UriScheme[] = ['sip', 'sips', 'tel'];

/** What is wrong with an asserted identity (named `field` in the details); nothing when there is none. */
export function assertedAddressProblems(asserted: AssertedAddress | undefined, field: string): ErrorDetail[] {
  if (!asserted) return [];
  const problems: ErrorDetail[] = [];
  const uri = uriProblem(asserted.uri, `${field}.uri`, ASSERTED);
  if (uri) problems.push(uri);
  if (asserted.displayName.length > 255 || /["\\\u0000-\u001f]/.test(asserted.displayName)) {
    problems.push({
      field: `${field}.displayName`,
      rule: 'displayName',
      message: `${field}.displayName must be at most 255 characters without quotes, backslashes or control characters`,
    });
  }
  return problems;
}
