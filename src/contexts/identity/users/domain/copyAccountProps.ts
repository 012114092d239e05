import type { UserAccountProps } from './UserAccountProps.js';

/** A copy of an account's record that shares none of its lists (the directory logins copied field by field). */
export function copyAccountProps(p: UserAccountProps): UserAccountProps {
  return {
    ...p,
    obsoletePasswordHashes: [...p.obsoletePasswordHashes],
    ldapUsers: p.ldapUsers.map((l) => ({ name: l.name, ldapAuthorityId: l.ldapAuthorityId })),
    roleIds: [...p.roleIds],
  };
}
