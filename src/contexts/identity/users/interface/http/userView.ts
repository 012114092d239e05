import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import { BuiltInRoles } from '../../../roles/domain/BuiltInRoles.js';
import type { UserAccount } from '../../domain/UserAccount.js';

/**
 * CustomUserOptions. The built-in administrator is shown in the real product's reduced form
 * (lastLogin once it has logged in, displayName, enabled). Dates follow the request's dateFormat; a field
 * with no value is left out; blockedUntil shows while the account is blocked. Passwords never appear.
 */
export function userView(user: UserAccount, dates: WireDates): Record<string, unknown> {
  const p = user.snapshot();
  if (p.builtIn) {
    return { ...(p.lastLogin ? { lastLogin: dates.render(p.lastLogin) } : {}), displayName: p.displayName, enabled: user.enabled };
  }
  const builtInRoles = p.roleIds.filter((id) => BuiltInRoles.isBuiltIn(id));
  const view: Record<string, unknown> = {
    id: p.id,
    displayName: p.displayName,
    emailAddress: p.emailAddress,
    enabled: user.enabled,
  };
  if (p.localUsername !== undefined) {
    view['localUserName'] = p.localUsername;
    view['local'] = { name: p.localUsername };
  }
  view['ldapUsers'] = p.ldapUsers.map((link) => ({ name: link.name, ldapAuthorityId: link.ldapAuthorityId }));
  view['roles'] = p.roleIds.filter((id) => !BuiltInRoles.isBuiltIn(id));
  if (builtInRoles.length > 0) view['roleBuiltIns'] = builtInRoles.join(',');
  view['failedLogins'] = p.failedLogins;
  if (p.lastFailedLogin) view['lastFailedLogin'] = dates.render(p.lastFailedLogin);
  if (p.lastLogin) view['lastLogin'] = dates.render(p.lastLogin);
  if (p.state === 'BLOCKED' && p.blockedUntil) view['blockedUntil'] = dates.render(p.blockedUntil);
  return view;
}
