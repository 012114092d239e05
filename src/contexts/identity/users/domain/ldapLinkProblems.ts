import type { ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LdapLink } from './LdapLink.js';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** What is wrong with a user's directory logins: each name's form, its authority, and no login listed twice. */
export function ldapLinkProblems(ldapUsers: readonly LdapLink[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const add = (field: string, rule: string, message: string) => details.push({ field, rule, message });
  const links = new Set<string>();
  ldapUsers.forEach((link, index) => {
    if (link.name.trim() === '' || link.name.length > 128 || CONTROL.test(link.name) || link.name.includes(':')) {
      add(
        `ldapAuthentications[${index}].name`,
        'length',
        'a directory login name must be 1 to 128 characters without colon or control characters',
      );
    }
    if (!link.ldapAuthorityId)
      add(`ldapAuthentications[${index}].ldapAuthorityId`, 'notEmpty', 'ldapAuthorityId must not be empty');
    const key = `${link.ldapAuthorityId}\u0000${link.name}`;
    if (links.has(key))
      add(
        `ldapAuthentications[${index}]`,
        'unique',
        `directory login '${link.name}' is listed twice for the same authority`,
      );
    links.add(key);
  });
  return details;
}
