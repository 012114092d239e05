import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';

export class PasswordPolicyBlacklistItemDto {
  @IsString()
  value!: string;
}

/** A whole PasswordPolicy: every field is required except blacklist (omitted or null: empty). Bounds are checked by the domain. */
export class PasswordPolicyDto {
  @IsInt() minLength!: number;
  @IsInt() maxLength!: number;
  @IsInt() minDigits!: number;
  @IsInt() minCharacters!: number;
  @IsInt() minLowerCase!: number;
  @IsInt() minUpperCase!: number;
  @IsInt() minSpecial!: number;
  @IsInt() constraintAreas!: number;
  @IsBoolean() patterns!: boolean;

  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => PasswordPolicyBlacklistItemDto)
  blacklist?: PasswordPolicyBlacklistItemDto[] | null;

  @IsBoolean() addUsernameToBlacklist!: boolean;
}
