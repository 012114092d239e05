import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import { PASSWORD_CHANGE_VALUES, type PasswordChange } from '../../domain/PasswordChange.js';

export class LdapAuthenticationDto {
  @IsString()
  name!: string;

  @IsString()
  ldapAuthorityId!: string;
}

/**
 * AddUserData as sent (note `localUsername`; the answer says `localUserName`). Every field may be omitted or
 * null; what a user needs beyond the types (a login method, its name and password) is checked by the domain.
 */
export class AddUserDto {
  @IsOptional()
  @IsString()
  displayName?: string | null;

  @IsOptional()
  @IsString()
  emailAddress?: string | null;

  @IsOptional()
  @IsBoolean()
  enabled?: boolean | null;

  @IsOptional()
  @IsBoolean()
  loginLocally?: boolean | null;

  @IsOptional()
  @IsString()
  localUsername?: string | null;

  @IsOptional()
  @IsString()
  localPassword?: string | null;

  @IsOptional()
  @IsBoolean()
  ldapLogin?: boolean | null;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => LdapAuthenticationDto)
  ldapAuthentications?: LdapAuthenticationDto[] | null;

  @IsOptional()
  @IsIn(PASSWORD_CHANGE_VALUES)
  passwordChange?: PasswordChange | null;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  roleIds?: string[] | null;
}
