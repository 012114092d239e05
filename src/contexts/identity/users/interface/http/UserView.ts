import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import { BuiltInRoles } from '../../../roles/domain/BuiltInRoles.js';
import type { UserAccount } from '../../domain/UserAccount.js';

/** A user's local login as answered. */
export class LocalLoginView {
  @IsString()
  name!: string;
}

/** A directory login of a user as answered. */
export class LdapUserView {
  @IsString()
  name!: string;

  @IsString()
  ldapAuthorityId!: string;
}

/**
 * CustomUserOptions as users/get and users/add answer it. The built-in administrator comes in the reduced form
 * `{lastLogin?, displayName, enabled}`, so every other member is optional in this one shape; a member with no
 * value is left out. Dates follow the request's dateFormat. Never a password or a hash.
 */
export class UserView {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  displayName!: string;

  @IsOptional()
  @IsString()
  emailAddress?: string;

  @IsBoolean()
  enabled!: boolean;

  /** The local username (the request's `localUsername`). */
  @IsOptional()
  @IsString()
  localUserName?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => LocalLoginView)
  local?: LocalLoginView;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => LdapUserView)
  ldapUsers?: LdapUserView[];

  /** The ids of its custom roles. */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  roles?: string[];

  /** Its built-in role (ADMINISTRATOR or CALL_HISTORY_EXPORTER), when it has one. */
  @IsOptional()
  @IsString()
  roleBuiltIns?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  failedLogins?: number;

  @IsOptional()
  @IsString()
  lastFailedLogin?: string;

  @IsOptional()
  @IsString()
  lastLogin?: string;

  /** While the account is blocked: when the block ends. */
  @IsOptional()
  @IsString()
  blockedUntil?: string;

  /**
   * The answer for `user`. The built-in administrator is shown in the real product's reduced form (lastLogin once
   * it has logged in, displayName, enabled). Dates follow the request's dateFormat; a field with no value is left
   * out; blockedUntil shows while the account is blocked. Passwords never appear.
   */
  static of(user: UserAccount, dates: WireDates): UserView {
    // read through the account's getters: a snapshot copies every list (and the password history) per user
    if (user.builtIn) {
      const lastLogin = user.lastLogin;
      return {
        ...(lastLogin ? { lastLogin: dates.render(lastLogin) } : {}),
        displayName: user.displayName,
        enabled: user.enabled,
      };
    }
    const roleIds = user.roleIds;
    const builtInRoles = roleIds.filter((id) => BuiltInRoles.isBuiltIn(id));
    const view: UserView = {
      id: user.id,
      displayName: user.displayName,
      emailAddress: user.emailAddress,
      enabled: user.enabled,
    };
    const localUsername = user.localUsername;
    if (localUsername !== undefined) {
      view.localUserName = localUsername;
      view.local = { name: localUsername };
    }
    view.ldapUsers = user.ldapUsers.map((link) => ({ name: link.name, ldapAuthorityId: link.ldapAuthorityId }));
    view.roles = builtInRoles.length === 0 ? [...roleIds] : roleIds.filter((id) => !BuiltInRoles.isBuiltIn(id));
    if (builtInRoles.length > 0) view.roleBuiltIns = builtInRoles.join(',');
    view.failedLogins = user.failedLogins;
    if (user.lastFailedLogin) view.lastFailedLogin = dates.render(user.lastFailedLogin);
    if (user.lastLogin) view.lastLogin = dates.render(user.lastLogin);
    if (user.state === 'BLOCKED' && user.blockedUntil) view.blockedUntil = dates.render(user.blockedUntil);
    return view;
  }
}
